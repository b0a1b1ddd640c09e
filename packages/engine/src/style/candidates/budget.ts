/**
 * The cost of one choice of drafts: calls made and tokens used, against an optional cap. A call is
 * made only when it fits: calls so far + 1 ≤ maxCalls, and tokens so far + the call's estimate ≤
 * maxTotalTokens. The first call of a choice is always made (a choice cannot cost nothing).
 */
import type { ChatResult, ChatUsage } from '../../providers/index.js';
import { CANDIDATE_DEFAULTS } from './defaults.js';

/** The most a choice may spend; each limit is optional. */
export interface CostCap {
  /** Most requests to the provider, an integer ≥ 1. */
  maxCalls?: number;
  /** Most tokens (prompt + completion, all calls), an integer ≥ 1. */
  maxTotalTokens?: number;
}

/** Tokens of a text when the provider reports none: characters / CANDIDATE_DEFAULTS.charactersPerToken. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CANDIDATE_DEFAULTS.charactersPerToken);
}

/** Calls and tokens spent so far, and whether another call fits the cap. */
export class CallBudget {
  readonly #cap: CostCap;
  #calls = 0;
  /** Tokens as reported, or estimated for calls without usage: what the cap counts. */
  #tokens = 0;
  /** Calls reserved (started) but not yet settled, with their estimates. */
  #reservedTokens = 0;
  readonly #usage: ChatUsage = { promptTokens: 0, completionTokens: 0, totalTokens: 0 };

  constructor(cap: CostCap) {
    this.#cap = cap;
  }

  /** Requests made (or started) so far. */
  get calls(): number {
    return this.#calls;
  }

  /** Token counts summed over the calls whose provider reported them. */
  get usage(): ChatUsage {
    return { ...this.#usage };
  }

  /** Reserves a call estimated at `tokens` when it fits the cap (always the first); false otherwise. */
  reserve(tokens: number): boolean {
    if (this.#calls > 0) {
      if (this.#cap.maxCalls !== undefined && this.#calls + 1 > this.#cap.maxCalls) return false;
      const spent = this.#tokens + this.#reservedTokens + tokens;
      if (this.#cap.maxTotalTokens !== undefined && spent > this.#cap.maxTotalTokens) return false;
    }
    this.#calls += 1;
    this.#reservedTokens += tokens;
    return true;
  }

  /**
   * The completion tokens a call may ask for per choice (its max_tokens): `wanted`, or less when the
   * token cap leaves less after the prompt (estimated at `promptTokens`) for `choices` completions.
   * Zero or less: the call does not fit.
   */
  completionRoom(promptTokens: number, choices: number, wanted: number): number {
    if (this.#cap.maxTotalTokens === undefined) return wanted;
    const left = this.#cap.maxTotalTokens - this.#tokens - this.#reservedTokens - promptTokens;
    return Math.min(wanted, Math.floor(left / choices));
  }

  /**
   * Settles a reserved call: its usage when reported, else `fallbackTokens` (an estimate from the
   * texts sent and received); a failed call (no result) counts its estimate.
   */
  settle(reservedTokens: number, result: ChatResult | undefined, fallbackTokens: number): void {
    this.#reservedTokens -= reservedTokens;
    const usage = result?.usage;
    if (usage !== undefined) {
      this.#usage.promptTokens += usage.promptTokens;
      this.#usage.completionTokens += usage.completionTokens;
      this.#usage.totalTokens += usage.totalTokens;
      this.#tokens += usage.totalTokens;
    } else {
      this.#tokens += fallbackTokens;
    }
  }
}
