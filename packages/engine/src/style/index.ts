/** Learning a style model and applying it: the style engine's public API. */
export { fitStyle } from './fit.js';
export { restyle } from './restyle.js';
export { restyleWithQuality, type MeasuredRestyle } from './restyle-measured.js';
export { documentParts, splitDocuments } from './split-documents.js';
export { describeStyle } from './describe.js';
export { learnedChoices, type LearnedChoice } from './habits/choices.js';
export { styleCard } from './style-card.js';
export { draftWithLLM, restyleWithLLM, rewriteWithLLM, type RestyleWithLLMOptions } from './llm.js';
export { STYLE_DEFAULTS } from './defaults.js';
export {
  briefMessages,
  fullModeSystemMessage,
  keynessReference,
  renderBrief,
  rewriteSystemMessage,
  styleBrief,
  type AvoidedForms,
  type BriefExample,
  type BriefLine,
  type BriefTask,
  type BriefTopic,
  type FavouredWord,
  type StyleBrief,
  type StyleBriefOptions,
} from './brief/index.js';
export {
  CANDIDATE_DEFAULTS,
  checkKept,
  chooseDraft,
  rankDrafts,
  estimateTokens,
  KEEP_POLICY,
  lengthRange,
  repairDraft,
  repairSource,
  type KeepCheckOptions,
  type LengthCheck,
  type RepairedDraft,
  type RepairReason,
  type RepairSource,
  type SentenceRepair,
  measureDraft,
  measuredDifferences,
  scoringContext,
  type ChooseDraftOptions,
  type CostCap,
  type DraftChoice,
  type DraftRevision,
  type DraftScore,
  type FeedbackItem,
  type KeepKind,
  type KeepLoss,
  type KeepReport,
  type QualityGroups,
  type ScoredDraft,
  type ScoringContext,
} from './candidates/index.js';
export { createStylePool, type StylePool } from './pool.js';
export { StyleError, type StyleErrorCode } from './style-error.js';
export type {
  DashStyle,
  EllipsisStyle,
  FitStyleOptions,
  HeadingCase,
  Measured,
  RestyleOptions,
  RunningProseHabits,
  StyleHabits,
  StyleModel,
  VoiceExcerpt,
  VoiceHabits,
} from './types.js';
