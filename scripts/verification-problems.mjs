#!/usr/bin/env node
/**
 * Writes samples/verification-problems.jsonl, the verification problems of the sample corpus that
 * docs/stylometry.md measures `styler verify` on: for each author's text i (of five), one problem with
 * the author's texts i+1 and i+2 (mod 5) known and text i questioned (same author), and one with the
 * same known texts and the next author's (alphabetically, cyclically) text i questioned (different
 * authors): 40 problems, half of each answer. Paths are relative to samples/. Run from the repository.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const samples = 'samples';
const authors = readdirSync(join(samples, 'corpus')).sort();
const textsOf = (author) =>
  readdirSync(join(samples, 'corpus', author))
    .filter((name) => name.endsWith('.txt'))
    .sort()
    .map((name) => `corpus/${author}/${name}`);

const lines = [];
authors.forEach((author, k) => {
  const texts = textsOf(author);
  const other = textsOf(authors[(k + 1) % authors.length]);
  texts.forEach((questioned, i) => {
    const known = [texts[(i + 1) % texts.length], texts[(i + 2) % texts.length]];
    lines.push({ id: `${author}-${i + 1}-same`, author, known, unknown: questioned, answer: true });
    lines.push({ id: `${author}-${i + 1}-other`, author, known, unknown: other[i % other.length], answer: false });
  });
});
writeFileSync(
  join(samples, 'verification-problems.jsonl'),
  lines.map((line) => JSON.stringify(line)).join('\n') + '\n',
);
console.log(`wrote ${lines.length} problems to ${join(samples, 'verification-problems.jsonl')}`);
