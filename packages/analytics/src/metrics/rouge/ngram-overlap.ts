/** Clipped n-gram match counts between a fixed sequence and any other. */
export interface NgramMatches {
  /** Σ over unigrams of min(count in one, count in the other). */
  unigrams: number;
  /** Σ over bigrams of min(count in one, count in the other). */
  bigrams: number;
}

/**
 * Unigram and bigram counts of one id sequence (ids in [0, alphabetSize)), ready to be matched
 * against many others. Matching costs O(other length) with no allocation besides the result:
 * a clipped count is the number of occurrences in the other sequence that still find an unused
 * occurrence here, so one pass with per-n-gram counters gives Σ min(a, b) directly.
 */
export class NgramProfile {
  /** Tokens in the profiled sequence (its unigram count). */
  readonly unigramTotal: number;
  /** Bigrams in the profiled sequence: max(tokens - 1, 0). */
  readonly bigramTotal: number;
  private readonly alphabetSize: number;
  private readonly unigramCounts: Int32Array;
  private readonly unigramUsed: Int32Array;
  /** Bigram key (first × alphabetSize + second) to a dense bigram index. */
  private readonly bigramIndex = new Map<number, number>();
  private readonly bigramCounts: Int32Array;
  private readonly bigramUsed: Int32Array;
  /** Counters to reset after a match; a counter leaves zero at most once per match, so these sizes suffice. */
  private readonly touchedUnigrams: Int32Array;
  private readonly touchedBigrams: Int32Array;

  constructor(ids: Int32Array, alphabetSize: number) {
    this.alphabetSize = alphabetSize;
    this.unigramTotal = ids.length;
    this.bigramTotal = Math.max(ids.length - 1, 0);
    this.unigramCounts = new Int32Array(alphabetSize);
    this.unigramUsed = new Int32Array(alphabetSize);
    for (let i = 0; i < ids.length; i++) this.unigramCounts[ids[i]!]!++;
    const bigramCounts: number[] = [];
    for (let i = 1; i < ids.length; i++) {
      const key = ids[i - 1]! * alphabetSize + ids[i]!;
      const index = this.bigramIndex.get(key);
      if (index === undefined) {
        this.bigramIndex.set(key, bigramCounts.length);
        bigramCounts.push(1);
      } else {
        bigramCounts[index]!++;
      }
    }
    this.bigramCounts = Int32Array.from(bigramCounts);
    this.bigramUsed = new Int32Array(bigramCounts.length);
    this.touchedUnigrams = new Int32Array(ids.length);
    this.touchedBigrams = new Int32Array(this.bigramTotal);
  }

  /** Clipped unigram and bigram matches with `other` (ids outside [0, alphabetSize), e.g. -1, match nothing). */
  match(other: Int32Array): NgramMatches {
    const { alphabetSize, unigramCounts, unigramUsed, bigramIndex, bigramCounts, bigramUsed } = this;
    const { touchedUnigrams, touchedBigrams } = this;
    let unigrams = 0;
    let bigrams = 0;
    let touchedUnigramCount = 0;
    let touchedBigramCount = 0;
    let previous = -1;
    for (let i = 0; i < other.length; i++) {
      const id = other[i]!;
      const known = id >= 0 && id < alphabetSize;
      const usedUnigram = known ? unigramUsed[id]! : 0;
      if (known && usedUnigram < unigramCounts[id]!) {
        unigramUsed[id] = usedUnigram + 1;
        if (usedUnigram === 0) touchedUnigrams[touchedUnigramCount++] = id;
        unigrams++;
      }
      if (known && previous >= 0) {
        const index = bigramIndex.get(previous * alphabetSize + id);
        const usedBigram = index === undefined ? 0 : bigramUsed[index]!;
        if (index !== undefined && usedBigram < bigramCounts[index]!) {
          bigramUsed[index] = usedBigram + 1;
          if (usedBigram === 0) touchedBigrams[touchedBigramCount++] = index;
          bigrams++;
        }
      }
      previous = known ? id : -1;
    }
    // Reset only the counters this call moved off zero.
    for (let k = 0; k < touchedUnigramCount; k++) unigramUsed[touchedUnigrams[k]!] = 0;
    for (let k = 0; k < touchedBigramCount; k++) bigramUsed[touchedBigrams[k]!] = 0;
    return { unigrams, bigrams };
  }
}
