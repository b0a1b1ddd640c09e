/** What a style error means: the training documents cannot be learned from. */
export type StyleErrorCode = 'invalid_training_data';

/**
 * An expected failure of the style engine about its data (not its arguments, which throw TypeError
 * or RangeError), with a stable code. A deadline that passes is analytics' AnalyticsError
 * `time_budget_exceeded`, the same error whether the engine or its pool notices it.
 */
export class StyleError extends Error {
  readonly code: StyleErrorCode;

  constructor(code: StyleErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StyleError';
    this.code = code;
  }
}
