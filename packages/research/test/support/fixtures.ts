/** The research tests' sample texts (test/fixtures, see its README). */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { habitText } from '../stylometry/support.js';

/** The text of `test/fixtures/<name>`. */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}

/** Darwin letter `n` (1 to 7), about 450 to 900 words. */
export function darwin(n: number): string {
  return fixture(`darwin-${String(n).padStart(2, '0')}.txt`);
}

/**
 * A temporary folder of two authors in the two habits of `habitText` (alice "A", bob "B"), texts
 * `<seed>.txt` of `length` words each; removed after the calling file's tests.
 */
export function habitFolders(prefix: string, seeds: readonly number[], length = 300): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (const [author, habit] of [
    ['alice', 'A'],
    ['bob', 'B'],
  ] as const) {
    mkdirSync(join(root, author));
    for (const seed of seeds) writeFileSync(join(root, author, `${seed}.txt`), habitText(habit, seed, length));
  }
  return root;
}
