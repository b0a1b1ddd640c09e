import { createLcsPattern, lcsLengthWithPattern } from './lcs.js';
import type { ReferenceIndex } from './reference-index.js';
import { lcsScore } from './score.js';
import type { RougeScore } from './types.js';

/** The winning reference of one ROUGE type and its score. */
export interface ChosenScore {
  /** Index of the winning reference; -1 when there are no references. */
  referenceIndex: number;
  score: RougeScore;
}

/**
 * Reference indices ordered by `bounds` descending, then by index ascending (the order in which a
 * winner search that keeps the first maximum must visit them to stop early).
 */
function byBoundDescending(bounds: Float64Array): Int32Array {
  const order = Int32Array.from(bounds, (_, r) => r);
  return order.sort((a, b) => bounds[b]! - bounds[a]! || a - b);
}

/**
 * rougeL against every indexed reference, keeping the first reference with the highest F-measure
 * (rouge-score's multi-reference rule) and its precision and recall.
 *
 * The prediction is the bit-parallel pattern, built once: only its tokens that occur in some
 * reference are kept (the others can match nothing, and dropping them leaves every LCS unchanged;
 * precision still divides by the full `predictionIds.length`). Each reference is read as its tokens
 * that occur in the pattern, translated to pattern ids.
 *
 * Pruning (`prune`, default on) is exact. LCS ≤ the clipped unigram overlap, and with n prediction
 * and m reference tokens rougeL's F = 2·LCS / (n + m) grows with LCS, so the F of the overlap is an
 * upper bound on a reference's rougeL F. That bound is evaluated by the same `lcsScore` as the real
 * score; between two integers the two F values differ by a relative 1 / LCS or more, far beyond
 * rounding, so the computed F never exceeds the computed bound. References are visited by bound,
 * highest first (lower index first on equal bounds); the search stops at the first bound below the
 * best F found, and skips a reference whose bound only equals it with a higher index than the best
 * (it could at most tie, and ties go to the lower index). The result is the exhaustive one.
 *
 * `predictionIds`: vocabulary ids of the index, -1 for tokens no reference has. `unigramOverlaps[r]`:
 * clipped unigram overlap with reference r.
 */
export function bestLcsReference(
  index: ReferenceIndex,
  predictionIds: Int32Array,
  unigramOverlaps: Int32Array,
  prune = true,
): ChosenScore {
  const { referenceCount, tokenIds, tokenStart } = index;
  const predictionTokens = predictionIds.length;

  // Pattern ids: 0 .. patternAlphabet - 1 for the prediction's distinct known tokens.
  const patternIdOf = new Int32Array(index.vocabularySize).fill(-1);
  const patternIds = new Int32Array(predictionTokens);
  let patternLength = 0;
  let patternAlphabet = 0;
  for (let i = 0; i < predictionTokens; i++) {
    const id = predictionIds[i]!;
    if (id < 0) continue;
    if (patternIdOf[id]! < 0) patternIdOf[id] = patternAlphabet++;
    patternIds[patternLength++] = patternIdOf[id]!;
  }
  const pattern = createLcsPattern(patternIds.subarray(0, patternLength), patternAlphabet);

  const bounds = new Float64Array(referenceCount);
  let longestReference = 0;
  for (let r = 0; r < referenceCount; r++) {
    const referenceTokens = tokenStart[r + 1]! - tokenStart[r]!;
    bounds[r] = lcsScore(unigramOverlaps[r]!, predictionTokens, referenceTokens).fmeasure;
    longestReference = Math.max(longestReference, referenceTokens);
  }
  const order = prune ? byBoundDescending(bounds) : Int32Array.from(bounds, (_, r) => r);

  const columns = new Int32Array(longestReference);
  let best: ChosenScore = { referenceIndex: -1, score: lcsScore(0, 0, 0) };
  for (const r of order) {
    const bound = bounds[r]!;
    if (prune && best.referenceIndex >= 0) {
      if (bound < best.score.fmeasure) break;
      if (bound === best.score.fmeasure && r > best.referenceIndex) continue;
    }
    let lcs = 0;
    // No shared token means an empty LCS: no bit-parallel pass.
    if (unigramOverlaps[r]! > 0) {
      // Keep the reference tokens the pattern has, as pattern ids; written without a branch, since
      // whether a token is kept is close to a coin flip.
      let count = 0;
      for (let i = tokenStart[r]!; i < tokenStart[r + 1]!; i++) {
        const patternId = patternIdOf[tokenIds[i]!]!;
        columns[count] = patternId;
        count += (patternId >>> 31) ^ 1;
      }
      lcs = lcsLengthWithPattern(pattern, columns.subarray(0, count));
    }
    const score = lcsScore(lcs, predictionTokens, tokenStart[r + 1]! - tokenStart[r]!);
    const better =
      best.referenceIndex < 0 ||
      score.fmeasure > best.score.fmeasure ||
      (score.fmeasure === best.score.fmeasure && r < best.referenceIndex);
    if (better) best = { referenceIndex: r, score };
  }
  return best;
}
