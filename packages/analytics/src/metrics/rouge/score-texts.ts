import { lcsLength } from './lcs.js';
import { NgramProfile } from './ngram-overlap.js';
import { assertString, resolveRougeOptions } from './options.js';
import { lcsScore, scoreFromMatches, zeroScore } from './score.js';
import { summaryLevelLcsScore } from './summary-lcs.js';
import { tokenizeRougeLines, type RougeTokens } from './tokenize.js';
import { ROUGE_TYPES, type RougeOptions, type RougeScores, type RougeType } from './types.js';
import { TokenVocabulary } from './vocabulary.js';

/** All four scores for two tokenized texts. */
function scoreTokenized(target: RougeTokens, prediction: RougeTokens): RougeScores {
  const vocabulary = new TokenVocabulary();
  const targetIds = vocabulary.encode(target.tokens);
  const predictionIds = vocabulary.encode(prediction.tokens);
  const alphabetSize = vocabulary.size;
  const matches = new NgramProfile(predictionIds, alphabetSize).match(targetIds);
  const targetBigrams = Math.max(targetIds.length - 1, 0);
  const predictionBigrams = Math.max(predictionIds.length - 1, 0);
  return {
    rouge1: scoreFromMatches(matches.unigrams, predictionIds.length, targetIds.length),
    rouge2: scoreFromMatches(matches.bigrams, predictionBigrams, targetBigrams),
    rougeL: lcsScore(lcsLength(targetIds, predictionIds, alphabetSize), predictionIds.length, targetIds.length),
    rougeLsum: summaryLevelLcsScore(
      { ids: targetIds, sentenceStarts: target.lineStarts },
      { ids: predictionIds, sentenceStarts: prediction.lineStarts },
      alphabetSize,
    ),
  };
}

/**
 * rouge-score's `RougeScorer(['rouge1', 'rouge2', 'rougeL', 'rougeLsum'], use_stemmer).score(target,
 * prediction)`: each type's precision, recall and F-measure, all in [0, 1]. Reproduces rouge-score
 * 0.1.2 to 1e-9 (see docs/ACCURACY.md). Stemming is off unless `useStemmer` is true.
 */
export function rouge(target: string, prediction: string, options?: RougeOptions): RougeScores {
  assertString(target, 'target');
  assertString(prediction, 'prediction');
  const { useStemmer } = resolveRougeOptions(options);
  return scoreTokenized(tokenizeRougeLines(target, useStemmer), tokenizeRougeLines(prediction, useStemmer));
}

/** Multi-target result: the winning score per type and which target won it. */
export interface MultiRougeScores extends RougeScores {
  /** Per type, the index in `targets` of the winning target; -1 when `targets` is empty. */
  chosenTargetIndex: Record<RougeType, number>;
}

/**
 * rouge-score's `score_multi(targets, prediction)`: the prediction is scored against each target
 * and, for each ROUGE type independently, the target with the highest F-measure is kept (the first
 * one on ties, as numpy's argmax). An empty `targets` list gives all zeros with index -1
 * (rouge-score itself would raise).
 */
export function scoreMulti(targets: readonly string[], prediction: string, options?: RougeOptions): MultiRougeScores {
  if (!Array.isArray(targets)) throw new TypeError('targets must be an array of strings');
  targets.forEach((target, index) => assertString(target, `targets[${index}]`));
  assertString(prediction, 'prediction');
  const { useStemmer } = resolveRougeOptions(options);
  const predictionTokens = tokenizeRougeLines(prediction, useStemmer);

  const best: MultiRougeScores = {
    rouge1: zeroScore(),
    rouge2: zeroScore(),
    rougeL: zeroScore(),
    rougeLsum: zeroScore(),
    chosenTargetIndex: { rouge1: -1, rouge2: -1, rougeL: -1, rougeLsum: -1 },
  };
  targets.forEach((target, index) => {
    const scores = scoreTokenized(tokenizeRougeLines(target, useStemmer), predictionTokens);
    for (const type of ROUGE_TYPES) {
      if (best.chosenTargetIndex[type] < 0 || scores[type].fmeasure > best[type].fmeasure) {
        best[type] = scores[type];
        best.chosenTargetIndex[type] = index;
      }
    }
  });
  return best;
}
