/** The research tests' sample texts (test/fixtures, see its README). */
import { readFileSync } from 'node:fs';

/** The text of `test/fixtures/<name>`. */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}

/** Darwin letter `n` (1 to 7), about 450 to 900 words. */
export function darwin(n: number): string {
  return fixture(`darwin-${String(n).padStart(2, '0')}.txt`);
}
