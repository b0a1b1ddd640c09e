// Builds the web console: esbuild bundles src/main.tsx (Preact, JSX) and src/styles.css into
// content-hashed files under dist/console/assets, and writes dist/console/index.html naming them
// (no inline script or style, so the strict Content-Security-Policy holds) and a manifest.
// Run: node packages/service/console/build.mjs (npm run build does).
import { build } from 'esbuild';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'dist', 'console');
await rm(out, { recursive: true, force: true });
await mkdir(join(out, 'assets'), { recursive: true });

const result = await build({
  entryPoints: [join(here, 'src', 'main.tsx'), join(here, 'src', 'styles.css')],
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2022'],
  jsx: 'automatic',
  jsxImportSource: 'preact',
  entryNames: '[name]-[hash]',
  outdir: join(out, 'assets'),
  metafile: true,
  legalComments: 'none',
  logLevel: 'warning',
});

const assets = Object.keys(result.metafile.outputs).map((path) => basename(path));
const script = assets.find((name) => name.endsWith('.js'));
const style = assets.find((name) => name.endsWith('.css'));
if (!script || !style) throw new Error('the console build made no script or style');
const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Styler console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/${style}">
<script type="module" src="/assets/${script}"></script>
</head>
<body>
<div id="app"><noscript>The Styler console needs JavaScript. The API itself is at /v1 (docs/api.md).</noscript></div>
</body>
</html>
`;
await writeFile(join(out, 'index.html'), html);
await writeFile(join(out, 'manifest.json'), `${JSON.stringify({ assets }, null, 2)}\n`);
console.log(`console: ${assets.join(', ')}`);
