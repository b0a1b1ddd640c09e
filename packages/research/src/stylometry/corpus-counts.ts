/**
 * A corpus's word-form counts held compactly: one vocabulary of ids, and each document's ids and
 * counts in growing typed arrays (about 8 bytes a distinct word a document, against a few hundred
 * for an object of counts), so 100,000 documents fit in memory. From them: the Delta reference
 * exactly as deltaReference makes it from the documents' profiles (same words, same order, same
 * μ and σ bit for bit), and dense count tables of the reference words.
 */
import type { DeltaReference, WordProfile } from '@styler-dev/analytics/metrics';

/** A σ of 0 would divide by zero; it counts as this small (deltaReference's floor). */
const MIN_STD = 1e-9;

/** A typed array that grows by doubling. */
class Growing<T extends Float64Array | Uint32Array> {
  length = 0;
  constructor(
    public values: T,
    private readonly make: (size: number) => T,
  ) {}
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = this.make(Math.max(16, this.values.length * 2));
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
}

/** A Delta reference with each word's id in the counts' vocabulary. */
export interface CountsReference extends DeltaReference {
  ids: Uint32Array;
}

export class CorpusCounts {
  readonly #ids = new Map<string, number>();
  readonly #words: string[] = [];
  /** Where each document's entries start (one more than documents: the end of the last). */
  readonly #starts = new Growing(new Float64Array(16), (size) => new Float64Array(size));
  readonly #entryIds = new Growing(new Uint32Array(1024), (size) => new Uint32Array(size));
  /** Counts as whole numbers, until one is not (a stored profile may hold any). */
  #entryCounts: Growing<Uint32Array> | Growing<Float64Array> = new Growing(
    new Uint32Array(1024),
    (size) => new Uint32Array(size),
  );
  readonly #totals = new Growing(new Float64Array(16), (size) => new Float64Array(size));

  constructor() {
    this.#starts.push(0);
  }

  /** Documents added. */
  get documents(): number {
    return this.#totals.length;
  }

  /** The distinct word forms of all documents, by id (in the order first met). */
  get vocabulary(): readonly string[] {
    return this.#words;
  }

  /** Adds a document's profile (its counts, in their own order, and its total); returns its index. */
  add(profile: WordProfile): number {
    const counts = profile.counts;
    let whole = this.#entryCounts.values instanceof Uint32Array;
    // Object.keys, in Object.entries' order, without an array for each entry.
    for (const word of Object.keys(counts)) {
      const count = counts[word]!;
      let id = this.#ids.get(word);
      if (id === undefined) {
        id = this.#words.length;
        this.#ids.set(word, id);
        this.#words.push(word);
      }
      this.#entryIds.push(id);
      if (whole && !(Number.isInteger(count) && count >= 0 && count < 2 ** 32)) {
        const exact = new Growing(new Float64Array(this.#entryCounts.values.length), (size) => new Float64Array(size));
        exact.values.set(this.#entryCounts.values);
        exact.length = this.#entryCounts.length;
        this.#entryCounts = exact;
        whole = false;
      }
      this.#entryCounts.push(count);
    }
    this.#starts.push(this.#entryIds.length);
    this.#totals.push(profile.total);
    return this.#totals.length - 1;
  }

  /** The total of document `index` (all its word forms). */
  total(index: number): number {
    return this.#totals.values[index]!;
  }

  /** Calls `visit` with each word id and count of document `index`, in the order it was added. */
  forEachCount(index: number, visit: (id: number, count: number) => void): void {
    const end = this.#starts.values[index + 1]!;
    for (let e = this.#starts.values[index]!; e < end; e += 1)
      visit(this.#entryIds.values[e]!, this.#entryCounts.values[e]!);
  }

  /**
   * The reference of Delta over the profiles of `documents` (indices, in order), as
   * deltaReference(profiles, mostFrequent, { culling }) makes it: words by mean relative frequency
   * (ties alphabetical), only those used by at least `culling` % of the profiles; μ and σ
   * (population) of each word's relative frequency, summed in document order.
   */
  reference(documents: readonly number[], mostFrequent: number, culling = 0): CountsReference {
    if (documents.length < 2)
      throw new RangeError('a Delta reference needs at least two profiles (documents or authors)');
    if (!Number.isInteger(mostFrequent) || mostFrequent < 1) {
      throw new RangeError(`mostFrequent must be a positive integer, got ${String(mostFrequent)}`);
    }
    if (typeof culling !== 'number' || !(culling >= 0 && culling <= 100)) {
      throw new RangeError(`culling must be a percentage from 0 to 100, got ${String(culling)}`);
    }
    const share = new Float64Array(this.#words.length);
    const users = new Uint32Array(this.#words.length);
    const seen = new Uint8Array(this.#words.length);
    for (const index of documents) {
      const total = this.total(index);
      if (total === 0) continue;
      this.forEachCount(index, (id, count) => {
        share[id]! += count / total;
        seen[id] = 1;
        if (count > 0) users[id]! += 1;
      });
    }
    const needed = (culling / 100) * documents.length;
    const candidates: number[] = [];
    for (let id = 0; id < this.#words.length; id += 1)
      if (seen[id] === 1 && users[id]! >= needed - 1e-9) candidates.push(id);
    const words = this.#words;
    candidates.sort((a, b) => share[b]! - share[a]! || (words[a]! < words[b]! ? -1 : 1));
    const ids = Uint32Array.from(candidates.slice(0, mostFrequent));
    const m = ids.length;
    // Sums in document order, zeros included, as deltaReference's sums over its rows; a row at a time.
    const column = this.columnsOf(ids);
    const row = new Float64Array(m);
    const sums = new Float64Array(m);
    for (const index of documents) {
      this.frequencyRow(index, column, row);
      for (let w = 0; w < m; w += 1) sums[w]! += row[w]!;
    }
    const mean = Array.from(sums, (sum) => sum / documents.length);
    const squares = new Float64Array(m);
    for (const index of documents) {
      this.frequencyRow(index, column, row);
      for (let w = 0; w < m; w += 1) squares[w]! += (row[w]! - mean[w]!) ** 2;
    }
    const std = Array.from(squares, (sum) => Math.max(MIN_STD, Math.sqrt(sum / documents.length)));
    return { words: Array.from(ids, (id) => words[id]!), mean, std, ids };
  }

  /** Each vocabulary id's column among `ids` (−1: not among them), for countRow and frequencyRow. */
  columnsOf(ids: Uint32Array): Int32Array {
    const column = new Int32Array(this.#words.length).fill(-1);
    ids.forEach((id, c) => (column[id] = c));
    return column;
  }

  /** Document `index`'s counts of the words of `column` (columnsOf) into `row`. */
  countRow(index: number, column: Int32Array, row: Float64Array): Float64Array {
    row.fill(0);
    const end = this.#starts.values[index + 1]!;
    const ids = this.#entryIds.values;
    const counts = this.#entryCounts.values;
    for (let e = this.#starts.values[index]!; e < end; e += 1) {
      const c = column[ids[e]!]!;
      if (c >= 0) row[c] = counts[e]!;
    }
    return row;
  }

  /** Document `index`'s relative frequencies (count / its total; 0 for an empty document) of the words of `column`. */
  frequencyRow(index: number, column: Int32Array, row: Float64Array): Float64Array {
    this.countRow(index, column, row);
    const total = this.total(index);
    for (let c = 0; c < row.length; c += 1) row[c] = total > 0 ? row[c]! / total : 0;
    return row;
  }
}
