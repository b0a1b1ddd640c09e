// Does the keep policy keep an LLM's faithful drafts and refuse reversed ones? Read from the batch
// files of an LLM bench round (bench/style/llm.mjs --batch-out / --batch-in): every reply to a
// rewrite request (a user message "Rewrite this text…:" followed by the text) is a draft of that
// text. For each draft:
//   kept         the engine's keep policy (checkKept, as chooseDraft runs it, the length checked
//                with --match-length) passes it; the share is given over all drafts, over the drafts
//                a reader judged faithful (--faithful FILE: a JSON array of "<custom_id>.<k>"), and
//                per kind of loss;
//   reversed     one sentence of the draft, drawn with a seeded generator, has its polarity reversed
//                (its first negation removed, else "not" put after its first auxiliary or copula);
//                the share of those the policy refuses for a reversed clause.
// A faithful draft refused, or a reversed one let through, is listed with its clauses (--verbose).
//
// Run: npm run build && node bench/style/keep-policy.mjs --requests round1.jsonl --answers out1.jsonl
//      [--faithful faithful.json] [--match-length] [--seed 1] [--verbose]
import '../support/node-version.mjs';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seededRandom } from '../../packages/research/dist/stylometry/index.js';
import { checkKept } from '../../packages/engine/dist/index.js';
import { cleanRewrite } from '../../packages/engine/dist/style/candidates/index.js';
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

/** `text` with one sentence's polarity reversed, drawn by `random`; undefined when no sentence can be. */
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
  return text.replace(chosen, reversed);
}

function share(part, whole) {
  return whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)} % (${part} of ${whole})`;
}

function main() {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string', multiple: true },
      answers: { type: 'string', multiple: true },
      faithful: { type: 'string' },
      'match-length': { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      verbose: { type: 'boolean', default: false },
    },
  });
  if (!values.requests || !values.answers) throw new TypeError('usage: --requests FILE… --answers FILE…');
  const drafts = draftsOf(values.requests, values.answers);
  const faithful = values.faithful ? new Set(JSON.parse(readFileSync(values.faithful, 'utf8'))) : undefined;
  const options = { matchLength: values['match-length'] };
  const random = seededRandom(Number(values.seed));
  const lossKinds = {};
  let kept = 0;
  let faithfulKept = 0;
  let faithfulCount = 0;
  let reversedCount = 0;
  let reversedRefused = 0;
  let faithfulReversed = 0;
  let faithfulReversedRefused = 0;
  const faithfulLossKinds = {};
  for (const draft of drafts) {
    const report = checkKept(draft.input, draft.text, options);
    if (report.kept) kept += 1;
    for (const kind of new Set(report.losses.map((loss) => loss.kind))) lossKinds[kind] = (lossKinds[kind] ?? 0) + 1;
    const isFaithful = faithful?.has(draft.id);
    if (isFaithful) {
      faithfulCount += 1;
      if (report.kept) faithfulKept += 1;
      else if (values.verbose) console.log(`faithful but refused ${draft.id}:`, report.losses);
      for (const kind of new Set(report.losses.map((loss) => loss.kind)))
        faithfulLossKinds[kind] = (faithfulLossKinds[kind] ?? 0) + 1;
    }
    const reversed = reverseOneSentence(draft.text, random);
    if (reversed === undefined) continue;
    reversedCount += 1;
    const refused = checkKept(draft.input, reversed, { kinds: ['negation'] }).losses.length > 0;
    if (refused) reversedRefused += 1;
    if (isFaithful) {
      faithfulReversed += 1;
      if (refused) faithfulReversedRefused += 1;
    } else if (values.verbose) console.log(`reversed but kept ${draft.id}`);
  }
  console.log(`Drafts of rewrite requests: ${drafts.length} (length ${options.matchLength ? '' : 'not '}checked)`);
  console.log(`kept by the keep policy: ${share(kept, drafts.length)}`);
  if (faithful) {
    console.log(`faithful drafts (by reading) kept: ${share(faithfulKept, faithfulCount)}`);
    const kinds = Object.entries(faithfulLossKinds).map(([kind, count]) => `${kind} ${count}`);
    console.log(`faithful drafts refused, by kind of loss: ${kinds.join(', ') || 'none'}`);
  }
  console.log(
    `drafts refused, by kind of loss: ${Object.entries(lossKinds)
      .map(([kind, count]) => `${kind} ${count}`)
      .join(', ')}`,
  );
  console.log(`one sentence's polarity reversed, refused: ${share(reversedRefused, reversedCount)}`);
  if (faithful) console.log(`  of the faithful drafts: ${share(faithfulReversedRefused, faithfulReversed)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof TypeError || error instanceof BatchFileError ? error.message : error);
    process.exitCode = 1;
  }
}
