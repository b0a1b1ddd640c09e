/**
 * The committed package-lock.json is what `npm install` writes: npm records, for every package with an
 * install script (its own, or the `node-gyp rebuild` npm infers from a binding.gyp), hasInstallScript.
 * A lock without it (better-sqlite3's) is rewritten by the first install of a fresh clone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface LockEntry {
  hasInstallScript?: boolean;
  link?: boolean;
}

/** True when npm runs an install script for the package in `dir` (npm's rule, as in its lock). */
function hasInstallScript(dir: string): boolean {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const scripts = manifest.scripts ?? {};
  if (scripts.preinstall || scripts.install || scripts.postinstall) return true;
  return existsSync(join(dir, 'binding.gyp'));
}

describe('package-lock.json', () => {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };

  it('marks better-sqlite3, which builds from a binding.gyp, as having an install script', () => {
    expect(lock.packages['node_modules/better-sqlite3']?.hasInstallScript).toBe(true);
  });

  it('says hasInstallScript exactly for the installed packages that have one', () => {
    const wrong = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const dir = join(ROOT, path);
      if (!path.includes('node_modules/') || entry.link || !existsSync(join(dir, 'package.json'))) return [];
      return hasInstallScript(dir) === (entry.hasInstallScript === true) ? [] : [path];
    });
    expect(wrong).toEqual([]);
  });
});
