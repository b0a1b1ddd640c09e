/** The check that keeps vitest from testing an old build (test-support/build-global-setup.ts). */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleOutputs } from '../../../../test-support/stale-build.js';

describe('staleOutputs', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A package with src/a.ts and src/sub/b.ts, built at `builtAt` (seconds), sources written at 1000. */
  function packageBuiltAt(builtAt: number, buildInfoAt?: number): string {
    dir = mkdtempSync(join(tmpdir(), 'stale-build-'));
    for (const [source, built] of [
      ['src/a.ts', 'dist/a.js'],
      ['src/sub/b.ts', 'dist/sub/b.js'],
    ] as const) {
      mkdirSync(join(dir, source, '..'), { recursive: true });
      mkdirSync(join(dir, built, '..'), { recursive: true });
      writeFileSync(join(dir, source), 'export {};\n');
      writeFileSync(join(dir, built), 'export {};\n');
      utimesSync(join(dir, source), 1000, 1000);
      utimesSync(join(dir, built), builtAt, builtAt);
    }
    if (buildInfoAt !== undefined) {
      writeFileSync(join(dir, '.tsbuildinfo'), '{}');
      utimesSync(join(dir, '.tsbuildinfo'), buildInfoAt, buildInfoAt);
    }
    return dir;
  }

  it('finds nothing stale when every output is newer than its source', () => {
    expect(staleOutputs(packageBuiltAt(2000))).toEqual([]);
  });

  it('names the sources edited after the build', () => {
    expect(staleOutputs(packageBuiltAt(500)).map((path) => path.slice(dir.length + 1))).toEqual([
      join('src', 'a.ts'),
      join('src', 'sub', 'b.ts'),
    ]);
  });

  it('takes a later build that only touched its build info (sources changed in time only) as fresh', () => {
    expect(staleOutputs(packageBuiltAt(500, 2000))).toEqual([]);
  });

  it('names a source with no output at all', () => {
    const pkg = packageBuiltAt(2000, 2000);
    rmSync(join(pkg, 'dist', 'a.js'));
    expect(staleOutputs(pkg)).toEqual([join(pkg, 'src', 'a.ts')]);
  });
});
