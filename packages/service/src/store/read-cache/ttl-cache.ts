/**
 * A bounded map whose entries are good for a fixed time after the database last confirmed them. The
 * clock is given to every call, so the arithmetic is pure and tests need no timers.
 */

/** An entry as the database last returned it, and when (ms since the epoch). */
export interface Confirmed<V> {
  value: V;
  confirmedAtMs: number;
}

export class TtlCache<V> {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  // Map keeps insertion order: re-inserting on every write makes the first key the oldest write.
  readonly #entries = new Map<string, Confirmed<V>>();

  /** Entries live `ttlMs` after their last confirmation; beyond `maxEntries` the oldest is dropped. */
  constructor(ttlMs: number, maxEntries: number) {
    if (!Number.isFinite(ttlMs) || ttlMs < 0) throw new RangeError('ttlMs must be a finite number of 0 or more');
    if (!Number.isInteger(maxEntries) || maxEntries < 0)
      throw new RangeError('maxEntries must be an integer of 0 or more');
    this.#ttlMs = ttlMs;
    this.#maxEntries = maxEntries;
  }

  /** The entry under `key` if it was confirmed less than the TTL before `nowMs`; an expired one is dropped. */
  get(key: string, nowMs: number): Confirmed<V> | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (nowMs - entry.confirmedAtMs < this.#ttlMs) return entry;
    this.#entries.delete(key);
    return undefined;
  }

  /** Records `value` as confirmed at `nowMs`. */
  set(key: string, value: V, nowMs: number): void {
    if (this.#maxEntries === 0 || this.#ttlMs === 0) return;
    this.#entries.delete(key);
    this.#entries.set(key, { value, confirmedAtMs: nowMs });
    while (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** Drops every entry for which `matches` is true. */
  deleteWhere(matches: (key: string, value: V) => boolean): void {
    for (const [key, entry] of [...this.#entries]) if (matches(key, entry.value)) this.#entries.delete(key);
  }

  /** Entries confirmed less than the TTL before `nowMs` (expired ones are dropped on the way). */
  liveCount(nowMs: number): number {
    let live = 0;
    for (const key of [...this.#entries.keys()]) if (this.get(key, nowMs) !== undefined) live += 1;
    return live;
  }

  get size(): number {
    return this.#entries.size;
  }
}
