import { createLcsPattern } from './lcs.js';
import { RougeLcsBacktracker } from './lcs-backtrack.js';
import { scoreFromMatches, zeroScore } from './score.js';
import type { RougeScore } from './types.js';

/** A token id sequence cut into sentences: sentence k is ids[sentenceStarts[k] .. sentenceStarts[k+1]). */
export interface SentencedIds {
  ids: Int32Array;
  /** Start of each non-empty sentence, ascending, first = 0 when there are tokens. */
  sentenceStarts: readonly number[];
}

function sentence(text: SentencedIds, index: number): Int32Array {
  const end = text.sentenceStarts[index + 1] ?? text.ids.length;
  return text.ids.subarray(text.sentenceStarts[index]!, end);
}

/**
 * rougeLsum: rouge-score's summary-level LCS (ROUGE paper, section 3.2). For each target sentence,
 * the union of the target positions in its LCS with every prediction sentence (rouge-score's own
 * backtrack tie-breaking) is taken in position order; each such token is a hit while it still has an
 * unused occurrence in both whole texts (occurrences are consumed, as in ROUGE-1.5.5).
 * precision = hits / prediction tokens, recall = hits / target tokens. Ids in [0, alphabetSize).
 *
 * Sentence pairs that share no token are skipped (their LCS is empty). No table over whole texts is
 * built: each pair runs the bit-parallel LCS with the target sentence as the bit pattern.
 */
export function summaryLevelLcsScore(target: SentencedIds, prediction: SentencedIds, alphabetSize: number): RougeScore {
  const targetTokens = target.ids.length;
  const predictionTokens = prediction.ids.length;
  if (targetTokens === 0 || predictionTokens === 0) return zeroScore();

  const remainingInTarget = new Int32Array(alphabetSize);
  const remainingInPrediction = new Int32Array(alphabetSize);
  for (const id of target.ids) remainingInTarget[id]!++;
  for (const id of prediction.ids) remainingInPrediction[id]!++;

  // Each target sentence gets local ids 0..k-1, so its pattern is sized by the sentence, not the vocabulary.
  const localIdOf = new Int32Array(alphabetSize).fill(-1);
  const predictionSentences = prediction.sentenceStarts.map((_, index) => sentence(prediction, index));
  const backtracker = new RougeLcsBacktracker();
  let hits = 0;
  for (let t = 0; t < target.sentenceStarts.length; t++) {
    const targetSentence = sentence(target, t);
    const localTarget = new Int32Array(targetSentence.length);
    let localAlphabet = 0;
    for (let k = 0; k < targetSentence.length; k++) {
      const id = targetSentence[k]!;
      if (localIdOf[id]! < 0) localIdOf[id] = localAlphabet++;
      localTarget[k] = localIdOf[id]!;
    }
    const pattern = createLcsPattern(localTarget, localAlphabet);
    const inUnion = new Uint8Array(targetSentence.length);
    // A prediction sentence sharing no token with this one has an empty LCS: mark() returns at once.
    for (const predictionSentence of predictionSentences) {
      backtracker.mark(pattern, localTarget, predictionSentence, inUnion, localIdOf);
    }

    for (let k = 0; k < targetSentence.length; k++) {
      if (inUnion[k] === 0) continue;
      const id = targetSentence[k]!;
      if (remainingInPrediction[id]! > 0 && remainingInTarget[id]! > 0) {
        hits++;
        remainingInPrediction[id]!--;
        remainingInTarget[id]!--;
      }
    }
    for (let k = 0; k < targetSentence.length; k++) localIdOf[targetSentence[k]!] = -1;
  }
  return scoreFromMatches(hits, predictionTokens, targetTokens);
}
