import { createLcsPattern, lcsLengthWithPattern } from './lcs.js';
import { sharedPairedLcs } from './lcs-simd.js';
import type { ReferenceIndex } from './reference-index.js';
import { lcsScore } from './score.js';
import type { RougeScore } from './types.js';

/** The winning reference of one ROUGE type and its score. */
export interface ChosenScore {
  /** Index of the winning reference; -1 when there are no references. */
  referenceIndex: number;
  score: RougeScore;
}

/** One prediction as the rougeL search needs it. */
export interface LcsPrediction {
  /** Ids of the index's vocabulary, -1 for tokens no reference has. */
  ids: Int32Array;
  /** Clipped unigram overlap with each reference. */
  unigramOverlaps: Int32Array;
}

/** How LCS lengths are computed: 'auto' = the WebAssembly SIMD kernel where it runs, else JavaScript. */
export type LcsEngineChoice = 'auto' | 'js';

export interface BestLcsOptions {
  /** Skip references that cannot win (exact; default true). False computes every LCS. */
  prune?: boolean;
  engine?: LcsEngineChoice;
  /** When given, counts the LCS passes over references made (for tests and benchmarks). */
  stats?: { lcsPasses: number };
}

/** LCS lengths of one or two patterns (lanes) with a text written into `columns`. */
interface LcsEngine {
  /** Where the caller writes the text, as pattern-alphabet ids. */
  readonly columns: Int32Array;
  /**
   * LCS of the lanes in the bit set `lanes` with columns[0 .. count), into lengths[lane]. Returns the
   * lanes actually computed, which may include more than asked.
   */
  lcs(count: number, lanes: number, lengths: Int32Array): number;
}

function javaScriptEngine(patterns: readonly Int32Array[], alphabetSize: number, maxColumns: number): LcsEngine {
  const prepared = patterns.map((ids) => createLcsPattern(ids, alphabetSize));
  const columns = new Int32Array(maxColumns);
  return {
    columns,
    lcs(count, lanes, lengths) {
      const text = columns.subarray(0, count);
      prepared.forEach((pattern, lane) => {
        if ((lanes & (1 << lane)) !== 0) lengths[lane] = lcsLengthWithPattern(pattern, text);
      });
      return lanes;
    },
  };
}

/** Both lanes in one SIMD pass; null where the kernel cannot run or the patterns are too long for it. */
function simdEngine(patterns: readonly Int32Array[], alphabetSize: number, maxColumns: number): LcsEngine | null {
  const kernel = sharedPairedLcs();
  if (kernel === null) return null;
  const columns = kernel.load([patterns[0]!, patterns[1] ?? new Int32Array(0)], alphabetSize, maxColumns);
  if (columns === null) return null;
  const allLanes = (1 << patterns.length) - 1;
  return {
    columns,
    lcs(count, _lanes, lengths) {
      kernel.lcs(count, lengths);
      return allLanes;
    },
  };
}

/** The rougeL winner search of one prediction: which references it still has to compute. */
class LaneSearch {
  best: ChosenScore = { referenceIndex: -1, score: lcsScore(0, 0, 0) };
  private readonly bounds: Float64Array;
  private readonly order: Int32Array;
  private readonly computed: Uint8Array;
  private cursor = 0;

  constructor(
    private readonly index: ReferenceIndex,
    readonly prediction: LcsPrediction,
    private readonly prune: boolean,
  ) {
    const { referenceCount, tokenStart } = index;
    const predictionTokens = prediction.ids.length;
    this.bounds = new Float64Array(referenceCount);
    for (let r = 0; r < referenceCount; r++) {
      const referenceTokens = tokenStart[r + 1]! - tokenStart[r]!;
      this.bounds[r] = lcsScore(prediction.unigramOverlaps[r]!, predictionTokens, referenceTokens).fmeasure;
    }
    const bounds = this.bounds;
    this.order = Int32Array.from(bounds, (_, r) => r);
    // Highest bound first, lower index first on equal bounds.
    if (prune) this.order.sort((a, b) => bounds[b]! - bounds[a]! || a - b);
    this.computed = new Uint8Array(referenceCount);
  }

  /** The next reference whose LCS this prediction needs, or -1 once its winner is settled. */
  next(): number {
    const { order, computed, bounds, best } = this;
    for (; this.cursor < order.length; this.cursor++) {
      const r = order[this.cursor]!;
      if (computed[r] === 1) continue;
      if (this.prune && best.referenceIndex >= 0) {
        if (bounds[r]! < best.score.fmeasure) break;
        if (bounds[r] === best.score.fmeasure && r > best.referenceIndex) continue;
      }
      return r;
    }
    this.cursor = order.length;
    return -1;
  }

  /** Takes reference r's LCS length into account (once per reference). */
  record(r: number, lcs: number): void {
    if (this.computed[r] === 1) return;
    this.computed[r] = 1;
    const referenceTokens = this.index.tokenStart[r + 1]! - this.index.tokenStart[r]!;
    const score = lcsScore(lcs, this.prediction.ids.length, referenceTokens);
    const best = this.best;
    const better =
      best.referenceIndex < 0 ||
      score.fmeasure > best.score.fmeasure ||
      (score.fmeasure === best.score.fmeasure && r < best.referenceIndex);
    if (better) this.best = { referenceIndex: r, score };
  }
}

/** rougeL winners of one or two predictions, sharing each reference's pass between them. */
function bestLcsOfGroup(
  index: ReferenceIndex,
  group: readonly LcsPrediction[],
  options: BestLcsOptions,
): ChosenScore[] {
  const { tokenIds, tokenStart, referenceCount } = index;
  // One pattern alphabet for the group: the distinct tokens of its predictions that some reference
  // has. The other tokens can match nothing; leaving them out of a pattern leaves its LCS unchanged.
  const patternIdOf = new Int32Array(index.vocabularySize).fill(-1);
  let alphabetSize = 0;
  const patterns = group.map(({ ids }) => {
    const pattern = new Int32Array(ids.length);
    let length = 0;
    for (const id of ids) {
      if (id < 0) continue;
      if (patternIdOf[id]! < 0) patternIdOf[id] = alphabetSize++;
      pattern[length++] = patternIdOf[id]!;
    }
    return pattern.subarray(0, length);
  });
  let longestReference = 0;
  for (let r = 0; r < referenceCount; r++)
    longestReference = Math.max(longestReference, tokenStart[r + 1]! - tokenStart[r]!);
  const engine =
    (options.engine !== 'js' ? simdEngine(patterns, alphabetSize, longestReference) : null) ??
    javaScriptEngine(patterns, alphabetSize, longestReference);

  const lanes = group.map((prediction) => new LaneSearch(index, prediction, options.prune ?? true));
  const lengths = new Int32Array(2);
  for (;;) {
    const wanted = lanes.map((lane) => lane.next());
    if (wanted.every((r) => r < 0)) break;
    for (const r of new Set(wanted)) {
      if (r < 0) continue;
      let asking = 0;
      let needPass = 0;
      lanes.forEach((lane, l) => {
        if (wanted[l] !== r) return;
        asking |= 1 << l;
        // No shared token means an empty LCS: no pass for that lane.
        if (lane.prediction.unigramOverlaps[r]! > 0) needPass |= 1 << l;
      });
      let computed = 0;
      if (needPass !== 0) {
        // The reference's tokens that some pattern has, as pattern ids; written without a branch,
        // since whether a token is kept is close to a coin flip.
        const columns = engine.columns;
        let count = 0;
        for (let i = tokenStart[r]!; i < tokenStart[r + 1]!; i++) {
          const patternId = patternIdOf[tokenIds[i]!]!;
          columns[count] = patternId;
          count += (patternId >>> 31) ^ 1;
        }
        computed = engine.lcs(count, needPass, lengths);
        if (options.stats !== undefined) options.stats.lcsPasses++;
      }
      lanes.forEach((lane, l) => {
        if ((computed & (1 << l)) !== 0) lane.record(r, lengths[l]!);
        else if ((asking & (1 << l)) !== 0) lane.record(r, 0);
      });
    }
  }
  return lanes.map((lane) => lane.best);
}

/**
 * rougeL of each prediction against every indexed reference, keeping the first reference with the
 * highest F-measure (rouge-score's multi-reference rule) and its precision and recall.
 *
 * Predictions go two at a time: each is a bit-parallel pattern, built once, and one pass over a
 * reference's tokens advances both (two 64-bit lanes of the SIMD kernel, or two JavaScript passes).
 * Precision divides by the prediction's full length, tokens unknown to the references included.
 *
 * Pruning (`prune`, default on) is exact. LCS ≤ the clipped unigram overlap, and with n prediction
 * and m reference tokens rougeL's F = 2·LCS / (n + m) grows with LCS, so the F of the overlap is an
 * upper bound on a reference's rougeL F. The bound is evaluated by the same `lcsScore` as the real
 * score; between two integers the two F values differ by a relative 1 / LCS or more, far beyond
 * rounding, so a computed F never exceeds its computed bound. Each prediction visits references by
 * bound, highest first (lower index first on equal bounds), stops at the first bound below its best
 * F, and skips a reference whose bound only equals its best F with a higher index than the best (it
 * could at most tie, and ties go to the lower index). LCS lengths computed for the other prediction
 * of the pair are exact too, and only ever taken into account. So the result is the exhaustive one.
 */
export function bestLcsReferences(
  index: ReferenceIndex,
  predictions: readonly LcsPrediction[],
  options: BestLcsOptions = {},
): ChosenScore[] {
  // Pairs only pay off in the SIMD kernel; JavaScript passes go one prediction at a time, so that
  // each skips the reference tokens its own pattern lacks.
  const groupSize = options.engine !== 'js' && sharedPairedLcs() !== null ? 2 : 1;
  const chosen: ChosenScore[] = [];
  for (let start = 0; start < predictions.length; start += groupSize) {
    chosen.push(...bestLcsOfGroup(index, predictions.slice(start, start + groupSize), options));
  }
  return chosen;
}
