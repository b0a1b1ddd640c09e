#!/usr/bin/env node
/**
 * Writes verification problems from a folder of authors (one subfolder of .txt files each, at least
 * 30 texts, such as the development corpora) that `styler verify` was never tuned on: per author 16
 * problems, known sets of three texts drawn from its texts 1–15, the questioned text drawn from texts
 * 16–30 of its own (even problems) or of another author (odd problems), seeded. Paths are absolute.
 *
 *   node scripts/verification-problems-corpora.mjs CORPORA OUT.jsonl [--no-authors]
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const [root, out, flag] = process.argv.slice(2);
if (root === undefined || out === undefined) {
  console.error('usage: node scripts/verification-problems-corpora.mjs CORPORA OUT.jsonl [--no-authors]');
  process.exit(2);
}
const texts = (author) =>
  readdirSync(join(root, author))
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => resolve(root, author, name));
const authors = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && texts(entry.name).length >= 30)
  .map((entry) => entry.name)
  .sort();
// A linear congruential generator: the same problems on every machine.
let state = 7;
const random = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
const lines = [];
for (const [k, author] of authors.entries()) {
  const own = texts(author);
  for (let i = 0; i < 16; i += 1) {
    const known = [];
    while (known.length < 3) {
      const text = own[Math.floor(random() * 15)];
      if (!known.includes(text)) known.push(text);
    }
    const same = i % 2 === 0;
    const other = authors[(k + 1 + Math.floor(random() * (authors.length - 1))) % authors.length];
    const unknown = (same ? own : texts(other))[15 + Math.floor(random() * 15)];
    lines.push({ id: `${author}-${i}`, ...(flag !== '--no-authors' && { author }), known, unknown, answer: same });
  }
}
writeFileSync(out, lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
console.log(`wrote ${lines.length} problems of ${authors.length} authors to ${out}`);
