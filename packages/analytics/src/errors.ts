/**
 * The analytics library's error: a stable code and a message, no HTTP status (what a code means on
 * a wire is the service's to say). Also how errors cross the worker-thread boundary.
 */

/**
 * What the analytics library raises: its worker pool's queue full (`rate_limited`), a deadline passed
 * (`time_budget_exceeded`), a call the pool could not finish because it was closed (`pool_closed`),
 * a text in a script the English measures cannot read (`unsupported_language`).
 */
export type AnalyticsErrorCode =
  'internal' | 'rate_limited' | 'time_budget_exceeded' | 'pool_closed' | 'unsupported_language';

const DEFAULT_MESSAGES: Readonly<Record<AnalyticsErrorCode, string>> = Object.freeze({
  internal: 'Internal error in the analytics library.',
  rate_limited: 'The worker pool has too many tasks waiting: retry shortly.',
  time_budget_exceeded: 'The deadline passed before the task was done.',
  pool_closed: 'The worker pool was closed before the task was done.',
  unsupported_language: 'The text is not in a language Styler measures (English).',
});

/** An expected failure of the analytics library or of its pool, with a stable code. */
export class AnalyticsError extends Error {
  readonly code: AnalyticsErrorCode;

  constructor(code: AnalyticsErrorCode, message: string = DEFAULT_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AnalyticsError';
    this.code = code;
  }
}

/**
 * The former name of AnalyticsError, kept for one release.
 * @deprecated Use AnalyticsError: the old name was one letter from the engine's StyleError.
 */
export const StylerError = AnalyticsError;
/** @deprecated Use AnalyticsError. */
export type StylerError = AnalyticsError;

/**
 * An error as it crosses a worker boundary: as data, since structured cloning drops an error's class
 * and fields. `name` is its class's name; `code` a coded error's code.
 */
export interface SerializedError {
  name: string;
  code?: string;
  message: string;
}

/** A coded error class (AnalyticsError, or a task module's own) that the pool rebuilds by its name. */
export type CodedErrorClass = new (code: never, message: string) => Error & { readonly code: string };

/** `error` as data, for the trip across a worker boundary. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof TypeError) return { name: 'TypeError', message: error.message };
  if (error instanceof RangeError) return { name: 'RangeError', message: error.message };
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code } = error as { code?: unknown };
  return { name: error.name, message: error.message, ...(typeof code === 'string' && { code }) };
}

/**
 * The error `data` describes: a TypeError, a RangeError, or a AnalyticsError or one of `classes` of
 * the same name; anything else (a bug, a system error) a AnalyticsError `internal` with its message.
 */
export function deserializeError(data: SerializedError, classes: readonly CodedErrorClass[] = []): Error {
  if (data.name === 'TypeError') return new TypeError(data.message);
  if (data.name === 'RangeError') return new RangeError(data.message);
  const coded = data.code === undefined ? undefined : [AnalyticsError, ...classes].find((c) => c.name === data.name);
  return coded ? new coded(data.code as never, data.message) : new AnalyticsError('internal', data.message);
}
