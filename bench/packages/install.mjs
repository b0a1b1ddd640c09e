// What a user gets from `npm install` of each package: packs the workspaces, installs each tarball
// (with the workspace tarballs it depends on) into an empty project with the registry, and reports
// install time, packages, size on disk and where better-sqlite3's binding came from (compiled, or the
// one its package ships since 13). The service is installed twice: as npm 11 does by default (install
// scripts of dependencies not approved) and with better-sqlite3 allowed in `allowScripts`, then
// started to answer /health. The first line names npm and the Node.js that ran it.
// Run: npm run build && node bench/packages/install.mjs
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'styler-install-bench-'));
const tarballs = join(work, 'tarballs');
mkdirSync(tarballs);
const packed = execFileSync(
  'npm',
  [
    'pack',
    '--silent',
    '--pack-destination',
    tarballs,
    '-w',
    '@styler-dev/analytics',
    '-w',
    '@styler-dev/engine',
    '-w',
    'styler',
  ],
  { cwd: ROOT, encoding: 'utf8' },
)
  .trim()
  .split('\n');
const tarball = (prefix) =>
  join(
    tarballs,
    packed.find((file) => file.startsWith(prefix)),
  );

function diskUsage(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) bytes += diskUsage(path);
    else if (entry.isFile()) bytes += statSync(path).size;
  }
  return bytes;
}

function install(label, files, allowScripts) {
  const dir = join(work, label.replace(/\W+/g, '-'));
  mkdirSync(dir);
  const manifest = { name: 'consumer', version: '1.0.0', private: true, type: 'module' };
  if (allowScripts) manifest.allowScripts = { 'better-sqlite3': true };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  const start = performance.now();
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', ...files], {
    cwd: dir,
    stdio: 'pipe',
  });
  const seconds = (performance.now() - start) / 1000;
  const listed = execFileSync('npm', ['ls', '--all', '--parseable'], { cwd: dir, encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(1);
  const binding = join(dir, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  return {
    label,
    dir,
    seconds,
    packages: new Set(listed).size,
    mib: diskUsage(join(dir, 'node_modules')) / 1024 / 1024,
    sqlite: existsSync(join(dir, 'node_modules/better-sqlite3')),
    nativeBuilt: existsSync(binding),
    shipped: existsSync(join(dir, 'node_modules/better-sqlite3/prebuilds')),
  };
}

async function health(dir) {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-install-bench-data-'));
  const child = spawn(process.execPath, [join(dir, 'node_modules/@styler-dev/styler/bin/styler.js'), 'serve'], {
    cwd: dir,
    env: { ...process.env, PORT: '18937', HOST: '127.0.0.1', STYLER_DATA_DIR: dataDir },
  });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      if (child.exitCode !== null) return `exited ${child.exitCode}: ${output.trim().split('\n')[0]}`;
      const response = await fetch('http://127.0.0.1:18937/health').catch(() => undefined);
      if (response) return `GET /health ${response.status}`;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return 'no answer in 20 s';
  } finally {
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const analytics = tarball('styler-dev-analytics-');
const engine = tarball('styler-dev-engine-');
const service = tarball('styler-dev-styler-');
const rows = [
  install('@styler-dev/analytics', [analytics], false),
  install('@styler-dev/engine', [analytics, engine], false),
  install('@styler-dev/styler (npm 11 defaults)', [analytics, engine, service], false),
  install('@styler-dev/styler (better-sqlite3 allowed)', [analytics, engine, service], true),
];
for (const row of rows.slice(2)) row.runs = await health(row.dir);

console.log(
  `npm ${execFileSync('npm', ['-v'], { encoding: 'utf8' }).trim()}, Node ${process.version}; npm cache warm.`,
);
console.log('');
console.log('| Package | Install | Packages | Size on disk | Native build | Service |');
console.log('|---|---:|---:|---:|---|---|');
for (const row of rows) {
  const binding = row.shipped ? "none: better-sqlite3's shipped binding" : 'better-sqlite3 not built';
  const native = row.sqlite ? (row.nativeBuilt ? 'better-sqlite3 compiled' : binding) : 'none';
  console.log(
    `| ${row.label} | ${row.seconds.toFixed(1)} s | ${row.packages} | ${row.mib.toFixed(1)} MiB | ${native} | ${row.runs ?? ''} |`,
  );
}
rmSync(work, { recursive: true, force: true });
