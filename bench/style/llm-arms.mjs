// The arms of the LLM benchmark (llm.mjs): four ways of asking an LLM to rewrite a text in an
// author's style, each returning the text and what it cost.
import { STYLE_DEFAULTS, briefMessages, chooseDraft } from '../../packages/engine/dist/index.js';
import { cleanRewrite } from '../../packages/engine/dist/style/candidates/index.js';

/** The arms in the order they are reported: plain prompt, style brief, brief + choice of n, + revision. */
export const ARMS = Object.freeze([
  { id: 'plain', label: 'plain prompt' },
  { id: 'brief', label: 'style brief' },
  { id: 'choice', label: 'brief + choice of n' },
  { id: 'revision', label: 'brief + choice + revision' },
]);

/**
 * The old-style baseline: one user message asking for the text in the style of the author of the
 * model's first stored passages (opening paragraphs of the training documents, as many as the
 * rewrite prompt used: STYLE_DEFAULTS.llmExamples), with no description of the voice.
 */
export function plainPromptMessages(model, text) {
  const passages = model.habits.passages.slice(0, STYLE_DEFAULTS.llmExamples);
  const content = [
    'Here are passages by an author:',
    ...passages.map((passage) => `---\n${passage}`),
    '---',
    '',
    'Rewrite this text in the style of the author of these passages. Answer with the rewritten text only:',
    '',
    text,
  ].join('\n');
  return [{ role: 'user', content }];
}

const NO_USAGE = Object.freeze({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });

function addUsage(sum, usage) {
  if (usage === undefined) return;
  for (const field of Object.keys(sum)) sum[field] += usage[field];
}

/**
 * A provider that answers a request it has seen before from memory (same model, messages,
 * temperature, n), so that the revision arm gets the very drafts the choice arm got and differs
 * from it only by the revision. `endpointCalls` counts the requests that reached the endpoint.
 */
export function rememberingProvider(provider) {
  const answers = new Map();
  const remembering = {
    name: provider.name,
    endpointCalls: 0,
    /** Token counts the endpoint reported, summed over the requests that reached it. */
    endpointUsage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    complete(request) {
      const { signal: _signal, ...asked } = request;
      const key = JSON.stringify(asked);
      if (!answers.has(key)) {
        remembering.endpointCalls += 1;
        const answer = provider.complete(request);
        answers.set(key, answer);
        answer.then(
          (result) => addUsage(remembering.endpointUsage, result.usage),
          () => answers.delete(key),
        );
      }
      return answers.get(key);
    },
    stream: (request) => provider.stream(request),
  };
  return remembering;
}

/** One request for one rewrite, its reply cleaned as the engine cleans rewrites. */
async function singleCall(provider, settings, messages, input) {
  const result = await provider.complete({ model: settings.baseModel, messages, temperature: settings.temperature });
  return {
    text: cleanRewrite(result.content, input),
    calls: 1,
    usage: result.usage ?? NO_USAGE,
    detail: { finishReason: result.finishReason },
  };
}

/** The model's reply behind the returned text: the winning draft's or the revision's (none when the input came back). */
function returnedReply(choice) {
  if (choice.winner === 'revision') return choice.revision.reply;
  return choice.drafts.find((draft) => draft.index === choice.winner)?.reply;
}

/**
 * What a chooseDraft result reports beyond the text: the winner, the drafts (each as repaired, with
 * its scores), the sentences repaired in the returned text, the reply behind it, the first draft
 * (by index) that kept everything once repaired (what one draft under the policy would return),
 * and the revision.
 */
function choiceDetail(choice) {
  const firstKept = [...choice.drafts].sort((a, b) => a.index - b.index).find((draft) => draft.kept);
  return {
    winner: choice.winner,
    drafts: choice.drafts.map((draft) => ({
      text: draft.text,
      delta: draft.delta,
      kept: draft.kept,
      losses: draft.losses,
      repairs: draft.repairs.length,
      ...(draft.length !== undefined && { inRange: draft.length.inRange }),
    })),
    repairs: choice.repairs,
    returnedReply: returnedReply(choice),
    firstReply: choice.drafts[0]?.reply,
    ...(firstKept !== undefined && { firstKept: { index: firstKept.index, text: firstKept.text } }),
    failures: choice.failures,
    ...(choice.revision !== undefined && {
      revision: { status: choice.revision.status, reason: choice.revision.reason, feedback: choice.revision.message },
    }),
  };
}

async function chosenDraft(provider, settings, model, messages, input, revise) {
  const choice = await chooseDraft(model, provider, {
    baseModel: settings.baseModel,
    messages,
    input,
    n: settings.n,
    revise,
    temperature: settings.temperature,
  });
  return { text: choice.text, calls: choice.calls, usage: choice.usage, detail: choiceDetail(choice) };
}

/**
 * Runs one arm for one rewrite of `input` toward `model` (whose style brief is `brief`). Returns
 * { text, calls, usage, detail }; `settings` holds baseModel, temperature and n.
 */
export function runArm(arm, { provider, settings, model, brief, input }) {
  const briefed = () => briefMessages(brief, { kind: 'rewrite', text: input, matchLength: model.matchOutputLength });
  if (arm === 'plain') return singleCall(provider, settings, plainPromptMessages(model, input), input);
  if (arm === 'brief') return singleCall(provider, settings, briefed(), input);
  if (arm === 'choice') return chosenDraft(provider, settings, model, briefed(), input, false);
  if (arm === 'revision') return chosenDraft(provider, settings, model, briefed(), input, true);
  throw new RangeError(`arm must be one of ${ARMS.map((one) => one.id).join(', ')}, got ${arm}`);
}
