// ROUGE-L throughput: Styler's bit-parallel implementation against the js-rouge package, and the
// 5,000 x 200,000-token case with its peak memory.
//
// Run: npm run build && node bench/rouge.mjs
// Parity with the rouge-score golden files only: node bench/rouge.mjs --parity
// Two texts against 100 references only (qualityAnalytics' ROUGE): node bench/rouge.mjs --pair
//   STYLER_ROUGE_MODULE=/path/to/analytics/rouge/index.js runs that case on another build (before/after).
// Texts: the corpora (STYLER_CORPORA, else ../shared/corpora beside the repository, else samples/corpus),
// cut into word windows.
import './support/node-version.mjs';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as jsRouge from 'js-rouge';
import { defaultCorporaDir } from './support/corpora-dir.mjs';

const rougeModule = await import(
  process.env.STYLER_ROUGE_MODULE ?? '../packages/analytics/dist/metrics/rouge/index.js'
);
const { porterStem, prepareRougeReference, rouge, rougeAgainstReferences, scoreMulti, tokenizeRouge } = rougeModule;

const CORPORA = defaultCorporaDir();
const REFERENCE_COUNT = 100;
const WORDS_PER_TEXT = 1_000;
const WARM_UPS = 3;
const REPEATS = 9;
/** The two-text case is short and noisier: more runs. */
const PAIR_REPEATS = 21;

function corpusWords() {
  const words = [];
  for (const source of readdirSync(CORPORA, { withFileTypes: true })) {
    if (!source.isDirectory()) continue;
    for (const file of readdirSync(join(CORPORA, source.name)).sort()) {
      if (file.endsWith('.txt')) words.push(...readFileSync(join(CORPORA, source.name, file), 'utf8').split(/\s+/));
    }
  }
  return words.filter((word) => word !== '');
}

/** `count` words starting at `start`, wrapping around the corpus. */
function window(words, start, count) {
  const out = [];
  for (let i = 0; i < count; i++) out.push(words[(start + i) % words.length]);
  return out.join(' ');
}

/** Median wall time in ms of `fn` over `repeats` runs, after WARM_UPS runs for the JIT. */
function medianMs(fn, repeats = REPEATS) {
  for (let r = 0; r < WARM_UPS; r++) fn();
  const times = [];
  for (let r = 0; r < repeats; r++) {
    const start = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** Median wall time in ms of `fn(run)` over `repeats` runs after WARM_UPS, `run` counting from 0 across all. */
function medianMsOfRuns(fn, repeats) {
  let run = 0;
  return medianMs(() => fn(run++), repeats);
}

/**
 * qualityAnalytics' ROUGE: two 1,000-word texts scored against the same 100 prepared references of
 * 1,000 words, warm (the same references array every call, so its index is reused) and cold (a fresh
 * structured clone every call, as a pooled worker receives it; cloning is done before timing and shown
 * apart). "related": both texts are cut from inside the span the references cover, so some reference
 * shares a long passage with each (like bench/analytics.mjs, whose texts and references come from the
 * same paragraphs); "unrelated": both come from the corpus words after the last reference, so no
 * reference shares a passage and every rougeL must be computed. For scale: one bare wink-nlp tagging
 * pass over the same two texts (the unit of bench/analytics.mjs's throughput goals).
 */
async function pairAgainstReferences() {
  // Loaded here, not at the top, so that the long cases' child processes keep their own peak RSS.
  const { default: winkNLP } = await import('wink-nlp');
  const { default: winkModel } = await import('wink-eng-lite-web-model');
  const words = corpusWords();
  const references = Array.from({ length: REFERENCE_COUNT }, (_, i) =>
    prepareRougeReference(window(words, i * 1_201, WORDS_PER_TEXT)),
  );
  // Older builds lack rougeAgainstReferencesMany: score the two texts one call each there.
  const scorePair = rougeModule.rougeAgainstReferencesMany
    ? (texts, refs) => rougeModule.rougeAgainstReferencesMany(texts, refs)
    : (texts, refs) => texts.map((text) => rougeAgainstReferences(text, refs));
  const nlp = winkNLP(winkModel);
  const cases = { related: [54_321, 98_765], unrelated: [120_500, 126_000] };
  const textsOf = (starts) => starts.map((start) => window(words, start, WORDS_PER_TEXT));
  // Let the JIT settle on both kinds of input before anything is timed.
  for (let run = 0; run < 20; run++) for (const starts of Object.values(cases)) scorePair(textsOf(starts), references);
  const rows = {};
  for (const [name, starts] of Object.entries(cases)) {
    const texts = textsOf(starts);
    const warm = medianMs(() => scorePair(texts, references), PAIR_REPEATS);
    // A clone per run, so that no run finds the index an earlier one built.
    const clones = Array.from({ length: WARM_UPS + PAIR_REPEATS }, () => structuredClone(references));
    const cold = medianMsOfRuns((run) => scorePair(texts, clones[run]), PAIR_REPEATS);
    const tagging = medianMs(() => {
      for (const text of texts) nlp.readDoc(text).tokens().out(nlp.its.pos);
    }, PAIR_REPEATS);
    rows[name] = { warm, cold, tagging };
  }
  return { rows, cloneMs: medianMs(() => structuredClone(references), PAIR_REPEATS) };
}

async function printPairAgainstReferences() {
  const { rows, cloneMs } = await pairAgainstReferences();
  const f = (ms) => `${ms.toFixed(2)} ms`;
  console.log(
    `Two ${WORDS_PER_TEXT}-word texts vs ${REFERENCE_COUNT} prepared references of ${WORDS_PER_TEXT} words, rouge1+2+L (median of ${PAIR_REPEATS})`,
  );
  for (const [name, row] of Object.entries(rows)) {
    console.log(
      `  ${name}: warm ${f(row.warm)}, cold ${f(row.cold)}; bare wink tagging of the two texts ${f(row.tagging)} (warm / tagging ${(row.warm / row.tagging).toFixed(2)})`,
    );
  }
  console.log(`  structuredClone of the references (not included above): ${f(cloneMs)}`);
}

// js-rouge options that make its ROUGE-L the plain whole-text LCS with rouge-score's tokens, so both
// libraries compute the same number (checked below).
const wholeTextLcs = { segmenter: (text) => [text], tokenizer: (text) => tokenizeRouge(text, true) };

function throughput() {
  const words = corpusWords();
  const prediction = window(words, 54_321, WORDS_PER_TEXT);
  const references = Array.from({ length: REFERENCE_COUNT }, (_, i) => window(words, i * 1_201, WORDS_PER_TEXT));
  const prepared = references.map(prepareRougeReference);

  // The JIT needs more than WARM_UPS calls to settle on this path (the first one also indexes `prepared`).
  for (let run = 0; run < 20; run++) rougeAgainstReferences(prediction, prepared);
  const oursPrepared = medianMs(() => rougeAgainstReferences(prediction, prepared));
  const oursRaw = medianMs(() => {
    for (const reference of references) rouge(reference, prediction, { useStemmer: true });
  });
  const theirsSameLcs = medianMs(() => {
    for (const reference of references) jsRouge.l(prediction, reference, wholeTextLcs);
  });
  const theirsDefault = medianMs(() => {
    for (const reference of references) jsRouge.l(prediction, reference);
  });

  // Both must agree on the F-measure when given the same tokens and one sentence per text.
  let maxDifference = 0;
  for (const reference of references) {
    const ours = rouge(reference, prediction, { useStemmer: true }).rougeL.fmeasure;
    maxDifference = Math.max(maxDifference, Math.abs(ours - jsRouge.l(prediction, reference, wholeTextLcs)));
  }
  return { oursPrepared, oursRaw, theirsSameLcs, theirsDefault, maxDifference };
}

/** Runs in a child process so that its peak RSS belongs to this case alone. */
function longCase(which) {
  const words = corpusWords();
  const target = window(words, 0, 200_000);
  const prediction = window(words, 77_777, 5_000);
  const start = process.hrtime.bigint();
  let fmeasure;
  // Baseline: the same inputs, tokenized twice with stemming, nothing scored (memory of the inputs alone).
  if (which === 'baseline') fmeasure = tokenizeRouge(target, true).length + tokenizeRouge(prediction, true).length;
  else if (which === 'ours-rouge') fmeasure = rouge(target, prediction, { useStemmer: true }).rougeL.fmeasure;
  else if (which === 'ours-prepared') {
    fmeasure = rougeAgainstReferences(prediction, [prepareRougeReference(target)]).rougeL.fmeasure;
  } else fmeasure = jsRouge.l(prediction, target, wholeTextLcs);
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const peakRssMiB = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(JSON.stringify({ which, ms, peakRssMiB, fmeasure }));
}

function runLongCaseInChild(which) {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--long', which], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (child.status !== 0) return { which, error: child.error?.message ?? child.stderr.trim().split('\n').pop() };
  return JSON.parse(child.stdout);
}

const GOLDEN_DIR = fileURLToPath(new URL('../packages/analytics/test/fixtures/reference/', import.meta.url));
const readGolden = (name) =>
  readFileSync(join(GOLDEN_DIR, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));

/** Max |ours - rouge-score| over every precision/recall/F of the listed types. */
function maxError(ours, theirs, types) {
  let max = 0;
  for (const type of types) {
    for (const key of ['precision', 'recall', 'fmeasure'])
      max = Math.max(max, Math.abs(ours[type][key] - theirs[type][key]));
  }
  return max;
}

/** Parity with every golden line: counts, exact matches and the largest absolute error. */
function parity() {
  const all = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'];
  const pairs = readGolden('rouge.jsonl');
  let pairMax = 0;
  let pairExact = 0;
  for (const r of pairs) {
    const error = maxError(rouge(r.target, r.prediction, { useStemmer: r.use_stemmer }), r.scores, all);
    pairMax = Math.max(pairMax, error);
    if (error === 0) pairExact++;
  }
  const multis = readGolden('rouge_multi.jsonl');
  let multiMax = 0;
  let multiIndexMismatches = 0;
  let preparedMax = 0;
  for (const r of multis) {
    const result = scoreMulti(r.targets, r.prediction, { useStemmer: r.use_stemmer });
    multiMax = Math.max(multiMax, maxError(result, r.scores, all));
    for (const type of all) if (result.chosenTargetIndex[type] !== r.chosen_target_index[type]) multiIndexMismatches++;
    if (r.use_stemmer) {
      const prepared = rougeAgainstReferences(r.prediction, r.targets.map(prepareRougeReference));
      preparedMax = Math.max(preparedMax, maxError(prepared, r.scores, ['rouge1', 'rouge2', 'rougeL']));
    }
  }
  const tokens = readGolden('rouge_tokens.jsonl');
  const tokenMismatches = tokens.filter(
    (r) =>
      JSON.stringify(tokenizeRouge(r.text, false)) !== JSON.stringify(r.tokens) ||
      JSON.stringify(tokenizeRouge(r.text, true)) !== JSON.stringify(r.tokens_stemmed),
  ).length;
  const stems = readGolden('porter_stems.jsonl');
  const stemMismatches = stems.filter((r) => porterStem(r.word) !== r.porter_stem).length;
  console.log(
    `rouge.jsonl: ${pairs.length} lines x 12 values, ${pairExact} lines bit-identical, max abs error ${pairMax}`,
  );
  console.log(
    `rouge_multi.jsonl: ${multis.length} lines x 12 values, max abs error ${multiMax}, chosen-target mismatches ${multiIndexMismatches}`,
  );
  console.log(
    `rouge_multi.jsonl via prepareRougeReference + rougeAgainstReferences (stemmed lines): max abs error ${preparedMax}`,
  );
  console.log(`rouge_tokens.jsonl: ${tokens.length} texts x 2 token lists, mismatches ${tokenMismatches}`);
  console.log(`porter_stems.jsonl: ${stems.length} words, mismatches ${stemMismatches}`);
}

if (process.argv[2] === '--long') {
  longCase(process.argv[3]);
} else if (process.argv[2] === '--parity') {
  parity();
} else if (process.argv[2] === '--pair') {
  await printPairAgainstReferences();
} else {
  const result = throughput();
  const f = (ms) => `${ms.toFixed(1)} ms`;
  console.log(
    `ROUGE-L, one ${WORDS_PER_TEXT}-word prediction vs ${REFERENCE_COUNT} references of ${WORDS_PER_TEXT} words (median of ${REPEATS})`,
  );
  console.log(`  styler rougeAgainstReferences (prepared, rouge1+2+L): ${f(result.oursPrepared)}`);
  console.log(`  styler rouge() x${REFERENCE_COUNT} (raw texts, stemmed, all four types): ${f(result.oursRaw)}`);
  console.log(`  js-rouge l() x${REFERENCE_COUNT}, whole-text LCS on the same tokens: ${f(result.theirsSameLcs)}`);
  console.log(
    `  js-rouge l() x${REFERENCE_COUNT}, default options (own tokens, sentence union LCS): ${f(result.theirsDefault)}`,
  );
  console.log(
    `  ratio styler prepared / js-rouge same LCS: ${(result.oursPrepared / result.theirsSameLcs).toFixed(4)}`,
  );
  console.log(`  ratio styler rouge() / js-rouge same LCS: ${(result.oursRaw / result.theirsSameLcs).toFixed(4)}`);
  console.log(`  ratio styler rouge() / js-rouge default: ${(result.oursRaw / result.theirsDefault).toFixed(4)}`);
  console.log(`  max |F(styler) - F(js-rouge)| on the same tokens: ${result.maxDifference}`);
  console.log('5,000-token prediction vs 200,000-token target (one child process each, stemming on)');
  for (const which of ['baseline', 'ours-rouge', 'ours-prepared', 'js-rouge']) {
    const r = runLongCaseInChild(which);
    if (r.error !== undefined) console.log(`  ${which}: failed (${r.error})`);
    else
      console.log(
        `  ${which}: ${f(r.ms)}, peak RSS ${r.peakRssMiB.toFixed(0)} MiB, ${r.which === 'baseline' ? 'tokens' : 'rougeL F'} ${r.fmeasure}`,
      );
  }
  // Last: its clones raise this process's RSS, which child processes would inherit as their peak.
  await printPairAgainstReferences();
}
