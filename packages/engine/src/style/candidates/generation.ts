/**
 * Asking a provider for n drafts: one request with the API's `n`; when fewer choices come back (a
 * server that ignores `n`, such as Ollama's OpenAI endpoint or llama.cpp), parallel requests for the
 * rest, each at its own temperature, as far as the cost cap allows.
 */
import { MAX_TEMPERATURE, type ChatMessage, type ChatProvider, type ChatResult } from '../../providers/index.js';
import { CallBudget, estimateTokens } from './budget.js';
import { CANDIDATE_DEFAULTS } from './defaults.js';

/** One request's worth of what to send (validated by the caller). */
export interface DraftRequest {
  baseModel: string;
  messages: ChatMessage[];
  temperature: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

/** One draft as the provider returned it. */
export interface GeneratedDraft {
  content: string;
  finishReason: string;
  /** The sampling temperature of the request that produced it. */
  temperature: number;
}

/** The drafts, and the messages of extra requests that failed (the first request's failure rejects). */
export interface Generation {
  drafts: GeneratedDraft[];
  failures: string[];
}

/**
 * `count` temperatures near `base` for parallel drafts, none equal to it or to each other:
 * base + step, base − step, base + 2·step, … (CANDIDATE_DEFAULTS.temperatureStep), skipping those
 * outside [0, MAX_TEMPERATURE]. At most 2 / step of them exist.
 */
export function variedTemperatures(base: number, count: number): number[] {
  const step = CANDIDATE_DEFAULTS.temperatureStep;
  const out: number[] = [];
  for (let k = 1; out.length < count && k <= (2 * MAX_TEMPERATURE) / step; k += 1) {
    const value = Math.round((base + step * Math.ceil(k / 2) * (k % 2 === 1 ? 1 : -1)) * 100) / 100;
    if (value >= 0 && value <= MAX_TEMPERATURE) out.push(value);
  }
  return out;
}

function choicesOf(result: ChatResult): { content: string; finishReason: string }[] {
  return result.choices !== undefined && result.choices.length > 0
    ? result.choices
    : [{ content: result.content, finishReason: result.finishReason }];
}

/** Tokens of a call estimated from its texts, for providers that report no usage. */
function estimatedCall(messages: readonly ChatMessage[], replies: readonly string[]): number {
  return (
    messages.reduce((sum, message) => sum + estimateTokens(message.content), 0) +
    replies.reduce((sum, reply) => sum + estimateTokens(reply), 0)
  );
}

/** Sends one request for `n` choices through the budget (already reserved with `reserved` tokens). */
async function call(
  provider: ChatProvider,
  request: DraftRequest,
  temperature: number,
  n: number,
  budget: CallBudget,
  reserved: number,
): Promise<ChatResult> {
  let result: ChatResult | undefined;
  try {
    result = await provider.complete({
      model: request.baseModel,
      messages: request.messages,
      temperature,
      ...(n > 1 && { n }),
      ...(request.maxTokens !== undefined && { maxTokens: request.maxTokens }),
      ...(request.signal !== undefined && { signal: request.signal }),
    });
    return result;
  } finally {
    const replies = result ? choicesOf(result).map((choice) => choice.content) : [];
    budget.settle(reserved, result, estimatedCall(request.messages, replies));
  }
}

/**
 * Up to `n` drafts for `request`. The first request asks for all n (the API's `n`); if fewer come
 * back, the rest are asked for one per request, in parallel, at variedTemperatures, each only if it
 * fits the budget (estimated as the first request's tokens per choice). The first request is
 * always made and its failure rejects; a later request's failure is reported in `failures` (unless
 * the caller aborted: then the abort's reason rejects).
 */
export async function generateDrafts(
  provider: ChatProvider,
  request: DraftRequest,
  n: number,
  budget: CallBudget,
): Promise<Generation> {
  const prompt = estimatedCall(request.messages, []);
  // Under a token cap, each choice's max_tokens is what the cap leaves after the prompt.
  const room = budget.completionRoom(prompt, n, request.maxTokens ?? Number.POSITIVE_INFINITY);
  if (room < 1) throw new RangeError('the token cap leaves no room for a draft: raise maxTotalTokens');
  const capped: DraftRequest = Number.isFinite(room) ? { ...request, maxTokens: room } : request;
  const firstEstimate = prompt + (capped.maxTokens ?? 0) * n;
  budget.reserve(firstEstimate);
  const first = await call(provider, capped, request.temperature, n, budget, firstEstimate);
  const firstChoices = choicesOf(first).slice(0, n);
  const drafts: GeneratedDraft[] = firstChoices.map((choice) => ({ ...choice, temperature: request.temperature }));
  const failures: string[] = [];
  if (drafts.length >= n) return { drafts, failures };

  const perCall =
    first.usage !== undefined
      ? first.usage.promptTokens + Math.ceil(first.usage.completionTokens / Math.max(1, firstChoices.length))
      : estimatedCall(request.messages, [firstChoices[0]?.content ?? '']);
  // Under a token cap an extra request is reserved at its most (prompt + max_tokens), so no call can pass the cap.
  const reserved =
    capped.maxTokens !== undefined && Number.isFinite(room) ? Math.max(perCall, prompt + capped.maxTokens) : perCall;
  const extra = variedTemperatures(request.temperature, n - drafts.length).filter(() => budget.reserve(reserved));
  const settled = await Promise.allSettled(
    extra.map((temperature) => call(provider, capped, temperature, 1, budget, reserved)),
  );
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') {
      const choice = choicesOf(outcome.value)[0];
      if (choice !== undefined) drafts.push({ ...choice, temperature: extra[index]! });
      return;
    }
    if (request.signal?.aborted) throw request.signal.reason;
    failures.push(outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason));
  });
  return { drafts, failures };
}
