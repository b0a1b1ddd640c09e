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
  type MeasuredDraft,
  type QualityGroups,
  type ScoringContext,
} from './scoring.js';
export { alignClauses, clausesOf, polarityChanges, type Clause, type PolarityChange } from './polarity.js';
export {
  checkKept,
  keptParts,
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
  logLikelihood,
  measuredDifferences,
  revisionLines,
  revisionMessage,
  type FeedbackItem,
} from './feedback.js';
export { cleanRewrite } from './reply.js';
