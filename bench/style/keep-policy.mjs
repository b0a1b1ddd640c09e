// Does the keep policy keep an LLM's faithful drafts and keep reversed sentences out? Read from the
// batch files of an LLM bench round (bench/style/llm.mjs --batch-out / --batch-in): every reply to a
// rewrite request (a user message "Rewrite this text…:" followed by the text) is a draft of that
// text. Each draft goes through the keep policy as chooseDraft runs it (repairDraft: suspect
// sentences put back from the input, the draft refused only for a loss no sentence holds), and is
// measured sentence by sentence:
//   as written    the draft passes checkKept unrepaired (the old policy's "kept": one suspect
//                 sentence refused the whole draft);
//   reaching      of the draft's sentences (sentenceSpans per line), the share that stand in the
//                 policy's output verbatim (none when the draft is refused: the input comes back);
//   input back    the share of drafts that the policy refuses even after repair;
//   repaired      sentences put back from the input, per reason;
//   length        with --match-length, the drafts outside the range asked (a preference: it ranks,
//                 never refuses);
// over all drafts and over those a reader judged faithful (--faithful FILE: a JSON array of
// "<custom_id>.<k>"). Reversed: one sentence of each draft, drawn with a seeded generator, has its
// polarity reversed (its first negation removed, else "not" put after its first auxiliary or
// copula); kept out when that sentence is not in the policy's output (repaired, or the draft refused).
// With --seeds N the reversal is drawn again with seeds seed … seed + N − 1 (a different sentence of
// each draft, where it has several), each seed's share and the pooled share printed.
// A faithful sentence kept out, or a reversed one let through, is listed (--verbose).
//
// Run: npm run build && node bench/style/keep-policy.mjs --requests round1.jsonl --answers out1.jsonl
//      [--faithful faithful.json] [--match-length] [--seed 1] [--seeds 1] [--verbose]
import '../support/node-version.mjs';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seededRandom } from '../../packages/research/dist/stylometry/index.js';
import { lengthRange, repairDraft, repairSource } from '../../packages/engine/dist/index.js';
import { cleanRewrite, keptParts, sentenceSpans } from '../../packages/engine/dist/style/candidates/index.js';
import { BatchFileError, readBatchAnswers, readJsonLines } from './llm-batch.mjs';

const REWRITE_MARKER = /^Rewrite this text[^\n]*:\n\n/m;
const NEGATION = /\b(?:not|never|no)\s+|\b(\w+)n['’]t\b/i;
const CONTRACTED_BASE = { ca: 'can', wo: 'will', sha: 'shall' };
const AUXILIARY =
  /\b(is|are|was|were|can|could|will|would|should|must|may|might|do|does|did|has|have|had)\b(?!\s+not\b|n['’]t)/i;

/** The text a request asks to rewrite, or undefined. */
function rewriteInput(body) {
  const last = [...body.messages].reverse().find((message) => message.role === 'user');
  if (body.messages.some((message) => message.role === 'assistant')) return undefined;
  const marker = last && REWRITE_MARKER.exec(last.content);
  return marker ? last.content.slice(marker.index + marker[0].length) : undefined;
}

/** Every (input, draft) of the batch files: the drafts of rewrite requests, by "<custom_id>.<k>". */
export function draftsOf(requestFiles, answerFiles) {
  const inputs = new Map();
  for (const file of requestFiles) {
    for (const request of readJsonLines(file)) {
      const input = rewriteInput(request.body);
      if (input !== undefined) inputs.set(request.custom_id, input);
    }
  }
  const drafts = [];
  for (const [customId, answer] of readBatchAnswers(answerFiles)) {
    const input = inputs.get(customId);
    if (input === undefined || answer.result === undefined) continue;
    (answer.result.choices ?? [answer.result]).forEach((choice, k) => {
      drafts.push({ id: `${customId}.${k}`, input, text: cleanRewrite(choice.content, input) });
    });
  }
  return drafts;
}

/**
 * `text` with one sentence's polarity reversed, drawn by `random`, and that sentence as it now reads;
 * undefined when no sentence can be.
 */
export function reverseOneSentence(text, random) {
  const sentences = text.match(/[^.!?\n]+[.!?]*/g) ?? [];
  const eligible = sentences.filter((sentence) => NEGATION.test(sentence) || AUXILIARY.test(sentence));
  if (eligible.length === 0) return undefined;
  const chosen = eligible[Math.floor(random() * eligible.length)];
  const reversed = NEGATION.test(chosen)
    ? chosen.replace(NEGATION, (_match, base) =>
        base === undefined ? '' : (CONTRACTED_BASE[base.toLowerCase()] ?? base),
      )
    : chosen.replace(AUXILIARY, '$1 not');
  return { text: text.replace(chosen, reversed), sentence: reversed.trim() };
}

/** The sentences of a text, as the policy cuts them: per line, sentenceSpans. */
export function sentencesOf(text) {
  return text.split(/\n+/u).flatMap((line) => sentenceSpans(line).map((span) => span.text));
}

function share(part, whole) {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} % (${part} of ${whole})`;
}

/** Counts over a set of drafts. */
function tally() {
  return {
    drafts: 0,
    asWritten: 0,
    inputBack: 0,
    sentences: 0,
    reaching: 0,
    repaired: 0,
    reasons: {},
    longShort: 0,
    refusedKinds: {},
  };
}

function add(counts, draft, policy, lengthOff) {
  counts.drafts += 1;
  if (policy.losses.length === 0) counts.asWritten += 1;
  if (!policy.kept) {
    counts.inputBack += 1;
    for (const kind of new Set(policy.losses.map((loss) => loss.kind)))
      counts.refusedKinds[kind] = (counts.refusedKinds[kind] ?? 0) + 1;
  }
  const sentences = sentencesOf(draft.text);
  counts.sentences += sentences.length;
  if (policy.kept) counts.reaching += sentences.filter((sentence) => policy.text.includes(sentence)).length;
  for (const repair of policy.repairs) {
    counts.repaired += 1;
    for (const reason of repair.reasons) counts.reasons[reason] = (counts.reasons[reason] ?? 0) + 1;
  }
  if (lengthOff) counts.longShort += 1;
}

const listed = (record) =>
  Object.entries(record)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ') || 'none';

function printTally(label, counts, matchLength) {
  console.log(`${label}: ${counts.drafts} drafts`);
  console.log(`  kept as written (the old whole-draft policy): ${share(counts.asWritten, counts.drafts)}`);
  console.log(`  their sentences reaching the output: ${share(counts.reaching, counts.sentences)}`);
  console.log(
    `  input returned (not repairable): ${share(counts.inputBack, counts.drafts)}; by kind: ${listed(counts.refusedKinds)}`,
  );
  console.log(`  sentences repaired: ${counts.repaired} (reasons: ${listed(counts.reasons)})`);
  if (matchLength)
    console.log(`  outside the length range (ranked after, never refused): ${share(counts.longShort, counts.drafts)}`);
}

function main() {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', multiple: true },
      answers: { type: 'string', multiple: true },
      faithful: { type: 'string' },
      'match-length': { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      seeds: { type: 'string', default: '1' },
      verbose: { type: 'boolean', default: false },
    },
  });
  if (!values.requests || !values.answers) throw new TypeError('usage: --requests FILE… --answers FILE…');
  const drafts = draftsOf(values.requests, values.answers);
  const faithful = values.faithful ? new Set(JSON.parse(readFileSync(values.faithful, 'utf8'))) : undefined;
  const matchLength = values['match-length'];
  const seeds = Number(values.seeds);
  if (!Number.isInteger(seeds) || seeds < 1) throw new TypeError('--seeds: a whole number of at least 1');
  const all = tally();
  const faithfulCounts = tally();
  const sources = new Map();
  const sourceOf = (draft) => {
    if (!sources.has(draft.input)) sources.set(draft.input, repairSource(draft.input));
    return sources.get(draft.input);
  };
  for (const draft of drafts) {
    const source = sourceOf(draft);
    const policy = repairDraft(source, draft.text);
    const { min, max } = lengthRange(source.parts.wordCount);
    const words = keptParts(policy.text).wordCount;
    const lengthOff = matchLength && (words < min || words > max);
    add(all, draft, policy, lengthOff);
    if (faithful?.has(draft.id) === true) {
      add(faithfulCounts, draft, policy, lengthOff);
      if (values.verbose) {
        if (!policy.kept) console.log(`faithful, input returned ${draft.id}:`, policy.losses);
        for (const repair of policy.repairs) console.log(`faithful, repaired ${draft.id}:`, repair);
      }
    }
  }
  console.log(`Drafts of rewrite requests: ${drafts.length} (length ${matchLength ? '' : 'not '}checked)`);
  printTally('all drafts', all, matchLength);
  if (faithful) printTally('faithful drafts (by reading)', faithfulCounts, matchLength);
  const pooled = reversalCounts();
  for (let seed = Number(values.seed); seed < Number(values.seed) + seeds; seed += 1) {
    const reversal = reversalCounts();
    const random = seededRandom(seed);
    for (const draft of drafts) {
      const reversed = reverseOneSentence(draft.text, random);
      if (reversed === undefined) continue;
      // A reversal that reads as an input sentence verbatim cannot be told apart in the output: not counted.
      if (draft.input.includes(reversed.sentence)) {
        reversal.inInput += 1;
        continue;
      }
      const after = repairDraft(sourceOf(draft), reversed.text);
      const keptOut = !after.kept || !after.text.includes(reversed.sentence);
      reversal.all += 1;
      if (keptOut) reversal.keptOut += 1;
      if (keptOut && after.kept) reversal.byRepair += 1;
      if (faithful?.has(draft.id) === true) {
        reversal.faithful += 1;
        if (keptOut) reversal.faithfulKeptOut += 1;
      }
      if (!keptOut && values.verbose)
        console.log(`seed ${seed}, reversed sentence let through ${draft.id}: ${reversed.sentence}`);
    }
    for (const key of Object.keys(pooled)) pooled[key] += reversal[key];
    printReversal(seeds > 1 ? `seed ${seed}: ` : '', reversal, faithful !== undefined);
  }
  if (seeds > 1) printReversal(`pooled over ${seeds} seeds: `, pooled, faithful !== undefined);
}

function reversalCounts() {
  return { all: 0, keptOut: 0, byRepair: 0, faithful: 0, faithfulKeptOut: 0, inInput: 0 };
}

function printReversal(label, reversal, withFaithful) {
  console.log(
    `${label}one sentence's polarity reversed, kept out of the output: ${share(reversal.keptOut, reversal.all)} ` +
      `(by repair ${reversal.byRepair}, by refusal ${reversal.keptOut - reversal.byRepair}; ` +
      `${reversal.inInput} reversals that read as an input sentence not counted)`,
  );
  if (withFaithful) console.log(`  of the faithful drafts: ${share(reversal.faithfulKeptOut, reversal.faithful)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof TypeError || error instanceof BatchFileError ? error.message : error);
    process.exitCode = 1;
  }
}
