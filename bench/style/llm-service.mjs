// The LLM benchmark through the service: the pairs of llm.mjs (the same seed gives the same pairs),
// each sent as a rewrite transform (POST /v1/style/transform, mode rewrite) to the real service,
// whose LLM is any OpenAI-compatible endpoint, the scripted server, or batch answers served over
// HTTP. What it measures is what a service user gets: the LLM pipeline's draft and the rule engine's
// pass over it, or the rule engine's restyle where the LLM could not answer, as the response's
// `styler` report says. Beside it, the same pairs with `rewrite_engine: "rules"` (the rule engine
// alone, no LLM call).
//
// Models: every author of the corpora is trained through the API (its training files 01–21 uploaded,
// one fine-tuning job), all in one organization, so each style brief finds its favoured words against
// the other authors' models, as llm.mjs's briefs do. The judge is llm.mjs's (llm-measures.mjs):
// Burrows' Delta over 150 MFW among all authors from their held-out files, the nine groups, the
// keep-check and content.mjs, calls and tokens as the service's `styler` report counted them.
//
// Endpoint (the service's STYLER_LLM_* are set from these):
//   STYLER_BENCH_LLM_BASE_URL, STYLER_BENCH_LLM_API_KEY, STYLER_BENCH_LLM_MODEL (or --model),
//   STYLER_BENCH_LLM_TIMEOUT_MS (per request, default 120000), as llm.mjs reads them;
//   --scripted: bench/support/scripted-llm.mjs (its numbers say nothing about any LLM);
//   --batch-in FILE … / --batch-out FILE: the service's requests are answered from Batch API output
//   files (llm-batch-server.mjs; request names as llm.mjs's). Unanswered requests are written to
//   --batch-out and their pairs wait; the drafts come in the first round, the revisions in the next.
//   Pairs run one at a time in batch mode, so that each request is known to be its pair's.
// --request-timeout-ms sets the service's STYLER_REQUEST_TIMEOUT_MS (default 600000, so that a slow
// LLM is measured rather than the rule engine's fallback; the service's own default is 30000).
//
// Run: npm run build && node bench/style/llm-service.mjs [--scripted | --batch-out FILE --batch-in FILE …]
//      [--corpora DIR] [--model NAME] [--pairs 16] [--authors a,b] [--seed 1] [--concurrency 2]
//      [--request-timeout-ms 600000] [--json out.json]
import '../support/node-version.mjs';
/* global FormData, Blob -- Node 20 globals */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startBenchService } from '../support/service.mjs';
import { startScriptedLLM } from '../support/scripted-llm.mjs';
import { modelOf } from './changes.mjs';
import { authors, setCorpora, splitAuthor } from './corpora.mjs';
import { BatchFileError, readBatchAnswers, writeBatchFile } from './llm-batch.mjs';
import { startBatchServer } from './llm-batch-server.mjs';
import { outputJudge, summarize } from './llm-measures.mjs';
import { samplePairs } from './llm-pairs.mjs';
import { integerOption } from './llm-options.mjs';
import { SERVICE_ARMS, serviceReport } from './llm-service-report.mjs';

const DEFAULTS = Object.freeze({ pairs: 16, seed: 1, concurrency: 2, requestTimeoutMs: 600_000 });

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
      seed: { type: 'string' },
      concurrency: { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      json: { type: 'string' },
    },
  });
  if (values.corpora !== undefined) setCorpora(values.corpora);
  const known = authors();
  const targets = values.authors === undefined ? known : values.authors.split(',').map((name) => name.trim());
  const unknown = targets.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new RangeError(`--authors: unknown ${unknown.join(', ')}; known: ${known.join(', ')}`);
  const batchIn = values['batch-in'] ?? [];
  const batchOut = values['batch-out'];
  const batch = batchIn.length > 0 || batchOut !== undefined;
  if (batch && values.scripted) throw new RangeError('--scripted and --batch-in/--batch-out exclude each other');
  if (batchOut !== undefined && batchIn.some((file) => resolve(file) === resolve(batchOut)))
    throw new RangeError(`--batch-out ${batchOut} is also a --batch-in file; name the next round's file apart`);
  return {
    scripted: values.scripted,
    batch,
    batchIn,
    batchOut,
    model: values.model,
    pairs: integerOption(values.pairs, 'pairs', 1, DEFAULTS.pairs),
    targets,
    seed: integerOption(values.seed, 'seed', 0, DEFAULTS.seed),
    // Batch mode: one pair at a time, so the requests between a transform's start and its answer are its own.
    concurrency: batch ? 1 : integerOption(values.concurrency, 'concurrency', 1, DEFAULTS.concurrency),
    requestTimeoutMs: integerOption(values['request-timeout-ms'], 'request-timeout-ms', 100, DEFAULTS.requestTimeoutMs),
    json: values.json,
  };
}

/** The LLM the service calls: { url, apiKey?, model, timeoutMs, batch?, close() }. */
async function openLlm(options, env) {
  const timeoutMs = env.STYLER_BENCH_LLM_TIMEOUT_MS || '120000';
  if (options.batch) {
    const batch = await startBatchServer(readBatchAnswers(options.batchIn));
    const model = options.model ?? (env.STYLER_BENCH_LLM_MODEL || 'batch-model');
    return { url: batch.url, model, timeoutMs, batch, close: batch.close };
  }
  if (options.scripted) {
    const server = await startScriptedLLM();
    return { url: server.url, model: options.model ?? 'scripted', timeoutMs, close: server.close };
  }
  const url = env.STYLER_BENCH_LLM_BASE_URL;
  const model = options.model ?? env.STYLER_BENCH_LLM_MODEL;
  if (!url || !model)
    throw new TypeError(
      'set STYLER_BENCH_LLM_BASE_URL and STYLER_BENCH_LLM_MODEL (or --model; and STYLER_BENCH_LLM_API_KEY), ' +
        'or use --scripted or --batch-out',
    );
  const apiKey = env.STYLER_BENCH_LLM_API_KEY || undefined;
  return { url, apiKey, model, timeoutMs, close: async () => {} };
}

/** Trains every author through the API (training files uploaded one by one, one job); model name by author. */
async function trainAuthors(call, names) {
  const jobs = {};
  for (const name of names) {
    const ids = [];
    for (const file of splitAuthor(name).train) {
      const form = new FormData();
      form.set('file', new Blob([file.text]), `${name}-${file.file}`);
      ids.push((await call('/files', { method: 'POST', body: form })).id);
    }
    jobs[name] = await call('/fine_tuning/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ training_files: ids, suffix: name.slice(0, 16) }),
    });
  }
  const models = {};
  for (const name of names) {
    let job = jobs[name];
    while (job.status === 'queued' || job.status === 'running') {
      await new Promise((done) => setTimeout(done, 200));
      job = await call(`/fine_tuning/jobs/${job.id}`);
    }
    if (job.status !== 'succeeded') throw new Error(`training ${name} failed: ${JSON.stringify(job.error)}`);
    models[name] = job.fine_tuned_model;
  }
  return models;
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

const NO_COST = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

/** One rewrite through the service and what was measured of it. */
async function rewriteOnce(context, pair, engine) {
  const started = performance.now();
  const body = await context.call('/style/transform', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      mode: 'rewrite',
      model: context.models[pair.target],
      message: pair.input.text,
      ...(engine === 'rules' && { rewrite_engine: 'rules' }),
    }),
  });
  const text = body.choices[0].message.content;
  const report = body.styler;
  return {
    text,
    seconds: (performance.now() - started) / 1000,
    report: report ?? null,
    path: report?.rewrite_engine ?? 'rules',
    fallback: report?.fallback?.reason ?? null,
    calls: report?.calls ?? 0,
    usage: report
      ? {
          promptTokens: report.usage.prompt_tokens,
          completionTokens: report.usage.completion_tokens,
          totalTokens: report.usage.total_tokens,
        }
      : NO_COST,
    measures: context.judge.judgeOutput(pair.target, modelOf(pair.target), pair.input.text, text),
  };
}

/** The pair through both arms; in batch mode, rejected with `waiting` when a request had no answer yet. */
async function runPair(pair, context) {
  const pendingBefore = context.llm.batch?.pending.size ?? 0;
  const llm = await rewriteOnce(context, pair, 'llm');
  if (context.llm.batch !== undefined && context.llm.batch.pending.size > pendingBefore)
    return { ...pair, waiting: true };
  const rules = await rewriteOnce(context, pair, 'rules');
  return { ...pair, judgedInput: context.judge.judgeInput(pair.target, pair.input.text), arms: { llm, rules } };
}

function summariesOf(pairs, candidates) {
  return Object.fromEntries(
    SERVICE_ARMS.map((arm) => [
      arm.id,
      summarize(
        pairs.map((pair) => ({
          target: pair.target,
          candidates,
          input: pair.judgedInput,
          output: pair.arms[arm.id].measures,
          calls: pair.arms[arm.id].calls,
          usage: pair.arms[arm.id].usage,
        })),
      ),
    ]),
  );
}

async function main() {
  const started = performance.now();
  const options = readOptions(process.argv.slice(2));
  const llm = await openLlm(options, process.env);
  const everyAuthor = authors();
  const service = await startBenchService({
    env: { STYLER_REQUEST_TIMEOUT_MS: String(options.requestTimeoutMs), STYLER_JOB_CONCURRENCY: '2' },
    providerEnv: {
      STYLER_LLM_BASE_URL: llm.url,
      STYLER_LLM_MODELS: llm.model,
      STYLER_LLM_TIMEOUT_MS: llm.timeoutMs,
      ...(llm.apiKey && { STYLER_LLM_API_KEY: llm.apiKey }),
    },
  });
  try {
    const call = service.client(service.keys.bench);
    const models = await trainAuthors(call, everyAuthor);
    const judge = outputJudge(everyAuthor);
    const context = { call, models, judge, llm };
    const sampled = samplePairs(options.targets, options.pairs, options.seed);
    const settled = await mapWithConcurrency(sampled, options.concurrency, (pair) => runPair(pair, context));
    const failed = settled
      .filter((pair) => pair.error !== undefined)
      .map(({ target, input, error }) => ({ target, input: input.id, error: String(error) }));
    const waiting = settled.filter((pair) => pair.waiting === true);
    const pairs = settled.filter((pair) => pair.error === undefined && pair.waiting !== true);
    for (const failure of failed) console.log(`failed: ${failure.input} → ${failure.target}: ${failure.error}`);
    if (waiting.length > 0) {
      const requests = [...llm.batch.pending.values()];
      if (options.batchOut === undefined)
        throw new RangeError(`${requests.length} requests without a batch answer; give --batch-out FILE to write them`);
      writeBatchFile(options.batchOut, requests);
      console.log(
        `Batch round: ${pairs.length} of ${settled.length} pairs complete, ${waiting.length} waiting; ` +
          `${requests.length} requests pending, written to ${options.batchOut}. No tables until nothing is pending.`,
      );
      return;
    }
    const result = {
      scripted: options.scripted,
      baseUrl: options.batch ? null : llm.url,
      baseModel: llm.model,
      ...(llm.batch && { batch: { in: options.batchIn, models: [...llm.batch.models].sort() } }),
      settings: { seed: options.seed, targets: options.targets, requestTimeoutMs: options.requestTimeoutMs },
      candidates: judge.authors,
      seconds: (performance.now() - started) / 1000,
      failed,
      summaries: summariesOf(pairs, judge.authors.length),
      pairs,
    };
    console.log(serviceReport(result));
    if (options.json !== undefined) writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
    if (pairs.length === 0) process.exitCode = 1;
  } finally {
    await service.close();
    await llm.close();
  }
}

await main().catch((error) => {
  const own = error instanceof TypeError || error instanceof RangeError || error instanceof BatchFileError;
  console.error(own ? error.message : error);
  process.exitCode = 1;
});
