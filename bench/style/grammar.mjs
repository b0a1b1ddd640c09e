// Grammar damage of the embedded engine, measured by a parser that is not ours: the CMU Link
// Grammar parser (Debian package link-grammar, CLI link-parser). Every development AI input is
// restyled toward every development author (fit on files 1–21, matchOutputLength true); each
// output sentence that is not an input sentence verbatim is paired with the input sentence(s) it
// came from (word overlap), and it is flagged when link-parser finds no complete linkage for it
// while it finds one for its source(s).
// Run: npm run build && node bench/style/grammar.mjs [--json out.json]
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fitStyle, restyle } from '../../packages/engine/dist/index.js';
import { buildDocument } from '../../packages/engine/dist/style/engine/document.js';
import { joinTokens } from '../../packages/engine/dist/style/text/token.js';
import { authors, readFolder, splitAuthor } from './corpora.mjs';

/** The prose sentences of a text, as text. */
function sentencesOf(text) {
  return buildDocument(text)
    .blocks.filter((block) => block.prose)
    .flatMap((block) => block.sentences.map((sentence) => joinTokens(sentence.tokens).trim()))
    .filter((sentence) => /\p{L}/u.test(sentence));
}

const wordsOf = (sentence) => sentence.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];

/** Dice overlap of two sentences' word multisets. */
function overlap(a, b) {
  const counts = new Map();
  for (const word of wordsOf(a)) counts.set(word, (counts.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of wordsOf(b)) {
    const left = counts.get(word) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(word, left - 1);
    }
  }
  return (2 * shared) / (wordsOf(a).length + wordsOf(b).length || 1);
}

/** The input sentences an output sentence came from: the closest, and the next one too when it was a join. */
function sourcesOf(output, inputs) {
  const ranked = inputs
    .map((input, index) => ({ index, score: overlap(output, input) }))
    .sort((a, b) => b.score - a.score);
  const best = ranked[0];
  if (!best || best.score < 0.3) return [];
  const sources = [inputs[best.index]];
  const second = ranked[1];
  if (second && second.score >= 0.3 && wordsOf(output).length > 1.3 * wordsOf(sources[0]).length)
    sources.push(inputs[second.index]);
  return sources;
}

/**
 * Whether link-parser finds a complete linkage (no null links) for each sentence: one parser
 * process for all of them, each sentence echoed before its verdict.
 */
function parses(sentences) {
  const unique = [...new Set(sentences)];
  // A leading '!' is a parser command and a leading '*' marks an expected failure in batch mode.
  const lines = unique.map((sentence) => sentence.replace(/\s+/g, ' ').replace(/^[!*]+\s*/, ''));
  const input = ['!null=0', '!echo=1', '!verbosity=1', '!timeout=10', ...lines, ''].join('\n');
  const result = spawnSync('link-parser', ['en', '-batch'], {
    input,
    encoding: 'utf8',
    env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw new Error(`link-parser did not run (apt-get install link-grammar): ${result.error.message}`);
  const out = result.stdout.split('\n');
  const verdict = new Map();
  let at = out.findIndex((line) => line.startsWith('timeout set to')) + 1;
  for (let i = 0; i < lines.length; i += 1) {
    while (at < out.length && out[at] !== lines[i]) at += 1;
    const failed = out[at + 1]?.startsWith('+++++ error') ?? false;
    verdict.set(unique[i], !failed);
    at += 1;
  }
  return verdict;
}

const names = authors();
const inputs = readFolder('ai-inputs');
const pairs = [];
for (const name of names) {
  const model = fitStyle(splitAuthor(name).train.map((file) => file.text));
  for (const input of inputs) {
    const output = restyle(input.text, model, { matchOutputLength: true });
    const before = sentencesOf(input.text);
    const seen = new Set(before);
    for (const sentence of sentencesOf(output)) {
      if (seen.has(sentence)) continue;
      pairs.push({ author: name, input: input.file, output: sentence, sources: sourcesOf(sentence, before) });
    }
  }
}
const verdict = parses(pairs.flatMap((pair) => [pair.output, ...pair.sources]));
const flagged = pairs.filter(
  (pair) => pair.sources.length > 0 && pair.sources.every((source) => verdict.get(source)) && !verdict.get(pair.output),
);
const unmatched = pairs.filter((pair) => pair.sources.length === 0).length;

console.log(
  `Link Grammar: ${pairs.length} changed sentences in ${names.length * inputs.length} restyles ` +
    `(${names.length} authors × ${inputs.length} inputs); ${flagged.length} flagged (no complete linkage ` +
    `while the source had one)${unmatched > 0 ? `; ${unmatched} without a clear source, not judged` : ''}.`,
);
for (const pair of flagged) {
  console.log(`\n[${pair.author}, ${pair.input}]`);
  for (const source of pair.sources) console.log(`  in:  ${source}`);
  console.log(`  out: ${pair.output}`);
}
const jsonAt = process.argv.indexOf('--json');
if (jsonAt > 0) {
  writeFileSync(
    process.argv[jsonAt + 1],
    JSON.stringify({ changed: pairs.length, flagged: flagged.length, unmatched, pairs: flagged }, null, 2),
  );
}
