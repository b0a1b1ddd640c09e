/**
 * Bounds how many .docx extractions run at once, in the process and per organization: each takes up
 * to its worker's heap, so the bound is what holds the process's memory. Extractions past the bound
 * wait in arrival order; an organization with too many waiting is told to retry (429), so one
 * tenant's burst neither fills the memory nor the queue of the others.
 */
import { ServiceError } from '../errors.js';

/** The gate's bounds. */
export interface ExtractionGateLimits {
  /** Extractions running at once in the process. */
  perProcess: number;
  /** Extractions running at once for one organization. */
  perOrganization: number;
  /** Extractions one organization may have waiting; past it, 429 rate_limited. */
  waitingPerOrganization: number;
}

interface Waiter {
  organizationId: string;
  start: () => void;
}

/** A fair semaphore over extractions, keyed by organization. */
export class ExtractionGate {
  readonly #limits: ExtractionGateLimits;
  #running = 0;
  readonly #runningBy = new Map<string, number>();
  readonly #waitingBy = new Map<string, number>();
  readonly #queue: Waiter[] = [];

  constructor(limits: ExtractionGateLimits) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < 1)
        throw new RangeError(`${name} must be a positive integer, got ${value}`);
    }
    this.#limits = { ...limits };
  }

  /** Extractions running now (for tests and health). */
  get running(): number {
    return this.#running;
  }

  /** Runs `task` once a slot is free for the process and for `organizationId`. */
  async run<T>(organizationId: string, task: () => Promise<T>): Promise<T> {
    if (this.#canStart(organizationId)) {
      this.#acquire(organizationId);
    } else {
      const waiting = this.#waitingBy.get(organizationId) ?? 0;
      if (waiting >= this.#limits.waitingPerOrganization) {
        throw new ServiceError('rate_limited', 'Too many .docx uploads in progress: retry shortly.');
      }
      this.#waitingBy.set(organizationId, waiting + 1);
      // #release takes the slot for the waiter before it resumes.
      await new Promise<void>((start) => this.#queue.push({ organizationId, start }));
      this.#waitingBy.set(organizationId, (this.#waitingBy.get(organizationId) ?? 1) - 1);
    }
    try {
      return await task();
    } finally {
      this.#release(organizationId);
    }
  }

  #canStart(organizationId: string): boolean {
    return (
      this.#running < this.#limits.perProcess &&
      (this.#runningBy.get(organizationId) ?? 0) < this.#limits.perOrganization
    );
  }

  #acquire(organizationId: string): void {
    this.#running += 1;
    this.#runningBy.set(organizationId, (this.#runningBy.get(organizationId) ?? 0) + 1);
  }

  #release(organizationId: string): void {
    this.#running -= 1;
    const left = (this.#runningBy.get(organizationId) ?? 1) - 1;
    if (left === 0) this.#runningBy.delete(organizationId);
    else this.#runningBy.set(organizationId, left);
    // The first waiter whose organization has room starts.
    const index = this.#queue.findIndex((waiter) => this.#canStart(waiter.organizationId));
    if (index < 0) return;
    const [waiter] = this.#queue.splice(index, 1);
    if (!waiter) return;
    this.#acquire(waiter.organizationId);
    waiter.start();
  }
}
