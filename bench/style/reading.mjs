// The reading protocol of the embedded engine: a fixed sample of restyles, every changed sentence
// read beside its source(s) and judged by a reader, the judgements kept in reading-labelled.json.
// Run it after every change to the engine: it counts the judgements per 100 changed sentences and
// lists the changed sentences nobody has read yet (--todo FILE writes them for reading).
//
// Sample: each development AI input toward two authors (input i toward authors i and i + 2), and
// the first three held-out documents (files 22–24) of each author toward the next author: literary
// prose, not only AI text. Models are fit on files 01–21; matchOutputLength true (the default).
//
// Labels, one per changed sentence (the worst that applies):
//   broken         — ungrammatical or a fragment
//   wrong-sense    — a word in the wrong sense or part of speech
//   meaning        — meaning, tense, person, mood or emphasis changed
//   awkward        — grammatical and faithful, but no careful writer would write it
//   fine           — reads as good English that says the same thing
//
// Run: npm run build && node bench/style/reading.mjs [--set dev|check|blind|final|fresh|prose] [--todo todo.json] [--pairs all.json] [--json out.json]
// Before/after: STYLER_ENGINE_DIST=DIR judges another build of the engine on the same sample.
import '../support/node-version.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { restyles } from './changes.mjs';

export const LABELS = ['broken', 'wrong-sense', 'meaning', 'awkward', 'fine'];
const LABELLED = new URL('./reading-labelled.json', import.meta.url);
/** Judgements that count as harm in the goals (broken or meaning-changing). */
const HARM = new Set(['broken', 'wrong-sense', 'meaning']);

/** The key of a judgement: what was read, whatever the engine that produced it. */
export const keyOf = (pair) => `${pair.sources.join(' ‖ ')}\n→ ${pair.output}`;

/**
 * The samples of the protocol: `dev`, read while the rules were made; `check`, other pairs (AI inputs
 * toward authors i + 1 and i + 3; files 25–27 toward the author two ahead), read once after the rules
 * of the first reading were set; `blind`, read once at the end (AI inputs toward author i + 4; files
 * 28–30 toward the author three ahead), to see whether the rules hold on sentences nobody tuned them
 * to; `final`, read once after the blind sample's fixes.
 */
const SAMPLES = {
  dev: { ai: { sample: 2, offset: 0 }, literary: { sample: 3, offset: 0 } },
  check: { ai: { sample: 2, offset: 1 }, literary: { sample: 3, offset: 1 } },
  blind: { ai: { sample: 1, offset: 4 }, literary: { sample: 3, offset: 2 } },
  // Literary only (every AI input was in an earlier sample): training files 10–12 of each author
  // toward the author four ahead, whose model never saw them; read once, after the blind sample's fixes.
  final: { literary: { sample: 3, offset: 3, from: 'train' } },
  // Literary only, read once after issue 33's direction gate and literary fixes: training files
  // 16–18 of each author toward the next author, whose model never saw them.
  fresh: { literary: { sample: 3, offset: 5, from: 'train' } },
  // Read once after the running-prose and capitals rules: each AI input (lists, labels, e-mail
  // headers) toward authors i + 3 and i + 5 as models fit on their held-out files 22–30 (models no
  // rule was tuned with, so outputs nobody read), and training files 19–21 of each author toward
  // the author two ahead (offset 6 of 5 authors), whose model never saw them.
  prose: { ai: { sample: 2, offset: 3, fitOn: 'heldOut' }, literary: { sample: 3, offset: 6, from: 'train' } },
};

/** The changed sentences of one of the protocol's samples, by kind. */
export function readingSample(set = 'dev') {
  const chosen = SAMPLES[set];
  if (chosen === undefined) throw new Error(`--set must be one of ${Object.keys(SAMPLES).join(', ')}`);
  const sample = [
    ...(chosen.ai === undefined ? [] : restyles('ai', chosen.ai)),
    ...restyles('literary', chosen.literary),
  ];
  return sample.flatMap((one) =>
    one.changes.map((change) => ({ kind: one.kind, author: one.author, input: one.input, ...change })),
  );
}

function argument(name) {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

const judged = new Map(JSON.parse(readFileSync(LABELLED, 'utf8')).map((entry) => [keyOf(entry), entry]));
const pairs = readingSample(argument('--set') ?? 'dev');
const todo = [];
const report = {};
for (const kind of ['ai', 'literary']) {
  const ofKind = pairs.filter((pair) => pair.kind === kind);
  const counts = Object.fromEntries(LABELS.map((label) => [label, 0]));
  let read = 0;
  for (const pair of ofKind) {
    const entry = judged.get(keyOf(pair));
    if (entry === undefined) {
      todo.push(pair);
      continue;
    }
    counts[entry.label] += 1;
    read += 1;
  }
  const harm = LABELS.filter((label) => HARM.has(label)).reduce((sum, label) => sum + counts[label], 0);
  report[kind] = {
    changed: ofKind.length,
    read,
    counts,
    per100: Object.fromEntries(LABELS.map((label) => [label, read === 0 ? 0 : (100 * counts[label]) / read])),
    harmPer100: read === 0 ? 0 : (100 * harm) / read,
  };
}

const name = { ai: 'AI-written inputs', literary: 'literary prose (authors toward authors)' };
console.log('| sample | changed | read | ' + LABELS.join(' | ') + ' | broken or meaning-changing per 100 |');
console.log('|---|---:|---:|' + LABELS.map(() => '---:').join('|') + '|---:|');
for (const [kind, one] of Object.entries(report)) {
  const cells = LABELS.map((label) => `${one.counts[label]} (${one.per100[label].toFixed(1)})`);
  console.log(`| ${name[kind]} | ${one.changed} | ${one.read} | ${cells.join(' | ')} | ${one.harmPer100.toFixed(1)} |`);
}
if (todo.length > 0) console.log(`\n${todo.length} changed sentences not read yet (--todo FILE writes them).`);
const pairsFile = argument('--pairs');
if (pairsFile !== undefined) writeFileSync(pairsFile, `${JSON.stringify(pairs, null, 2)}\n`);
const todoFile = argument('--todo');
if (todoFile !== undefined) writeFileSync(todoFile, `${JSON.stringify(todo, null, 2)}\n`);
const jsonFile = argument('--json');
if (jsonFile !== undefined) writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
