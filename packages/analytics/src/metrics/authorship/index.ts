export { countWordForms, sumWordForms, topWordForms, wordFormSequence } from './word-counts.js';
export {
  DEFAULT_MOST_FREQUENT,
  DELTA_METHODS,
  deltaOfZScores,
  deltaReference,
  deltaZScores,
  styleDistance,
  zScoresOfFrequencies,
  wordProfile,
  type DeltaInput,
  type DeltaMethod,
  type DeltaReference,
  type DeltaReferenceOptions,
  type WordProfile,
} from './delta.js';
export { attribute, profileOfGroundTruth, type AttributeOptions, type Attribution } from './attribute.js';
