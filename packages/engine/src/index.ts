/** @styler/engine: the style engine's public API (fitting, restyling, LLM providers for rewriting). */
export {
  createStylePool,
  describeStyle,
  documentParts,
  draftWithLLM,
  fitStyle,
  learnedChoices,
  restyle,
  restyleWithLLM,
  splitDocuments,
  styleCard,
  STYLE_DEFAULTS,
  type LearnedChoice,
  type RestyleWithLLMOptions,
  type StylePool,
} from './style/index.js';
export type { StyleModel, FitStyleOptions, RestyleOptions } from './style/types.js';
