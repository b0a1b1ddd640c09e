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
  /** LLM rewriting: sampling temperature. */
  llmTemperature: 0.7,
  /** Style brief: at most this many example passages go into a prompt... */
  llmExamples: 5,
  /** ...taking together at most this many tokens (estimated: brief/examples.ts). */
  llmExampleTokens: 600,
});
