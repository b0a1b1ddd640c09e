import { AnalyticsError } from '@styler-dev/analytics/errors';

/**
 * A time budget checked from inside long loops: reading the clock costs little, but only every
 * `every`-th check reads it.
 */
export class Deadline {
  readonly #at: number;
  readonly #every: number;
  #calls = 0;

  /** `at`: milliseconds since the epoch (as Date.now()); undefined or Infinity never expires. */
  constructor(at: number | undefined, every = 32) {
    this.#at = at ?? Infinity;
    this.#every = every;
  }

  /** Throws a `time_budget_exceeded` AnalyticsError once the deadline has passed. */
  check(): void {
    if (this.#at === Infinity) return;
    this.#calls += 1;
    if (this.#calls % this.#every !== 0 && this.#calls !== 1) return;
    if (Date.now() > this.#at) throw new AnalyticsError('time_budget_exceeded');
  }
}
