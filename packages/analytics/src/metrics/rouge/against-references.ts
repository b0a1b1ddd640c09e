import type { RougeReference } from '../ground-truth-types.js';
import { bestLcsReferences, type BestLcsOptions, type ChosenScore } from './best-lcs.js';
import { assertString } from './options.js';
import { referenceIndexFor, type ReferenceIndex } from './reference-index.js';
import { referenceOverlaps } from './reference-overlap.js';
import { scoreFromMatches, zeroScore } from './score.js';
import { stemRougeToken, tokenizeRouge } from './tokenize.js';
import type { RougeNLScores } from './types.js';

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

/** Id of the stem of each raw (unstemmed) token met, per index; DROPPED for an empty stem. */
const stemIds = new WeakMap<ReferenceIndex, Map<string, number>>();
const DROPPED = -2;
/** Past this many raw tokens an index's map is dropped and refilled, which bounds memory. */
const STEM_IDS_LIMIT = 100_000;

/**
 * The ids in `index` of the tokens of `tokenizeRouge(text, true)`, read from the unstemmed tokens:
 * one Map lookup per token where the stem cache and then the index's table (which hashes the
 * stem's characters again) took two. Tokens whose stem is empty are left out, as rouge-score does.
 */
function stemmedTokenIds(index: ReferenceIndex, text: string): Int32Array {
  let known = stemIds.get(index);
  if (known === undefined) {
    known = new Map();
    stemIds.set(index, known);
  }
  const raw = tokenizeRouge(text, false);
  const ids = new Int32Array(raw.length);
  let length = 0;
  for (const token of raw) {
    let id = known.get(token);
    if (id === undefined) {
      const stem = stemRougeToken(token);
      id = stem.length === 0 ? DROPPED : index.tokenIdTable.idOf(stem);
      if (known.size >= STEM_IDS_LIMIT) known.clear();
      known.set(token, id);
    }
    if (id !== DROPPED) ids[length++] = id;
  }
  return length === raw.length ? ids : ids.subarray(0, length);
}

/** Multi-reference scores with, per type, the index of the winning reference (-1: no references). */
export interface ChosenRougeNLScores {
  scores: RougeNLScores;
  chosenReferenceIndex: Record<keyof RougeNLScores, number>;
}

/** The first reference with the highest F-measure, among `count` scores given by `scoreOf`. */
function firstBest(count: number, scoreOf: (r: number) => ChosenScore['score']): ChosenScore {
  let best: ChosenScore = { referenceIndex: -1, score: zeroScore() };
  for (let r = 0; r < count; r++) {
    const score = scoreOf(r);
    if (best.referenceIndex < 0 || score.fmeasure > best.score.fmeasure) best = { referenceIndex: r, score };
  }
  return best;
}

/**
 * rouge1, rouge2 and rougeL of tokenized predictions against an index, with the winners' indices.
 * `options` pick the LCS engine and can turn pruning off; the results are the same (tests use them).
 */
export function scoreManyAgainstIndex(
  predictionTokens: ReadonlyArray<readonly string[]>,
  index: ReferenceIndex,
  options: BestLcsOptions = {},
): ChosenRougeNLScores[] {
  const predictionIds = predictionTokens.map((tokens) => {
    const ids = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) ids[i] = index.tokenIdTable.idOf(tokens[i]!);
    return ids;
  });
  return scoreIdsAgainstIndex(predictionIds, index, options);
}

/** `scoreManyAgainstIndex` of predictions already given as token ids of the index (-1: in no reference). */
function scoreIdsAgainstIndex(
  predictionIds: readonly Int32Array[],
  index: ReferenceIndex,
  options: BestLcsOptions = {},
): ChosenRougeNLScores[] {
  const referenceTokens = (r: number): number => index.tokenStart[r + 1]! - index.tokenStart[r]!;
  const predictions = predictionIds.map((ids) => ({ ids, overlaps: referenceOverlaps(index, ids) }));
  const rougeL = bestLcsReferences(
    index,
    predictions.map(({ ids, overlaps }) => ({ ids, unigramOverlaps: overlaps.unigrams })),
    options,
  );
  return predictions.map(({ ids, overlaps }, p) => {
    const predictionLength = ids.length;
    const predictionBigrams = Math.max(predictionLength - 1, 0);
    const rouge1 = firstBest(index.referenceCount, (r) =>
      scoreFromMatches(overlaps.unigrams[r]!, predictionLength, referenceTokens(r)),
    );
    const rouge2 = firstBest(index.referenceCount, (r) =>
      scoreFromMatches(overlaps.bigrams[r]!, predictionBigrams, Math.max(referenceTokens(r) - 1, 0)),
    );
    const chosenL = rougeL[p]!;
    return {
      scores: { rouge1: rouge1.score, rouge2: rouge2.score, rougeL: chosenL.score },
      chosenReferenceIndex: {
        rouge1: rouge1.referenceIndex,
        rouge2: rouge2.referenceIndex,
        rougeL: chosenL.referenceIndex,
      },
    };
  });
}

/**
 * rouge1, rouge2 and rougeL of each prediction (stemming on) against prepared references, with
 * rouge-score's multi-reference rule: for each type the reference with the highest F-measure wins
 * (the first on ties) and its precision and recall are reported. No references: all zeros.
 *
 * The references are indexed once (integer ids, n-gram counts) and the index is cached for this
 * `references` array, so later calls with the same array skip that step: a ground truth must not be
 * edited in place once scored (see `referenceIndexFor`). Each prediction then costs one pass over the
 * references' distinct n-grams plus the bit-parallel LCS of the references that can still win rougeL,
 * two predictions sharing each pass (see `bestLcsReferences`): score a pair of texts in one call.
 */
export function rougeAgainstReferencesMany(
  predictions: readonly string[],
  references: readonly RougeReference[],
): RougeNLScores[] {
  if (!Array.isArray(predictions)) throw new TypeError('predictions must be an array of strings');
  predictions.forEach((prediction: unknown, index) => assertString(prediction, `predictions[${index}]`));
  assertReferences(references);
  if (references.length === 0) {
    return predictions.map(() => ({ rouge1: zeroScore(), rouge2: zeroScore(), rougeL: zeroScore() }));
  }
  const index = referenceIndexFor(references);
  const ids = predictions.map((prediction) => stemmedTokenIds(index, prediction));
  return scoreIdsAgainstIndex(ids, index).map((chosen) => chosen.scores);
}

/** `rougeAgainstReferencesMany([prediction], references)[0]`: one prediction's multi-reference scores. */
export function rougeAgainstReferences(prediction: string, references: readonly RougeReference[]): RougeNLScores {
  assertString(prediction, 'prediction');
  return rougeAgainstReferencesMany([prediction], references)[0]!;
}
