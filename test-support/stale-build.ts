/**
 * Whether the built code (packages/<name>/dist) is older than its source: pool threads, the CLI and
 * the packaging tests run dist/, so a test run after an edit without a build would test the old
 * code and pass or fail for the wrong reason.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const modified = (path: string): number => (existsSync(path) ? statSync(path).mtimeMs : -Infinity);

/**
 * Each TypeScript source file under `src` whose built .js under `dist` is missing, or older than it
 * while the last build (`.tsbuildinfo`, which tsc -b touches when a source changed in time only) is
 * older too.
 */
export function staleOutputs(packageDir: string): string[] {
  const src = join(packageDir, 'src');
  if (!existsSync(src)) return [];
  const lastBuild = modified(join(packageDir, '.tsbuildinfo'));
  const stale: string[] = [];
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || file.endsWith('.d.ts')) continue;
    const built = modified(join(packageDir, 'dist', file.replace(/\.tsx?$/, '.js')));
    const source = modified(join(src, file));
    if (built === -Infinity || Math.max(built, lastBuild) < source) stale.push(join(src, file));
  }
  return stale;
}

/** The stale sources of every workspace package under `packagesDir`. */
export function staleWorkspace(packagesDir: string): string[] {
  return readdirSync(packagesDir).flatMap((name) => staleOutputs(join(packagesDir, name)));
}
