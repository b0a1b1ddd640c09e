// Attribution among held-out candidates: does a restyle move a text to its target author, judged by
// Burrows' Delta in a feature space that the style model never saw?
//
// Leave-authors-out, so nothing favours the restyle:
// - the style model the engine restyles toward is fit on the target's training files 01–21 only
//   (modelOf in changes.mjs);
// - the Delta reference (the 150 most frequent words, μ and σ) and every candidate's profile come
//   only from the candidates' held-out files 22–30. When the input is itself a held-out file, it is
//   left out of the reference and of its author's profile (it is judged as an unseen text).
// Candidates: the target plus the other authors (5), and every 4-author set that leaves out one
// author who is neither the target nor the input's source (AI inputs: 4 sets; literary: 3),
// averaged. The reference is built again for each set.
// Inputs: (ai) the 20 AI inputs toward each author; (literary) each author's held-out files toward
// each other author (the source author stays a candidate: how often the output still goes to it).
// Per restyle: attributed to the target before and after; Delta to the target of input and output;
// gap closed = (Δ_in − Δ_out) / (Δ_in − Δ_own), with Δ_own (1) the mean Delta to the target of its
// training files, and (2) the same of its training files cut at sentence ends to the input's length
// (Delta of a short text is larger and noisier; a perfect restyle would arrive there). The share of
// those cuts attributed to the target is the ceiling a perfect restyle could reach at that length.
// Run: npm run build && node bench/style/attribution.mjs [--json out.json] [--markdown]
import '../support/node-version.mjs';
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { countWordForms } from '../../packages/analytics/dist/index.js';
import { modelOf, restyle } from './changes.mjs';
import { authors, readFolder, splitAuthor } from './corpora.mjs';
import { attributorFromCounts, cutToLength, wordFormCount } from './held-out-delta.mjs';

const SETTINGS = [true, false];
const started = performance.now();
const names = authors();
const split = Object.fromEntries(names.map((name) => [name, splitAuthor(name)]));

/** A text to restyle, with its word counts and length (word forms); `source` is its author, if any. */
function inputOf(id, text, source) {
  const counts = countWordForms(text);
  return { id, text, counts, length: wordFormCount(counts), source };
}

/** Held-out files of an author as inputs (also their counts are the Delta reference). */
const heldOut = Object.fromEntries(
  names.map((name) => [name, split[name].heldOut.map((f) => inputOf(`${name}/${f.file}`, f.text, name))]),
);

/** The restyles of a kind: every (input, target) pair; a literary input goes to every author but its own. */
function jobsOf(kind) {
  if (kind === 'ai') {
    const inputs = readFolder('ai-inputs').map((f) => inputOf(`ai-inputs/${f.file}`, f.text, null));
    return names.flatMap((target) => inputs.map((input) => ({ kind, target, input })));
  }
  return names.flatMap((target) =>
    names
      .filter((source) => source !== target)
      .flatMap((source) => heldOut[source].map((input) => ({ kind, target, input }))),
  );
}

/** The candidate sets a restyle is judged among: all authors, and each set without one bystander author. */
function candidateSets(target, source) {
  const bystanders = names.filter((name) => name !== target && name !== source);
  return [names, ...bystanders.map((left) => names.filter((name) => name !== left))];
}

const attributors = new Map();
/** The attributor of a candidate set, from their held-out files without the input itself (cached). */
function attributorFor(candidates, input) {
  const leftOut = input.source ? input.id : '';
  const key = `${candidates.join(',')}|${leftOut}`;
  if (!attributors.has(key)) {
    const countsByAuthor = Object.fromEntries(
      candidates.map((name) => [name, heldOut[name].filter((doc) => doc.id !== leftOut).map((doc) => doc.counts)]),
    );
    attributors.set(key, { key, ...attributorFromCounts(countsByAuthor) });
  }
  return attributors.get(key);
}

const cuts = new Map();
/** The target's training files cut to a length (cached: the same lengths recur across sets and settings). */
function ownCuts(target, length) {
  const key = `${target}|${length}`;
  if (!cuts.has(key))
    cuts.set(
      key,
      cutToLength(
        split[target].train.map((f) => f.text),
        length,
      ),
    );
  return cuts.get(key);
}

const trainCounts = Object.fromEntries(
  names.map((name) => [name, split[name].train.map((f) => countWordForms(f.text))]),
);

/** Mean Delta to the target of some of its own texts, and the share attributed to it. */
function ownReference(attributor, target, texts) {
  const judged = texts.map((counts) => attributor.attribute(counts));
  return {
    delta: mean(judged.map((j) => j.deltas[target])),
    attributed: share(judged, (j) => j.author === target),
    texts: texts.length,
  };
}

const ownReferences = new Map();
/** ownReference cached per attributor, target and which own texts (both settings share them). */
function ownReferenceOf(attributor, target, which, texts) {
  const key = `${attributor.key}|${target}|${which}`;
  if (!ownReferences.has(key)) ownReferences.set(key, ownReference(attributor, target, texts()));
  return ownReferences.get(key);
}

const restyled = new Map();
/** The counts of a restyle's output (cached: each is judged in several candidate sets). */
function outputOf(job, matchOutputLength) {
  const key = `${job.target}|${job.input.id}|${matchOutputLength}`;
  if (!restyled.has(key)) {
    const output = restyle(job.input.text, modelOf(job.target), { matchOutputLength });
    const counts = countWordForms(output);
    restyled.set(key, { counts, length: wordFormCount(counts) });
  }
  return restyled.get(key);
}

/** (Δ_in − Δ_out) / (Δ_in − Δ_own), or null when the input is already as near as the reference. */
function gapClosed(before, after, own) {
  return before > own ? (before - after) / (before - own) : null;
}

/** Everything measured for one restyle among one candidate set. */
function judge(job, matchOutputLength, candidates) {
  const { target, input } = job;
  const attributor = attributorFor(candidates, input);
  const output = outputOf(job, matchOutputLength);
  const before = attributor.attribute(input.counts);
  const after = attributor.attribute(output.counts);
  const own = ownReferenceOf(attributor, target, 'files', () => trainCounts[target]);
  const ownCut = ownReferenceOf(attributor, target, input.length, () => ownCuts(target, input.length));
  return {
    kind: job.kind,
    matchOutputLength,
    target,
    source: input.source,
    input: input.id,
    candidates,
    inputLength: input.length,
    outputLength: output.length,
    before: { author: before.author, deltaToTarget: before.deltas[target] },
    after: { author: after.author, deltaToTarget: after.deltas[target] },
    own,
    ownCut,
    gapClosed: {
      own: gapClosed(before.deltas[target], after.deltas[target], own.delta),
      ownCut: gapClosed(before.deltas[target], after.deltas[target], ownCut.delta),
    },
  };
}

function mean(values) {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function share(items, test) {
  return items.length === 0 ? null : items.filter(test).length / items.length;
}

/** Gap closed over records: the mean of the per-restyle ratios (where there is a gap), and pooled. */
function gapSummary(records, reference) {
  const ratios = records.map((r) => r.gapClosed[reference]).filter((ratio) => ratio !== null);
  const before = mean(records.map((r) => r.before.deltaToTarget));
  const after = mean(records.map((r) => r.after.deltaToTarget));
  const own = mean(records.map((r) => r[reference].delta));
  return { mean: mean(ratios), withGap: ratios.length, pooled: (before - after) / (before - own) };
}

/** The numbers of one group of records (one kind, setting, candidate count, and target or all). */
function summarize(records) {
  const literary = records[0].kind === 'literary';
  return {
    restyles: new Set(records.map((r) => `${r.target}|${r.input}`)).size,
    judgements: records.length,
    toTargetBefore: share(records, (r) => r.before.author === r.target),
    toTargetAfter: share(records, (r) => r.after.author === r.target),
    toSourceBefore: literary ? share(records, (r) => r.before.author === r.source) : null,
    toSourceAfter: literary ? share(records, (r) => r.after.author === r.source) : null,
    ownAttributed: mean(records.map((r) => r.own.attributed)),
    ownCutAttributed: mean(records.map((r) => r.ownCut.attributed)),
    deltaInput: mean(records.map((r) => r.before.deltaToTarget)),
    deltaOutput: mean(records.map((r) => r.after.deltaToTarget)),
    deltaOwn: mean(records.map((r) => r.own.delta)),
    deltaOwnCut: mean(records.map((r) => r.ownCut.delta)),
    gapClosedOwn: gapSummary(records, 'own'),
    gapClosedOwnCut: gapSummary(records, 'ownCut'),
  };
}

/** Summaries keyed kind → setting → candidate count → target (and "all"). */
function summaries(records) {
  const out = {};
  for (const kind of ['ai', 'literary'])
    for (const setting of SETTINGS)
      for (const size of [names.length, names.length - 1]) {
        const group = records.filter(
          (r) => r.kind === kind && r.matchOutputLength === setting && r.candidates.length === size,
        );
        const byTarget = Object.fromEntries(
          [...names, 'all'].map((t) => [t, summarize(group.filter((r) => t === 'all' || r.target === t))]),
        );
        ((out[kind] ??= {})[String(setting)] ??= {})[size] = byTarget;
      }
  return out;
}

const pct = (x) => (x === null ? '–' : `${(100 * x).toFixed(1)} %`);
const both = (a, b) => `${a} / ${b}`;

/** Table rows of one kind: a row per candidate count and target; the two settings side by side. */
function tableOf(kind, summary) {
  const literary = kind === 'literary';
  const header = [
    'candidates',
    'target',
    'restyles',
    'input → target',
    'output → target (true / false)',
    ...(literary ? ['input → source', 'output → source (true / false)'] : []),
    'own cuts → target (ceiling)',
    'gap closed, own files (true / false)',
    'gap closed, own cuts (true / false)',
  ];
  const rows = [];
  for (const size of [names.length, names.length - 1])
    for (const target of [...names, 'all']) {
      const [t, f] = SETTINGS.map((setting) => summary[kind][String(setting)][size][target]);
      rows.push([
        String(size),
        target,
        String(t.restyles),
        pct(t.toTargetBefore),
        both(pct(t.toTargetAfter), pct(f.toTargetAfter)),
        ...(literary ? [pct(t.toSourceBefore), both(pct(t.toSourceAfter), pct(f.toSourceAfter))] : []),
        pct(t.ownCutAttributed),
        both(pct(t.gapClosedOwn.pooled), pct(f.gapClosedOwn.pooled)),
        both(pct(t.gapClosedOwnCut.pooled), pct(f.gapClosedOwnCut.pooled)),
      ]);
    }
  return { header, rows };
}

/** The mean Deltas to the target behind the gaps, among all candidates. */
function deltaTableOf(summary) {
  const header = ['kind', 'target', 'Δ input', 'Δ output (true / false)', 'Δ own files', 'Δ own cuts'];
  const rows = [];
  for (const kind of ['ai', 'literary'])
    for (const target of [...names, 'all']) {
      const [t, f] = SETTINGS.map((setting) => summary[kind][String(setting)][names.length][target]);
      const fixed = (x) => x.toFixed(3);
      rows.push([
        kind,
        target,
        fixed(t.deltaInput),
        both(fixed(t.deltaOutput), fixed(f.deltaOutput)),
        fixed(t.deltaOwn),
        fixed(t.deltaOwnCut),
      ]);
    }
  return { header, rows };
}

/** A table as Markdown, or as aligned columns for the terminal. */
function render({ header, rows }, markdown) {
  if (markdown) {
    const line = (cells) => `| ${cells.join(' | ')} |`;
    const rule = header.map((_, i) => (i < 2 ? '---' : '---:'));
    return [line(header), line(rule), ...rows.map(line)].join('\n');
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/** Which code was measured: the commit, and whether packages/ had uncommitted changes. */
function codeVersion() {
  const commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  const dirty = execSync('git status --porcelain -- packages', { encoding: 'utf8' }).trim() !== '';
  return { commit, uncommittedPackages: dirty };
}

function main() {
  const records = [];
  for (const kind of ['ai', 'literary'])
    for (const job of jobsOf(kind))
      for (const setting of SETTINGS)
        for (const candidates of candidateSets(job.target, job.input.source))
          records.push(judge(job, setting, candidates));
  const summary = summaries(records);
  const seconds = (performance.now() - started) / 1000;
  const version = codeVersion();
  const results = { ...version, seconds, authors: names, restyles: restyled.size, summary, records };

  const jsonAt = process.argv.indexOf('--json');
  if (jsonAt > 0 && process.argv[jsonAt + 1])
    writeFileSync(process.argv[jsonAt + 1], `${JSON.stringify(results, null, 2)}\n`);
  const markdown = process.argv.includes('--markdown');
  const dirty = version.uncommittedPackages ? ' with uncommitted changes under packages/' : '';
  console.log(`Commit ${version.commit}${dirty}; ${restyled.size} restyles, ${seconds.toFixed(1)} s.`);
  for (const kind of ['ai', 'literary']) {
    console.log(`\n${kind === 'ai' ? 'AI inputs' : "Literary: authors' held-out files"} → each author`);
    console.log(render(tableOf(kind, summary), markdown));
  }
  console.log(`\nMean Delta to the target, ${names.length} candidates`);
  console.log(render(deltaTableOf(summary), markdown));
}

main();
