// A blind reading sample of the embedded engine on restyles nobody has read or tuned to, for a
// reader with /work/shared/rubrics/harm-by-reading.md: every changed sentence as an item (the pair's
// id, IN: its source sentence(s), OUT: the sentence written), the items of every restyle shuffled
// together, nothing in them saying which engine build, which operation or which benchmark made them.
// The key (which build(s) wrote each item, the input file, the target, the sources apart) is written
// to a separate file for scoring: give the reader `sample.jsonl` and `README.md` only.
//
// Restyles (models fit on each target author's held-out files 22–30, which no rule was tuned with):
// - AI inputs: input i toward authors i + 1 and i + 2 (pairs no reading sample holds with these models);
// - literary prose: the first three training files of each author (01–09, 13–15) that no reading
//   sample and no engine test fixture holds, toward the author three ahead.
// With --before DIR the outputs of another engine build (an earlier commit's packages/engine/dist)
// are mixed in: a sentence both builds wrote is one item, and the key says which wrote it.
//
// Write:  node bench/style/blind-sample.mjs --out bench/style/readings/<date>-blind [--before DIR
//           [--before-commit SHA]] [--seed N]   (writes <out>/sample.jsonl, <out>/README.md, <out>/key.json)
// Score:  node bench/style/blind-sample.mjs --score judgements.jsonl --key <out>/key.json
//         (judgements: one JSON line per item, {"k", "verdict": ok|awkward|broken|meaning, "why"})
import '../support/node-version.mjs';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { changedSentences } from './changes.mjs';
import { authors, readFolder, splitAuthor } from './corpora.mjs';

const VERDICTS = ['ok', 'awkward', 'broken', 'meaning'];
const HARM = new Set(['broken', 'meaning']);
const FIXTURES = new URL('../../packages/engine/test/fixtures/', import.meta.url);
/** Training files some reading sample restyled (reading.mjs: final 10–12, fresh 16–18, prose 19–21). */
const READ_TRAINING = new Set(['10', '11', '12', '16', '17', '18', '19', '20', '21']);
const LITERARY_FILES = 3;
const LITERARY_AHEAD = 3;
const AI_AHEAD = [1, 2];

/** Files of an author that an engine test copies (tests were written against them). */
function fixtureFiles(author) {
  for (const folder of [new URL(`authors/${author}/`, FIXTURES), new URL(`${author}/`, FIXTURES)]) {
    if (existsSync(folder)) return new Set(readdirSync(folder).filter((file) => file.endsWith('.txt')));
  }
  return new Set();
}

/** The restyles of the sample: [{ kind, id, input, target, text }]. */
export function blindPairs() {
  const names = authors();
  const pairs = [];
  readFolder('ai-inputs').forEach((input, i) => {
    for (const ahead of AI_AHEAD) {
      const target = names[(i + ahead) % names.length];
      pairs.push({
        kind: 'ai',
        id: `${target}/${input.file}`,
        input: `ai-inputs/${input.file}`,
        target,
        text: input.text,
      });
    }
  });
  names.forEach((source, i) => {
    const target = names[(i + LITERARY_AHEAD) % names.length];
    const fixtures = fixtureFiles(source);
    const files = splitAuthor(source)
      .train.filter((file) => !READ_TRAINING.has(file.file.slice(0, 2)) && !fixtures.has(file.file))
      .slice(0, LITERARY_FILES);
    for (const file of files)
      pairs.push({
        kind: 'literary',
        id: `${source}/${file.file}->${target}`,
        input: `${source}/${file.file}`,
        target,
        text: file.text,
      });
  });
  return pairs;
}

/** A seeded shuffle (mulberry32), so a sample can be made again from its seed. */
function shuffle(items, seed) {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The engine of a build: its fitStyle and restyle, and each target's model fit on files 22–30. */
async function engineOf(dist) {
  const { fitStyle, restyle } = await import(new URL('index.js', pathToFileURL(`${resolve(dist)}/`)).href);
  const models = new Map();
  const modelOf = (author) => {
    if (!models.has(author)) models.set(author, fitStyle(splitAuthor(author).heldOut.map((file) => file.text)));
    return models.get(author);
  };
  return { restyle: (text, author) => restyle(text, modelOf(author)) };
}

function commitOf(dist) {
  try {
    return execFileSync('git', ['-C', resolve(dist), 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown (not a git checkout)';
  }
}

async function write({ out, before, beforeCommit, seed }) {
  const ownDist = new URL('../../packages/engine/dist/', import.meta.url).pathname;
  const builds = [
    { name: 'after', dist: ownDist, commit: commitOf(ownDist) },
    ...(before ? [{ name: 'before', dist: before, commit: beforeCommit ?? commitOf(before) }] : []),
  ];
  const pairs = blindPairs();
  const items = new Map();
  for (const build of builds) {
    const engine = await engineOf(build.dist);
    for (const pair of pairs) {
      const output = engine.restyle(pair.text, pair.target);
      for (const change of changedSentences(pair.text, output)) {
        const key = `${pair.id}\u0000${change.sources.join('\u0001')}\u0000${change.output}`;
        const item = items.get(key) ?? { pair, sources: change.sources, output: change.output, builds: [] };
        item.builds.push(build.name);
        items.set(key, item);
      }
    }
  }
  const shuffled = shuffle([...items.values()], seed);
  mkdirSync(out, { recursive: true });
  const lines = shuffled.map((item, k) =>
    JSON.stringify({ k, id: item.pair.id, in: item.sources.join(' '), out: item.output }),
  );
  writeFileSync(`${out}/sample.jsonl`, `${lines.join('\n')}\n`);
  writeFileSync(
    `${out}/README.md`,
    [
      '# Blind reading sample',
      '',
      `${shuffled.length} items, one JSON line each in \`sample.jsonl\`: \`k\` (the item's index), \`id\` (the pair:`,
      '"<source>->target" for literary prose, "<target>/<input>" for an AI input toward an author), `in`',
      '(the source sentence or sentences) and `out` (the restyled sentence). Items of all restyles are',
      'shuffled together. Read each with `/work/shared/rubrics/harm-by-reading.md` and write one JSON',
      'line per item: {"id", "k", "verdict": "ok" | "awkward" | "broken" | "meaning", "why"}.',
      '',
      '`key.json` (which engine build wrote each item, and how the restyles were chosen) is for scoring',
      'only: the reader is not given it.',
      '',
    ].join('\n'),
  );
  const key = {
    seed,
    selection: {
      models: "each target author's held-out files 22–30",
      ai: `AI input i toward authors i + ${AI_AHEAD.join(', i + ')} (authors in alphabetical order)`,
      literary: `the first ${LITERARY_FILES} training files of each author not in a reading sample (10–12, 16–21) nor an engine test fixture, toward the author ${LITERARY_AHEAD} ahead`,
      restyles: pairs.map((pair) => pair.id),
    },
    builds: Object.fromEntries(builds.map((build) => [build.name, { commit: build.commit }])),
    items: shuffled.map((item, k) => ({
      k,
      id: item.pair.id,
      kind: item.pair.kind,
      input: item.pair.input,
      target: item.pair.target,
      sources: item.sources,
      output: item.output,
      builds: item.builds,
    })),
  };
  writeFileSync(`${out}/key.json`, `${JSON.stringify(key, null, 2)}\n`);
  const perBuild = Object.fromEntries(
    builds.map((build) => [build.name, shuffled.filter((item) => item.builds.includes(build.name)).length]),
  );
  console.log(
    `${shuffled.length} items (${JSON.stringify(perBuild)}) from ${pairs.length} restyles → ${out}/sample.jsonl; key → ${out}/key.json`,
  );
}

/** Harm and awkward per 100 changed sentences, per kind and build, from a reader's judgements. */
function score({ judgements, key }) {
  const items = JSON.parse(readFileSync(key, 'utf8')).items;
  const verdicts = new Map(
    readFileSync(judgements, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line))
      .map((one) => [Number(one.k), one.verdict]),
  );
  const missing = items.filter((item) => !VERDICTS.includes(verdicts.get(item.k)));
  if (missing.length > 0)
    console.log(
      `${missing.length} items without a verdict (${VERDICTS.join(', ')}): k = ${missing
        .slice(0, 20)
        .map((item) => item.k)
        .join(', ')}`,
    );
  const builds = [...new Set(items.flatMap((item) => item.builds))];
  console.log('| build | kind | changed | harm (broken + meaning) | harm / 100 | awkward / 100 |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const build of builds) {
    for (const kind of ['ai', 'literary']) {
      const read = items.filter((item) => item.kind === kind && item.builds.includes(build) && verdicts.has(item.k));
      const harm = read.filter((item) => HARM.has(verdicts.get(item.k))).length;
      const awkward = read.filter((item) => verdicts.get(item.k) === 'awkward').length;
      const per100 = (count) => (read.length === 0 ? '–' : ((100 * count) / read.length).toFixed(1));
      console.log(`| ${build} | ${kind} | ${read.length} | ${harm} | ${per100(harm)} | ${per100(awkward)} |`);
    }
  }
}

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    before: { type: 'string' },
    'before-commit': { type: 'string' },
    seed: { type: 'string', default: '41' },
    score: { type: 'string' },
    key: { type: 'string' },
  },
});
if (values.score !== undefined) {
  if (values.key === undefined) throw new Error('--score needs --key <the sample key.json>');
  score({ judgements: values.score, key: values.key });
} else {
  if (values.out === undefined) throw new Error('--out <folder> is required (or --score FILE --key FILE)');
  await write({
    out: values.out,
    before: values.before,
    beforeCommit: values['before-commit'],
    seed: Number(values.seed),
  });
}
