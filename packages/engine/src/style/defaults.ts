/** Defaults of the style engine, in one frozen object. */
export const STYLE_DEFAULTS = Object.freeze({
  /** Restyled output keeps the input's word count within ±10 % unless a model or call says otherwise. */
  matchOutputLength: true,
  /** Allowed relative change of the word count when the length must match (the issue's ±10 %). */
  lengthTolerance: 0.1,
  /** The engine aims inside this tighter band, leaving room for counting differences. */
  lengthTarget: 0.085,
  skipHeadings: false,
  skipH1: false,
  /** LLM rewriting: sampling temperature and how many training passages go into the prompt. */
  llmTemperature: 0.7,
  llmExamples: 4,
});
