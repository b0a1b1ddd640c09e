/** @styler/engine: the style engine's public API (fitting, restyling, LLM providers for rewriting). */
export {
  createStylePool,
  describeStyle,
  draftWithLLM,
  fitStyle,
  restyle,
  restyleWithLLM,
  splitDocuments,
  styleCard,
  STYLE_DEFAULTS,
  type RestyleWithLLMOptions,
  type StylePool,
} from './style/index.js';
export type { StyleModel, FitStyleOptions, RestyleOptions } from './style/types.js';
