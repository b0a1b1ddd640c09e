/**
 * The learned sentence model: features over the clause and voice rules' reading, three linear
 * models (clause, sentence, voice), and the shipped weights file, loaded when this is imported.
 */
export { clauseFeatures } from './clause-features.js';
export { addClauseToStates, CLAUSE_CLASSES, CLAUSE_STATES, STRUCTURE_OF_STATE } from './clause-states.js';
export { commonSymbols, ContextBuffers, featureContext, type CommonSymbols, type FeatureContext } from './context.js';
export { LinearModel, type LinearModelJson } from './linear-model.js';
export { sentenceFeatures } from './sentence-features.js';
export {
  decideSentence,
  loadSentenceModel,
  parseSentenceModel,
  SENTENCE_MODEL_URL,
  shippedSentenceModel,
  type SentenceModel,
  type SentenceModelJson,
} from './sentence-model.js';
export { CLOSED_WORDS, MAX_SYMBOLS, SymbolTable } from './symbols.js';
export {
  FEATURE_SET,
  featureKey,
  featureName,
  TEMPLATE_ARITIES,
  TEMPLATE_NAMES,
  type FeatureSink,
} from './templates.js';
export { voiceFeatures } from './voice-features.js';
