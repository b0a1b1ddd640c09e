/** The one mapping of errors raised on purpose (the service's, the libraries', the store's) onto the wire. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AnalyticsError } from '@styler-dev/analytics/errors';
import { ProviderError, StyleError } from '@styler-dev/engine';
import { ERRORS, ServiceError, wireError } from '../src/errors.js';
import { JOB_ERROR_CODES, StorageFullError } from '../src/store/index.js';

describe('wireError', () => {
  it('gives a ServiceError its code, the registry status and its own message', () => {
    expect(wireError(new ServiceError('file_not_found'))).toEqual({ code: 'file_not_found', ...ERRORS.file_not_found });
    expect(wireError(new ServiceError('text_too_long', 'Text is too long: at most 10 characters.'))).toEqual({
      code: 'text_too_long',
      status: 413,
      message: 'Text is too long: at most 10 characters.',
    });
  });

  it("answers the pool's rate limit and deadline in the service's words", () => {
    expect(wireError(new AnalyticsError('rate_limited'))).toEqual({ code: 'rate_limited', ...ERRORS.rate_limited });
    expect(wireError(new AnalyticsError('time_budget_exceeded'))).toEqual({
      code: 'time_budget_exceeded',
      ...ERRORS.time_budget_exceeded,
    });
    expect(wireError(new AnalyticsError('internal', 'The worker pool is closed.'))).toEqual({
      code: 'internal',
      status: 500,
      message: 'The worker pool is closed.',
    });
  });

  it("passes on the engine's messages, which name the provider or the data", () => {
    const cases: Array<[Error, number]> = [
      [new ProviderError('provider_failed', 'Base model service openai answered HTTP 500.'), 502],
      [new ProviderError('provider_not_configured', 'No base model service is configured.'), 501],
      [new ProviderError('invalid_input', 'base_model must be a non-empty string.'), 400],
      [new StyleError('invalid_training_data', 'The documents hold no prose.'), 400],
    ];
    for (const [error, status] of cases) {
      expect(wireError(error)).toEqual({ code: (error as ProviderError).code, status, message: error.message });
    }
  });

  it('answers a full store 507, and knows nothing else', () => {
    expect(wireError(new StorageFullError())).toEqual({ code: 'storage_full', ...ERRORS.storage_full });
    // The system's own errors for it too, from fs, SQLite or PostgreSQL: one mapping, here.
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']) {
      expect(wireError(Object.assign(new Error('full'), { code }))).toEqual({
        code: 'storage_full',
        ...ERRORS.storage_full,
      });
    }
    expect(wireError(new Error('a bug'))).toBeUndefined();
    expect(wireError(Object.assign(new Error('x'), { code: 'rate_limited' }))).toBeUndefined();
  });
});

describe('the registry and its claims', () => {
  it('holds every code a failed job carries', () => {
    for (const code of JOB_ERROR_CODES) expect(Object.keys(ERRORS)).toContain(code);
  });

  it('is listed whole in docs/api.md, job codes included', () => {
    const docs = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    const listed = new Set([...docs.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]));
    expect(Object.keys(ERRORS).filter((code) => !listed.has(code))).toEqual([]);
  });
});
