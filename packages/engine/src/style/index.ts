/** Learning a style model and applying it: the style engine's public API. */
export { fitStyle } from './fit.js';
export { restyle } from './restyle.js';
export { documentParts, splitDocuments } from './split-documents.js';
export { describeStyle } from './describe.js';
export { learnedChoices, type LearnedChoice } from './habits/choices.js';
export { styleCard } from './style-card.js';
export { draftWithLLM, restyleWithLLM, type RestyleWithLLMOptions } from './llm.js';
export { STYLE_DEFAULTS } from './defaults.js';
export { createStylePool, type StylePool } from './pool.js';
export type {
  DashStyle,
  EllipsisStyle,
  FitStyleOptions,
  HeadingCase,
  Measured,
  RestyleOptions,
  StyleHabits,
  StyleModel,
} from './types.js';
