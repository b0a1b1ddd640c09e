// Grammar damage of the embedded engine, judged by a parser that is not ours: the CMU Link Grammar
// parser (Debian package link-grammar, CLI link-parser). Two kinds of restyle (changes.mjs): every
// development AI input toward every development author, and each author's held-out files (22–30)
// toward the next author. Each changed sentence is paired with the input sentence(s) it came from
// and every sentence is parsed with null links allowed: link-parser reports the fewest words it has
// to leave unlinked (the null count; 0 means a complete linkage). A changed sentence is
// - newly worse when its null count is above its source's (a join: above the sum of its two
//   sources'; a split: each half against the whole source), so a sentence whose source already
//   failed to parse is judged too;
// - newly unparsable when it has no complete linkage while every source had one (the older figure).
// A sentence link-parser gave up on (timeout) makes its pair unknown, counted apart, not as damage.
// Run: npm run build && node bench/style/grammar.mjs [--json out.json]
import '../support/node-version.mjs';
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { restyles } from './changes.mjs';

const KINDS = {
  ai: { label: 'AI inputs', timeout: 10 },
  // Literary sentences run past 100 words; a lower timeout keeps the run short (a few unknowns).
  literary: { label: 'Literary prose', timeout: 5 },
};
const PROCESSES = Math.min(availableParallelism(), 4);
// link-parser 5.12 reads lines of up to 2046 bytes and stops reading at a longer one.
const MAX_LINE_BYTES = 2000;
// A marker line before each sentence: setting the display width (unused with graphics off) makes
// link-parser print "width set to N", which says whose output follows, whatever the sentence holds.
const MARKER_BASE = 1_000_000;
const markerOf = (index) => `!width=${MARKER_BASE + index}`;
const MARKER_ECHO = /^width set to (\d+)$/;

/**
 * The settings line by line. Batch mode never retries a sentence with null links, so it is off
 * (with graphics off, only the echo and the statistics line are printed); no panic parse, whose
 * looser rules give counts not comparable with the others.
 */
const settingsOf = (timeout) => [
  '!batch=0',
  '!null=1',
  '!panic=0',
  '!graphics=0',
  '!echo=1',
  '!verbosity=1',
  `!timeout=${timeout}`,
];

/** A sentence as one input line, led by a space so that a leading '!' (command) or '%' (comment) stays text. */
const lineOf = (sentence) => ` ${sentence.replace(/\s+/g, ' ').trim()}`;

/** Runs one link-parser process over the lines; resolves with its standard output. */
function runLinkParser(lines, timeout) {
  const input = [...settingsOf(timeout), ...lines.flatMap((line, i) => [markerOf(i), line]), markerOf(lines.length)];
  return new Promise((resolve, reject) => {
    const child = spawn('link-parser', ['en'], {
      env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' },
      stdio: ['pipe', 'pipe', 'ignore'],
      // Each sentence is bounded by !timeout; this only guards against a hung process.
      timeout: (lines.length * timeout * 3 + 60) * 1000,
    });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.on('error', (error) =>
      reject(new Error(`link-parser did not run (apt-get install link-grammar): ${error.message}`)),
    );
    // A killed process leaves the sentences it did not reach without output: they come out unknown.
    child.on('close', () => resolve(stdout));
    child.stdin.on('error', () => {}); // a process that died early is reported by its missing output
    child.stdin.end(`${input.join('\n')}\n`);
  });
}

/** The output lines of each input line, by the marker printed before it. */
function blocksOf(stdout, count) {
  const blocks = Array.from({ length: count }, () => []);
  let current;
  for (const line of stdout.split('\n')) {
    const marker = MARKER_ECHO.exec(line);
    if (marker) current = blocks[Number(marker[1]) - MARKER_BASE];
    else current?.push(line);
  }
  return blocks;
}

/** The null count in one sentence's output, or undefined when link-parser gave up or printed none. */
function nullCountOf(block, line) {
  if (block[0] !== line) return undefined; // not the echo of this sentence: misaligned, not judged
  if (block.some((text) => text === 'Timer is expired!' || text === 'Memory is exhausted!')) return undefined;
  // "Found 6 linkages (6 had no P.P. violations) at null count 2"; no "at null count" means 0.
  const statistics = block.find((text) => text.startsWith('Found ') || text.startsWith(' at null count '));
  if (statistics === undefined) return undefined;
  const nulls = / at null count (\d+)$/.exec(statistics);
  return nulls ? Number(nulls[1]) : 0;
}

/** The null count of each sentence (undefined: unknown), from a few link-parser processes in parallel. */
async function nullCounts(sentences, timeout) {
  const unique = [...new Set(sentences)];
  const parsable = unique
    .filter((sentence) => Buffer.byteLength(lineOf(sentence)) <= MAX_LINE_BYTES)
    .sort((a, b) => b.length - a.length);
  // Longest first, dealt round-robin: the slow long sentences are shared out evenly between the processes.
  const batches = Array.from({ length: PROCESSES }, (_, b) => parsable.filter((_, i) => i % PROCESSES === b));
  const counts = new Map(unique.map((sentence) => [sentence, undefined]));
  await Promise.all(
    batches.map(async (batch) => {
      const lines = batch.map(lineOf);
      const blocks = blocksOf(await runLinkParser(lines, timeout), lines.length);
      batch.forEach((sentence, i) => counts.set(sentence, nullCountOf(blocks[i], lines[i])));
    }),
  );
  return counts;
}

/** One changed sentence judged by its and its sources' null counts. */
function judge(change, counts) {
  const output = counts.get(change.output);
  const sources = change.sources.map((source) => counts.get(source));
  if (change.sources.length === 0) return { verdict: 'unmatched', output, sources };
  if (output === undefined || sources.includes(undefined)) return { verdict: 'unknown', output, sources };
  const before = sources.reduce((sum, nulls) => sum + nulls, 0);
  const verdict = output > before ? 'worse' : output < before ? 'better' : 'same';
  return { verdict, output, sources, unparsable: output > 0 && before === 0, imperfectSource: before > 0 };
}

/** What the report keeps of a judged pair. */
const reportedOf = ({ author, input, sources, output, nulls, unparsable }) => ({
  author,
  input,
  sources,
  output,
  nulls,
  unparsable,
});

/** The restyles of one kind, every changed sentence parsed and judged. */
async function measure(kind) {
  const runs = restyles(kind);
  const pairs = runs.flatMap((run) =>
    run.changes.map((change) => ({ author: run.author, input: run.input, ...change })),
  );
  const { timeout } = KINDS[kind];
  const started = performance.now();
  const counts = await nullCounts(
    pairs.flatMap((pair) => [pair.output, ...pair.sources]),
    timeout,
  );
  const parseSeconds = Math.round((performance.now() - started) / 1000);
  const judged = pairs.map((pair) => {
    const { verdict, output, sources, unparsable = false, imperfectSource = false } = judge(pair, counts);
    return { ...pair, verdict, unparsable, imperfectSource, nulls: { sources, output } };
  });
  const withVerdict = (...verdicts) => judged.filter((pair) => verdicts.includes(pair.verdict));
  return {
    kind,
    restyles: runs.length,
    sentencesParsed: counts.size,
    parseSeconds,
    timeout,
    changed: pairs.length,
    judged: withVerdict('worse', 'better', 'same').length,
    // Judged only with null counts: the older figure skipped a sentence whose source had no complete linkage.
    judgedFromImperfectSource: judged.filter((pair) => pair.imperfectSource).length,
    newlyUnparsable: judged.filter((pair) => pair.unparsable).length,
    newlyWorse: withVerdict('worse').length,
    fewerNulls: withVerdict('better').length,
    unknown: withVerdict('unknown').length,
    unmatched: withVerdict('unmatched').length,
    flagged: withVerdict('worse').map(reportedOf),
    unknownPairs: withVerdict('unknown').map(reportedOf),
  };
}

/** The report of one kind: the counts, then each newly worse pair. */
function print(result) {
  console.log(
    `\n${KINDS[result.kind].label} (${result.restyles} restyles): ${result.changed} changed sentences, ` +
      `${result.judged} judged (${result.judgedFromImperfectSource} from a source without a complete linkage), ` +
      `${result.newlyUnparsable} newly unparsable, ` +
      `${result.newlyWorse} newly worse by null count, ${result.unknown} unknown (link-parser timed out), ` +
      `${result.unmatched} without a clear source; ${result.fewerNulls} with fewer null links than their source. ` +
      `${result.sentencesParsed} sentences parsed in ${result.parseSeconds} s ` +
      `(${PROCESSES} processes, timeout ${result.timeout} s).`,
  );
  for (const pair of result.flagged) {
    const label = pair.unparsable ? 'newly unparsable' : 'newly worse';
    console.log(`\n[${pair.author}, ${pair.input}] ${label}`);
    pair.sources.forEach((source, i) => console.log(`  in  (${pair.nulls.sources[i]}): ${source}`));
    console.log(`  out (${pair.nulls.output}): ${pair.output}`);
  }
}

/** The commit measured, for the report (undefined outside a git checkout). */
function commitOf() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return undefined;
  }
}

const commit = commitOf();
const results = [];
for (const kind of Object.keys(KINDS)) {
  const result = await measure(kind);
  print(result);
  results.push(result);
}
const jsonAt = process.argv.indexOf('--json');
if (jsonAt > 0) writeFileSync(process.argv[jsonAt + 1], JSON.stringify({ commit, kinds: results }, null, 2));
