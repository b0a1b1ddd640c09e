/**
 * ROUGE as Google's rouge-score computes it (rouge1, rouge2, rougeL, rougeLsum), reproduced to
 * 1e-9, with a bit-parallel LCS instead of an n × m table.
 */
export { rouge, scoreMulti, type MultiRougeScores } from './score-texts.js';
export { prepareRougeReference, rougeAgainstReferences, rougeAgainstReferencesMany } from './against-references.js';
export { tokenizeRouge } from './tokenize.js';
export { porterStem } from './porter.js';
export {
  ROUGE_TYPES,
  type RougeNLScores,
  type RougeOptions,
  type RougeScore,
  type RougeScores,
  type RougeType,
} from './types.js';
