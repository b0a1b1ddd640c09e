/** Choosing the closest of several LLM drafts: generation, scoring, keep-checks and revision feedback. */
export { chooseDraft, rankDrafts, type DraftChoice, type DraftRevision, type ScoredDraft } from './choose.js';
export { resolveChooseDraftOptions, type ChooseDraftOptions } from './options.js';
export { CANDIDATE_DEFAULTS } from './defaults.js';
export { CallBudget, estimateTokens, type CostCap } from './budget.js';
export {
  generateDrafts,
  variedTemperatures,
  type DraftRequest,
  type GeneratedDraft,
  type Generation,
} from './generation.js';
export {
  deltaToModel,
  measureDraft,
  scoringContext,
  type DraftScore,
  type LengthCheck,
  type MeasuredDraft,
  type QualityGroups,
  type ScoringContext,
} from './scoring.js';
export {
  alignAll,
  alignClauses,
  clausesOf,
  polarityChanges,
  sentenceSpans,
  type Clause,
  type ClauseGroup,
  type PolarityChange,
  type SentenceSpan,
} from './polarity.js';
export { modalitiesOf, modalityChanges, type Modality, type ModalityChange } from './modality.js';
export {
  CONTENT_KINDS,
  repairDraft,
  repairSource,
  type RepairedDraft,
  type RepairReason,
  type RepairSource,
  type SentenceRepair,
} from './repair.js';
export {
  checkKept,
  keptParts,
  lengthRange,
  KEEP_POLICY,
  type KeepCheckOptions,
  KEEP_KINDS,
  type KeepKind,
  type KeepLoss,
  type KeepReport,
  type KeptParts,
} from './keep-checks.js';
export {
  chooseFeedback,
  describeLoss,
  describeRepair,
  logLikelihood,
  measuredDifferences,
  revisionLines,
  revisionMessage,
  type DraftFaults,
  type FeedbackItem,
} from './feedback.js';
export { cleanRewrite } from './reply.js';
