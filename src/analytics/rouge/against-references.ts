import type { RougeReference } from '../ground-truth-types.js';
import { createLcsPattern, lcsLengthWithPattern } from './lcs.js';
import { NgramProfile } from './ngram-overlap.js';
import { assertString } from './options.js';
import { scoreFromMatches, zeroScore } from './score.js';
import { lcsScore } from './score-texts.js';
import { tokenizeRouge } from './tokenize.js';
import type { RougeNLScores } from './types.js';
import { TokenVocabulary } from './vocabulary.js';

/**
 * What ROUGE keeps of a reference document: its rouge-score tokens with stemming on (the service's
 * setting). Plain JSON, stored with a trained model.
 */
export function prepareRougeReference(text: string): RougeReference {
  assertString(text, 'text');
  return { tokens: tokenizeRouge(text, true) };
}

function assertReferences(references: unknown): asserts references is readonly RougeReference[] {
  if (!Array.isArray(references)) throw new TypeError('references must be an array of RougeReference');
  references.forEach((reference: unknown, index) => {
    const tokens = (reference as { tokens?: unknown } | null)?.tokens;
    if (!Array.isArray(tokens)) throw new TypeError(`references[${index}].tokens must be an array of strings`);
  });
}

/**
 * rouge1, rouge2 and rougeL of `prediction` (stemming on) against prepared references, with
 * rouge-score's multi-reference rule: for each type the reference with the highest F-measure wins
 * (the first on ties) and its precision and recall are reported. No references: all zeros.
 *
 * The prediction is tokenized, profiled and turned into the bit-parallel LCS pattern once; each
 * reference then costs one pass over its tokens plus O(reference × prediction / 32) word operations.
 */
export function rougeAgainstReferences(prediction: string, references: readonly RougeReference[]): RougeNLScores {
  assertString(prediction, 'prediction');
  assertReferences(references);
  const best: RougeNLScores = { rouge1: zeroScore(), rouge2: zeroScore(), rougeL: zeroScore() };
  if (references.length === 0) return best;

  const vocabulary = new TokenVocabulary();
  const predictionIds = vocabulary.encode(tokenizeRouge(prediction, true));
  const profile = new NgramProfile(predictionIds, vocabulary.size);
  const pattern = createLcsPattern(predictionIds, vocabulary.size);
  const predictionTokens = predictionIds.length;
  const predictionBigrams = Math.max(predictionTokens - 1, 0);

  let buffer = new Int32Array(0);
  let first = true;
  for (const reference of references) {
    const tokens = reference.tokens;
    if (buffer.length < tokens.length) buffer = new Int32Array(tokens.length);
    // Reference tokens unknown to the prediction become -1: they can match nothing.
    const ids = vocabulary.lookup(tokens, buffer);
    const matches = profile.match(ids);
    const rouge1 = scoreFromMatches(matches.unigrams, predictionTokens, tokens.length);
    const rouge2 = scoreFromMatches(matches.bigrams, predictionBigrams, Math.max(tokens.length - 1, 0));
    // No shared unigram means an empty LCS: skip the bit-parallel pass.
    const lcs = matches.unigrams === 0 ? 0 : lcsLengthWithPattern(pattern, ids);
    const rougeL = lcsScore(lcs, predictionTokens, tokens.length);
    if (first || rouge1.fmeasure > best.rouge1.fmeasure) best.rouge1 = rouge1;
    if (first || rouge2.fmeasure > best.rouge2.fmeasure) best.rouge2 = rouge2;
    if (first || rougeL.fmeasure > best.rougeL.fmeasure) best.rougeL = rougeL;
    first = false;
  }
  return best;
}
