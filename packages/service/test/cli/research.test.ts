/**
 * The research commands come from the optional @styler-dev/research: the service never imports it
 * statically, and without it a research command says how to install it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { memoryIo as io } from '../../../../test-support/memory-io.js';
import { main } from '../../src/cli/main.js';
import { RESEARCH_COMMAND_NAMES, type ImportResearch } from '../../src/cli/research.js';

const SERVICE = fileURLToPath(new URL('../..', import.meta.url));

/** Every source file of the service package (its library, CLI, bin and web console). */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** A load of @styler-dev/research that fails as Node's does when the package is not installed. */
const notInstalled: ImportResearch = () =>
  Promise.reject(
    Object.assign(new Error("Cannot find package '@styler-dev/research' imported from /app/dist/cli/research.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    }),
  );

const HINT =
  'the research commands come from @styler-dev/research, which is not installed: in a clone of Styler, npm pack -w packages/research, then npm install ./styler-dev-research-*.tgz';

describe('the service and @styler-dev/research', () => {
  const files = ['src', 'bin', 'console/src'].flatMap((folder) => sourceFiles(join(SERVICE, folder)));

  it('reads the sources it checks', () => {
    expect(files.some((file) => file.endsWith(join('src', 'cli', 'main.ts')))).toBe(true);
  });

  it.each(files.map((file) => [file.slice(SERVICE.length)]))('%s imports no research code statically', (file) => {
    const text = readFileSync(join(SERVICE, file), 'utf8');
    // Static imports and re-exports, and literal dynamic imports (TypeScript would resolve those).
    expect(text).not.toMatch(/(from|import)\s*\(?\s*['"]@styler-dev\/research/);
    expect(text).not.toMatch(/['"][./]*\/research\/(src|dist)\//);
  });

  it('does not depend on @styler-dev/research (an optional peer only)', () => {
    const manifest = JSON.parse(readFileSync(join(SERVICE, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, unknown> | undefined
    >;
    expect(manifest.dependencies?.['@styler-dev/research']).toBeUndefined();
    expect(manifest.peerDependenciesMeta?.['@styler-dev/research']).toEqual({ optional: true });
  });
});

describe('a research command without @styler-dev/research', () => {
  it.each(
    RESEARCH_COMMAND_NAMES.flatMap((name) => [
      [name, '--out'],
      [name, '--help'],
    ]),
  )('styler %s %s prints how to install it and exits 2', async (name, flag) => {
    const memory = io();
    const code = await main([name, flag, 'out'], memory.io, { importResearch: notInstalled });
    expect(code).toBe(2);
    expect(memory.err()).toBe(`styler ${name}: ${HINT}\n`);
    expect(memory.out()).toBe('');
  });

  it('reports a missing dependency of the package as that, not as the package missing', async () => {
    const memory = io();
    const brokenInstall: ImportResearch = () =>
      Promise.reject(
        Object.assign(new Error("Cannot find package 'vega-lite' imported from /app/research/dist/index.js"), {
          code: 'ERR_MODULE_NOT_FOUND',
        }),
      );
    const code = await main(['corpus', 'a', '--out', 'b'], memory.io, { importResearch: brokenInstall });
    expect(code).toBe(1);
    expect(memory.err()).toBe(
      "styler corpus: Cannot find package 'vega-lite' imported from /app/research/dist/index.js\n",
    );
  });

  it('styler --help still lists the research commands, as coming from @styler-dev/research', async () => {
    const memory = io();
    expect(await main(['--help'], memory.io, { importResearch: notInstalled })).toBe(0);
    const help = memory.out();
    expect(help).toContain('Research commands, from the optional package @styler-dev/research');
    for (const name of RESEARCH_COMMAND_NAMES) expect(help).toContain(`styler ${name} `);
  });
});

describe('with @styler-dev/research installed (the workspace)', () => {
  it('the CLI knows the commands the package provides', async () => {
    const research = (await import('@styler-dev/research')) as { RESEARCH_COMMANDS: Record<string, unknown> };
    expect(Object.keys(research.RESEARCH_COMMANDS).sort()).toEqual([...RESEARCH_COMMAND_NAMES].sort());
  });
});
