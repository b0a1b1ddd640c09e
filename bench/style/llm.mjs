// The style benchmark through an LLM: does the style brief, the choice among n drafts and the
// revision round bring an LLM's rewrite closer to an author than a plain prompt does?
//
// Pairs: (author, AI input), the AI inputs of the corpora toward each author, a seeded sample of
// --pairs of them. Each author's style model is fit on its training files 01–21 (changes.mjs
// modelOf); its held-out files 22–30 are the Delta reference (held-out-delta.mjs, as attribution.mjs).
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
//   STYLER_BENCH_LLM_MODEL       the model to ask, e.g. gpt-4o-mini, llama3.1:8b
//   STYLER_BENCH_LLM_TIMEOUT_MS  per request, default 120000
// Cost: per pair 4 requests where the server honours `n` (plain 1, brief 1, choice 1 with n drafts,
// revision 1; its drafts are the choice arm's), 3 + n where it answers one choice per request.
// --scripted starts bench/support/scripted-llm.mjs instead: deterministic replies made from the
// request (the input, the input with an author passage added, a passage alone, a fenced input). Its
// numbers show that the plumbing and arithmetic work, and nothing about any LLM's quality.
//
// Run: npm run build && node bench/style/llm.mjs [--scripted] [--pairs 20] [--authors a,b] [--n 4]
//      [--seed 1] [--temperature 0.7] [--concurrency 2] [--json out.json] [--reading sample.md]
//      [--reading-pairs 5]
import '../support/node-version.mjs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seededRandom } from '../../packages/analytics/dist/stylometry/index.js';
import { STYLE_DEFAULTS, keynessReference, styleBrief } from '../../packages/engine/dist/index.js';
import { createOpenAICompatibleProvider } from '../../packages/engine/dist/providers/index.js';
import { startScriptedLLM } from '../support/scripted-llm.mjs';
import { modelOf, restyle } from './changes.mjs';
import { authors, readFolder } from './corpora.mjs';
import { ARMS, rememberingProvider, runArm } from './llm-arms.mjs';
import { outputJudge, summarize } from './llm-measures.mjs';
import { VARIANTS, readingSample, reportText } from './llm-report.mjs';

const DEFAULTS = Object.freeze({
  pairs: 20,
  n: 4,
  seed: 1,
  temperature: STYLE_DEFAULTS.llmTemperature,
  concurrency: 2,
  readingPairs: 5,
  timeoutMs: 120_000,
});

const SCRIPTED_NOTE =
  'These numbers come from a scripted server that echoes the input or pastes in author passages; they ' +
  'show that the bench runs and its arithmetic holds, and say nothing about the quality of any LLM.';

function integerOption(value, name, min, fallback) {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) throw new RangeError(`--${name} must be an integer ≥ ${min}`);
  return number;
}

/** The command line, validated, with defaults filled in. */
function readOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      scripted: { type: 'boolean', default: false },
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
  const known = authors();
  const targets = values.authors === undefined ? known : values.authors.split(',').map((name) => name.trim());
  const unknown = targets.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new RangeError(`--authors: unknown ${unknown.join(', ')}; known: ${known.join(', ')}`);
  const temperature = values.temperature === undefined ? DEFAULTS.temperature : Number(values.temperature);
  if (!(temperature >= 0 && temperature <= 2)) throw new RangeError('--temperature must be a number from 0 to 2');
  return {
    scripted: values.scripted,
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

/** The endpoint the environment names (see the header); throws naming what is missing. */
function endpointFromEnv(env) {
  const baseUrl = env.STYLER_BENCH_LLM_BASE_URL;
  const baseModel = env.STYLER_BENCH_LLM_MODEL;
  if (!baseUrl || !baseModel)
    throw new TypeError(
      'set STYLER_BENCH_LLM_BASE_URL and STYLER_BENCH_LLM_MODEL (and STYLER_BENCH_LLM_API_KEY), or use --scripted',
    );
  const timeoutMs = integerOption(
    env.STYLER_BENCH_LLM_TIMEOUT_MS,
    'STYLER_BENCH_LLM_TIMEOUT_MS',
    1,
    DEFAULTS.timeoutMs,
  );
  return { baseUrl, baseModel, apiKey: env.STYLER_BENCH_LLM_API_KEY || undefined, timeoutMs, close: async () => {} };
}

async function scriptedEndpoint() {
  const server = await startScriptedLLM();
  return { baseUrl: server.url, baseModel: 'scripted', timeoutMs: DEFAULTS.timeoutMs, close: server.close };
}

/** `count` (target, AI input) pairs drawn without replacement, in a seeded order. */
function samplePairs(targets, count, seed) {
  const inputs = readFolder('ai-inputs').map((f) => ({ id: `ai-inputs/${f.file}`, text: f.text }));
  const all = targets.flatMap((target) => inputs.map((input) => ({ target, input })));
  const random = seededRandom(seed);
  for (let i = all.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, count);
}

/** Each target's style brief, its favoured words found against the other authors' models. */
function briefsOf(targets, everyAuthor) {
  return Object.fromEntries(
    targets.map((target) => {
      const others = everyAuthor.filter((name) => name !== target).map(modelOf);
      return [target, styleBrief(modelOf(target), { reference: keynessReference(others) })];
    }),
  );
}

/** Runs every arm on one pair and measures its outputs, with and without the rule-based pass. */
async function runPair(pair, context) {
  const model = modelOf(pair.target);
  const judgedInput = context.judge.judgeInput(pair.target, pair.input.text);
  const arms = {};
  for (const arm of ARMS) {
    const run = await runArm(arm.id, {
      provider: context.provider,
      settings: context.settings,
      model,
      brief: context.briefs[pair.target],
      input: pair.input.text,
    });
    const texts = { llm: run.text, rules: restyle(run.text, model) };
    arms[arm.id] = { calls: run.calls, usage: run.usage, detail: run.detail };
    for (const variant of VARIANTS) {
      const text = texts[variant.id];
      arms[arm.id][variant.id] = {
        text,
        measures: context.judge.judgeOutput(pair.target, model, pair.input.text, text),
      };
    }
  }
  return { ...pair, judgedInput, arms };
}

/** Runs `task` over `items`, `concurrency` at a time, keeping their order; a failure is kept as { error }. */
async function mapWithConcurrency(items, concurrency, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]).catch((error) => ({ ...items[index], error: String(error) }));
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
  console.log(
    `${banner}Model ${result.baseModel} at ${result.baseUrl}; ${result.pairs.length} pairs ` +
      `(${result.failed.length} failed and left out); n ${result.settings.n}, temperature ` +
      `${result.settings.temperature}, seed ${result.settings.seed}; ${result.endpointCalls} requests to the ` +
      `endpoint (${result.endpointUsage.promptTokens} prompt + ${result.endpointUsage.completionTokens} ` +
      `completion tokens as it counted them); ${result.seconds.toFixed(1)} s.\n`,
  );
}

async function main() {
  const started = performance.now();
  const options = readOptions(process.argv.slice(2));
  const endpoint = options.scripted ? await scriptedEndpoint() : endpointFromEnv(process.env);
  const everyAuthor = authors();
  const provider = rememberingProvider(
    createOpenAICompatibleProvider({
      name: options.scripted ? 'scripted' : 'bench',
      baseUrl: endpoint.baseUrl,
      ...(endpoint.apiKey && { apiKey: endpoint.apiKey }),
      timeoutMs: endpoint.timeoutMs,
    }),
  );
  const settings = { baseModel: endpoint.baseModel, temperature: options.temperature, n: options.n };
  const judge = outputJudge(everyAuthor);
  const context = { provider, settings, judge, briefs: briefsOf(options.targets, everyAuthor) };
  const sampled = samplePairs(options.targets, options.pairs, options.seed);
  const settled = await mapWithConcurrency(sampled, options.concurrency, (pair) => runPair(pair, context));
  await endpoint.close();

  const pairs = settled.filter((pair) => pair.error === undefined);
  const result = {
    scripted: options.scripted,
    ...(options.scripted && { note: SCRIPTED_NOTE }),
    baseUrl: endpoint.baseUrl,
    baseModel: endpoint.baseModel,
    settings: { ...settings, seed: options.seed, targets: options.targets },
    candidates: judge.authors,
    endpointCalls: provider.endpointCalls,
    endpointUsage: provider.endpointUsage,
    seconds: (performance.now() - started) / 1000,
    failed: settled
      .filter((pair) => pair.error !== undefined)
      .map(({ target, input, error }) => ({ target, input: input.id, error })),
    summaries: summariesOf(pairs, judge.authors.length),
    pairs,
  };
  printHeader(result);
  if (pairs.length > 0) console.log(reportText(result));
  for (const failure of result.failed) console.log(`failed: ${failure.input} → ${failure.target}: ${failure.error}`);
  writeFileSync(options.reading, readingSample(result, options.readingPairs));
  console.log(`\nReading sample (${Math.min(options.readingPairs, pairs.length)} pairs): ${options.reading}`);
  if (options.json !== undefined) writeFileSync(options.json, `${JSON.stringify(result, null, 2)}\n`);
  if (result.scripted) console.log(`\n${SCRIPTED_NOTE}`);
  if (pairs.length === 0) process.exitCode = 1;
}

// Wrong options and a missing endpoint are the user's to fix: their message is enough.
await main().catch((error) => {
  console.error(error instanceof TypeError || error instanceof RangeError ? error.message : error);
  process.exitCode = 1;
});
