/** Errors as data across the worker boundary: each comes back as its class, with its code and message. */
import { describe, expect, it } from 'vitest';
import { deserializeError, serializeError, AnalyticsError, StylerError } from '../src/errors.js';

/** A task module's own error class, as the engine's are. */
class TaskError extends Error {
  readonly code: 'bad_data';
  constructor(code: 'bad_data', message: string) {
    super(message);
    this.name = 'TaskError';
    this.code = code;
  }
}

const roundTrip = (error: unknown, classes: (typeof TaskError)[] = []) =>
  deserializeError(structuredClone(serializeError(error)), classes);

describe('serializeError and deserializeError', () => {
  it('bring back AnalyticsError, TypeError and RangeError as themselves', () => {
    const limited = roundTrip(new AnalyticsError('rate_limited'));
    expect(limited).toBeInstanceOf(AnalyticsError);
    expect(limited).toMatchObject({ code: 'rate_limited', message: new AnalyticsError('rate_limited').message });
    expect(roundTrip(new TypeError('text must be a string'))).toEqual(new TypeError('text must be a string'));
    expect(roundTrip(new RangeError('documents must not be empty'))).toBeInstanceOf(RangeError);
  });

  it('bring back a class the pool was given, by its name', () => {
    const back = roundTrip(new TaskError('bad_data', 'No prose.'), [TaskError]);
    expect(back).toBeInstanceOf(TaskError);
    expect(back).toMatchObject({ code: 'bad_data', message: 'No prose.' });
  });

  it('turn anything else into an internal AnalyticsError that keeps the message', () => {
    for (const error of [
      new TaskError('bad_data', 'No prose.'),
      Object.assign(new Error('ENOENT: no such file'), { code: 'ENOENT' }),
      'a thrown string',
    ]) {
      const back = roundTrip(error);
      expect(back).toBeInstanceOf(AnalyticsError);
      expect(back).toMatchObject({ code: 'internal', message: error instanceof Error ? error.message : error });
    }
  });

  it('give library errors a code and no HTTP status', () => {
    expect('status' in new AnalyticsError('time_budget_exceeded')).toBe(false);
  });
});

describe('StylerError, the former name of AnalyticsError', () => {
  it('is the same class, so code that catches it by its old name still does', () => {
    const error: unknown = new AnalyticsError('rate_limited');
    expect(StylerError).toBe(AnalyticsError);
    expect(error instanceof StylerError).toBe(true);
    expect(new StylerError('pool_closed')).toMatchObject({ name: 'AnalyticsError', code: 'pool_closed' });
  });
});
