/**
 * A ChatProvider that counts what a request's LLM calls cost and stops them at a deadline, so a
 * rewrite whose LLM failed part-way can still say what it spent and leave time for the rule engine.
 */
import { ProviderError, type ChatProvider, type ChatRequest, type ChatResult } from '@styler-dev/engine/providers';

/** Calls made and the tokens their provider reported, over every call so far. */
export interface MeteredCost {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/**
 * Wraps `provider`: every call counts, and at `deadline` (ms since the epoch) every call still open
 * rejects with a ProviderError saying the time budget ran out (the caller's own abort keeps its
 * reason). The deadline is the wrapper's alone, so the pipeline's signal stays the client's: a
 * revision cut short by it is a failed revision, not an aborted request. `close()` clears the timer.
 */
export class MeteredProvider implements ChatProvider {
  readonly name: string;
  readonly cost: MeteredCost = { calls: 0, promptTokens: 0, completionTokens: 0, totalTokens: 0 };
  readonly #inner: ChatProvider;
  readonly #deadline = new AbortController();
  readonly #timer: NodeJS.Timeout;

  constructor(provider: ChatProvider, deadline: number, budgetMs: number) {
    this.name = provider.name;
    this.#inner = provider;
    const reason = new ProviderError(
      'provider_failed',
      `The LLM did not finish within its share of the time budget (${Math.round(budgetMs)} ms of STYLER_REQUEST_TIMEOUT_MS).`,
    );
    this.#timer = setTimeout(() => this.#deadline.abort(reason), Math.max(0, deadline - Date.now()));
  }

  /** True once the deadline has passed. */
  get timedOut(): boolean {
    return this.#deadline.signal.aborted;
  }

  async complete(request: ChatRequest): Promise<ChatResult> {
    this.#deadline.signal.throwIfAborted();
    this.cost.calls += 1;
    const result = await this.#inner.complete({ ...request, signal: this.#signal(request.signal) });
    if (result.usage !== undefined) {
      this.cost.promptTokens += result.usage.promptTokens;
      this.cost.completionTokens += result.usage.completionTokens;
      this.cost.totalTokens += result.usage.totalTokens;
    }
    return result;
  }

  stream(request: ChatRequest): AsyncIterable<string> {
    this.#deadline.signal.throwIfAborted();
    this.cost.calls += 1;
    return this.#inner.stream({ ...request, signal: this.#signal(request.signal) });
  }

  close(): void {
    clearTimeout(this.#timer);
  }

  #signal(caller: AbortSignal | undefined): AbortSignal {
    return caller === undefined ? this.#deadline.signal : AbortSignal.any([caller, this.#deadline.signal]);
  }
}
