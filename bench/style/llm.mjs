// The style benchmark through an LLM: does the style brief, the choice among n drafts and the
// revision round bring an LLM's rewrite closer to an author than a plain prompt does?
//
// Pairs: (author, AI input), the AI inputs of the corpora toward each author, a seeded sample of
// --pairs of them. Each author's style model is fit on its training files 01–21 (changes.mjs
// modelOf); its held-out files 22–30 are the Delta reference (held-out-delta.mjs, as attribution.mjs).
// The corpora are --corpora DIR, else STYLER_CORPORA, else ../shared/corpora beside the repository
// (corpora.mjs; an author of 21 files or fewer, as in a test corpus, holds out its last third).
// Arms, on the same pairs (llm-arms.mjs):
//   plain prompt               "rewrite this text in the style of the author of these passages",
//                              with the model's first stored passages (the old-style baseline)
//   style brief                briefMessages(styleBrief(model, { reference }), { kind: 'rewrite' }),
//                              one call; the keyness reference is the other authors' models
//   brief + choice of n        chooseDraft(model, provider, { n: --n }) over the brief's messages
//   brief + choice + revision  the same drafts (requests repeated from memory) and one revision round
// each reported as the LLM's text and with the engine's rule-based pass over it (restyle(text, model)).
// Per arm (llm-measures.mjs): share attributed to the target among all authors (Burrows' Delta,
// 150 MFW); the Delta gap closed, (Δ_input − Δ_output) / (Δ_input − Δ_own), Δ_own the mean Delta of
// the target's training files cut to the input's length; the nine quality groups' improvement over
// the input; facts kept (the engine's keep-check: numbers, names, quotations, URLs, negations,
// Markdown; and content.mjs's check beside it); calls and tokens as the endpoint reported them.
// Pairs where any arm failed are left out of every arm's numbers (and counted).
//
// Endpoint (any OpenAI-compatible chat-completions API):
//   STYLER_BENCH_LLM_BASE_URL    base URL with the version segment, e.g. https://api.openai.com/v1,
//                                http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:8000/v1 (vLLM)
//   STYLER_BENCH_LLM_API_KEY     sent as a bearer token (optional for local servers)
//   STYLER_BENCH_LLM_MODEL       the model to ask, e.g. gpt-4o-mini, llama3.1:8b (--model NAME
//                                overrides it)
//   STYLER_BENCH_LLM_TIMEOUT_MS  per request, default 120000
// Cost: per pair 4 requests where the server honours `n` (plain 1, brief 1, choice 1 with n drafts,
// revision 1; its drafts are the choice arm's), 3 + n where it answers one choice per request.
// --scripted starts bench/support/scripted-llm.mjs instead: deterministic replies made from the
// request (the input, the input with an author passage added, a passage alone, a fenced input). Its
// numbers show that the plumbing and arithmetic work, and nothing about any LLM's quality.
//
// Batch mode (--batch-out FILE and/or --batch-in FILE; no endpoint, STYLER_BENCH_LLM_* not needed,
// the model in the requests is --model, else STYLER_BENCH_LLM_MODEL, else "batch-model"): the run goes
// in rounds, its only endpoint the answers in OpenAI Batch API output files (llm-batch.mjs). Every
// request is named by its custom_id, "req-" and the SHA-256 of its body's canonical JSON, so the same
// request in a later round finds its answer. --batch-in takes one file and may be repeated (paths may
// hold commas); answer lines whose status is not 200, or with an `error`, fail their request as an
// endpoint error would (the pair fails); a line that is not an output line stops the run, naming the
// file and line. A request without an answer makes its arm wait: the arm stops at it (what follows
// may depend on the answer), while the pair's other arms and every other pair go on, so one round
// collects every request that can be asked yet. A round with waiting pairs writes their requests, each
// once, to --batch-out as Batch API input lines, prints how many pairs are complete and how many
// requests pending, and exits 0; it prints no tables and writes no --json or --reading (the numbers
// of part of the sample would read as the sample's). Requests depend only on the corpora, the options
// and the answers, so round 1 asks the plain, brief and draft requests, and later rounds the extra
// one-choice drafts (where fewer than n choices came back) and the revisions, which depend on the
// drafts. Once nothing is pending the run prints what a live run prints, its header naming the batch
// files and the model the answers name (response.body.model). Keep the corpora, --model,
// --pairs, --authors, --n, --seed and --temperature the same in every round: they make the requests.
//   node bench/style/llm.mjs --pairs 20 --n 4 --batch-out round1.jsonl
//   (send round1.jsonl to a Batch API; its output is out1.jsonl)
//   node bench/style/llm.mjs --pairs 20 --n 4 --batch-in out1.jsonl --batch-out round2.jsonl
//   node bench/style/llm.mjs --pairs 20 --n 4 --batch-in out1.jsonl --batch-in out2.jsonl --batch-out round3.jsonl
//   … until a run says nothing is pending.
//
// Run: npm run build && node bench/style/llm.mjs [--scripted | --batch-out FILE --batch-in FILE …]
//      [--corpora DIR] [--model NAME] [--pairs 20] [--authors a,b] [--n 4] [--seed 1]
//      [--temperature 0.7] [--concurrency 2] [--json out.json] [--reading sample.md] [--reading-pairs 5]
import '../support/node-version.mjs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { STYLE_DEFAULTS, keynessReference, styleBrief } from '../../packages/engine/dist/index.js';
import { modelOf, restyle } from './changes.mjs';
import { authors, setCorpora } from './corpora.mjs';
import { ARMS, rememberingProvider, runArm } from './llm-arms.mjs';
import { BatchFileError, PendingRequest, armProvider, writeBatchFile } from './llm-batch.mjs';
import { openEndpoint } from './llm-endpoints.mjs';
import { outputJudge, summarize } from './llm-measures.mjs';
import { samplePairs } from './llm-pairs.mjs';
import { integerOption } from './llm-options.mjs';
import { VARIANTS, answerSource, readingSample, reportText } from './llm-report.mjs';

const DEFAULTS = Object.freeze({
  pairs: 20,
  n: 4,
  seed: 1,
  temperature: STYLE_DEFAULTS.llmTemperature,
  concurrency: 2,
  readingPairs: 5,
});

const SCRIPTED_NOTE =
  'These numbers come from a scripted server that echoes the input or pastes in author passages; they ' +
  'show that the bench runs and its arithmetic holds, and say nothing about the quality of any LLM.';

/** --batch-in and --batch-out, checked: batch mode is either of them, and not with --scripted. */
function batchOptions(values) {
  const batchIn = values['batch-in'] ?? [];
  const batchOut = values['batch-out'];
  const batch = batchIn.length > 0 || batchOut !== undefined;
  if (batch && values.scripted) throw new RangeError('--scripted and --batch-in/--batch-out exclude each other');
  if (batchOut !== undefined && batchIn.some((file) => resolve(file) === resolve(batchOut)))
    throw new RangeError(`--batch-out ${batchOut} is also a --batch-in file; name the next round's file apart`);
  return { batch, batchIn, batchOut };
}

/** The command line, validated, with defaults filled in. */
function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      scripted: { type: 'boolean', default: false },
      corpora: { type: 'string' },
      model: { type: 'string' },
      'batch-in': { type: 'string', multiple: true },
      'batch-out': { type: 'string' },
      pairs: { type: 'string' },
      authors: { type: 'string' },
      n: { type: 'string' },
      seed: { type: 'string' },
      temperature: { type: 'string' },
      concurrency: { type: 'string' },
      json: { type: 'string' },
      reading: { type: 'string' },
      'reading-pairs': { type: 'string' },
    },
  });
  // Before anything reads the corpora: the author list below already does.
  if (values.corpora !== undefined) setCorpora(values.corpora);
  const known = authors();
  const targets = values.authors === undefined ? known : values.authors.split(',').map((name) => name.trim());
  const unknown = targets.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new RangeError(`--authors: unknown ${unknown.join(', ')}; known: ${known.join(', ')}`);
  const temperature = values.temperature === undefined ? DEFAULTS.temperature : Number(values.temperature);
  if (!(temperature >= 0 && temperature <= 2)) throw new RangeError('--temperature must be a number from 0 to 2');
  if (values.model !== undefined && values.model.trim() === '') throw new RangeError('--model must not be empty');
  return {
    scripted: values.scripted,
    ...batchOptions(values),
    model: values.model,
    pairs: integerOption(values.pairs, 'pairs', 1, DEFAULTS.pairs),
    targets,
    n: integerOption(values.n, 'n', 1, DEFAULTS.n),
    seed: integerOption(values.seed, 'seed', 0, DEFAULTS.seed),
    temperature,
    concurrency: integerOption(values.concurrency, 'concurrency', 1, DEFAULTS.concurrency),
    json: values.json,
    reading: values.reading ?? join(tmpdir(), `styler-llm-reading${values.scripted ? '-scripted' : ''}.md`),
    readingPairs: integerOption(values['reading-pairs'], 'reading-pairs', 0, DEFAULTS.readingPairs),
  };
}

/** Each target's style brief, its favoured words found against the other authors' models. */
function briefsOf(targets, everyAuthor) {
  return Object.fromEntries(
    targets.map((target) => {
      const others = everyAuthor.filter((name) => name !== target).map((name) => modelOf(name));
      return [target, styleBrief(modelOf(target), { reference: keynessReference(others) })];
    }),
  );
}

/**
 * Runs every arm on one pair and measures its outputs, with and without the rule-based pass. An arm
 * waiting for a batch answer is left unmeasured and the others still run, so that their requests are
 * asked in the same round; the pair then rejects with PendingRequest.
 */
async function runPair(pair, context) {
  const model = modelOf(pair.target);
  const judgedInput = context.judge.judgeInput(pair.target, pair.input.text);
  const arms = {};
  let pending;
  for (const arm of ARMS) {
    const provider = armProvider(context.provider);
    const run = await runArm(arm.id, {
      provider,
      settings: context.settings,
      model,
      brief: context.briefs[pair.target],
      input: pair.input.text,
    }).catch((error) => {
      if (error instanceof PendingRequest) return undefined;
      throw error;
    });
    // Asked rather than the rejection: chooseDraft swallows a waiting extra draft or revision.
    if (provider.pending !== undefined) {
      pending ??= provider.pending;
      continue;
    }
    const texts = { llm: run.text, rules: restyle(run.text, model) };
    arms[arm.id] = { calls: run.calls, usage: run.usage, detail: run.detail };
    // The pipeline against what one draft under the keep policy would have given on the same request.
    const firstKept = run.detail.firstKept?.text;
    if (firstKept !== undefined) {
      arms[arm.id].firstKept = context.judge.judgeOutput(pair.target, model, pair.input.text, firstKept);
    }
    // Whom the judge gives each draft: where all of a request's drafts go to one author, no choice
    // among them can change the attribution.
    if (run.detail.drafts !== undefined) {
      arms[arm.id].draftAuthors = run.detail.drafts.map(
        (draft) => context.judge.attribute(pair.target, draft.text).author,
      );
    }
    for (const variant of VARIANTS) {
      const text = texts[variant.id];
      arms[arm.id][variant.id] = {
        text,
        measures: context.judge.judgeOutput(pair.target, model, pair.input.text, text),
      };
    }
  }
  if (pending !== undefined) throw pending;
  return { ...pair, judgedInput, arms };
}

/** Runs `task` over `items`, `concurrency` at a time, keeping their order; a failure is kept as { error }. */
async function mapWithConcurrency(items, concurrency, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]).catch((error) => ({ ...items[index], error }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

function summariesOf(pairs, candidates) {
  return Object.fromEntries(
    ARMS.map((arm) => [
      arm.id,
      Object.fromEntries(
        VARIANTS.map((variant) => [
          variant.id,
          summarize(
            pairs.map((pair) => ({
              target: pair.target,
              candidates,
              input: pair.judgedInput,
              output: pair.arms[arm.id][variant.id].measures,
              calls: pair.arms[arm.id].calls,
              usage: pair.arms[arm.id].usage,
            })),
          ),
        ]),
      ),
    ]),
  );
}

function printHeader(result) {
  const banner = result.scripted ? `SCRIPTED SERVER, NOT AN LLM. ${result.note}\n` : '';
  const reached = result.batch === undefined ? 'requests to the endpoint' : 'requests answered from the batch files';
  console.log(
    `${banner}Model ${result.baseModel} ${answerSource(result)}; ${result.pairs.length} pairs ` +
      `(${result.failed.length} failed and left out); n ${result.settings.n}, temperature ` +
      `${result.settings.temperature}, seed ${result.settings.seed}; ${result.endpointCalls} ${reached} ` +
      `(${result.endpointUsage.promptTokens} prompt + ${result.endpointUsage.completionTokens} ` +
      `completion tokens as it counted them); ${result.seconds.toFixed(1)} s.\n`,
  );
}

function printFailures(failed) {
  for (const failure of failed) console.log(`failed: ${failure.input} → ${failure.target}: ${failure.error}`);
}

const counted = (count, noun) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * A batch round with waiting pairs: writes the pending requests to --batch-out and says what is
 * complete; no tables (see the header). Throws RangeError when there is no --batch-out to write to.
 */
function finishRound(options, endpoint, counts, failed) {
  const requests = [...endpoint.batch.pending.values()];
  if (options.batchOut === undefined)
    throw new RangeError(
      `${counted(requests.length, 'request')} without an answer in the --batch-in files; ` +
        'give --batch-out FILE to write them',
    );
  writeBatchFile(options.batchOut, requests);
  const source = answerSource({ batch: { in: options.batchIn, models: [...endpoint.batch.models].sort() } });
  console.log(
    `Model ${endpoint.baseModel} ${source}.\n` +
      `Batch round: ${counts.complete} of ${counts.total} pairs complete, ${counts.waiting} waiting for answers, ` +
      `${failed.length} failed; ${counted(requests.length, 'request')} pending, written to ${options.batchOut}.\n` +
      'No tables until nothing is pending: send that file to a Batch API, then run again with the same ' +
      'options and its output as one more --batch-in.',
  );
  printFailures(failed);
}

async function main() {
  const started = performance.now();
  const options = readOptions(process.argv.slice(2));
  const endpoint = await openEndpoint(options, process.env);
  const everyAuthor = authors();
  const provider = rememberingProvider(endpoint.provider);
  const settings = { baseModel: endpoint.baseModel, temperature: options.temperature, n: options.n };
  const judge = outputJudge(everyAuthor);
  const context = { provider, settings, judge, briefs: briefsOf(options.targets, everyAuthor) };
  const sampled = samplePairs(options.targets, options.pairs, options.seed);
  const settled = await mapWithConcurrency(sampled, options.concurrency, (pair) => runPair(pair, context));
  await endpoint.close();

  const pairs = settled.filter((pair) => pair.error === undefined);
  const waiting = settled.filter((pair) => pair.error instanceof PendingRequest);
  const failed = settled
    .filter((pair) => pair.error !== undefined && !(pair.error instanceof PendingRequest))
    .map(({ target, input, error }) => ({ target, input: input.id, error: String(error) }));
  if (waiting.length > 0) {
    const counts = { complete: pairs.length, waiting: waiting.length, total: settled.length };
    return finishRound(options, endpoint, counts, failed);
  }
  const result = {
    scripted: options.scripted,
    ...(options.scripted && { note: SCRIPTED_NOTE }),
    baseUrl: endpoint.baseUrl,
    baseModel: endpoint.baseModel,
    ...(endpoint.batch && { batch: { in: options.batchIn, models: [...endpoint.batch.models].sort() } }),
    settings: { ...settings, seed: options.seed, targets: options.targets },
    candidates: judge.authors,
    endpointCalls: provider.endpointCalls,
    endpointUsage: provider.endpointUsage,
    seconds: (performance.now() - started) / 1000,
    failed,
    summaries: summariesOf(pairs, judge.authors.length),
    pairs,
  };
  printHeader(result);
  if (pairs.length > 0) console.log(reportText(result));
  printFailures(failed);
  writeFileSync(options.reading, readingSample(result, options.readingPairs));
  console.log(`\nReading sample (${Math.min(options.readingPairs, pairs.length)} pairs): ${options.reading}`);
  if (options.json !== undefined) writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
  if (result.scripted) console.log(`\n${SCRIPTED_NOTE}`);
  if (options.batch) {
    const unwritten = options.batchOut === undefined ? '' : `; ${options.batchOut} not written`;
    console.log(`\nBatch answers complete: nothing pending${unwritten}.`);
  }
  if (pairs.length === 0) process.exitCode = 1;
}

// Wrong options, a missing endpoint and an unreadable batch file are the user's to fix: their message is enough.
await main().catch((error) => {
  const own = error instanceof TypeError || error instanceof RangeError || error instanceof BatchFileError;
  console.error(own ? error.message : error);
  process.exitCode = 1;
});
