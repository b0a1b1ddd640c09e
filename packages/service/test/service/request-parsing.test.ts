import { describe, expect, it } from 'vitest';
import { StylerError } from '@styler/analytics/errors';
import { loadServiceConfig, SERVICE_DEFAULTS } from '../../src/service/config.js';
import { toErrorResponse } from '../../src/service/error-handler.js';
import { parseTransformRequest, BASE_TEMPERATURE } from '../../src/service/transform/request.js';

const LIMITS = { maxTextChars: 1000 };
const rewrite = { mode: 'rewrite', model: 'ftm-x', message: 'Some text to style.' };
const full = {
  mode: 'full',
  model: 'ftm-x',
  messages: [{ role: 'user', content: 'Write a note.' }],
  full_mode_options: { base_model: 'gpt-4o-mini' },
};

function failure(body: unknown): { code: string; status: number; message: string } {
  try {
    parseTransformRequest(body, LIMITS);
  } catch (error) {
    if (error instanceof StylerError) return { code: error.code, status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('parseTransformRequest', () => {
  it('parses both modes with defaults for every optional field', () => {
    expect(parseTransformRequest(rewrite, LIMITS)).toEqual({
      model: 'ftm-x',
      input: { mode: 'rewrite', message: 'Some text to style.' },
      flags: {
        stream: false,
        includeQuality: false,
        includeRouge: false,
        includeCompareOriginal: false,
        includeDistance: false,
        skipHeadings: false,
        skipH1: false,
      },
      perspective: 'keep',
    });
    expect(parseTransformRequest({ ...rewrite, perspective: 'author' }, LIMITS).perspective).toBe('author');
    expect(parseTransformRequest({ ...rewrite, perspective: null }, LIMITS).perspective).toBe('keep');
    expect(failure({ ...rewrite, perspective: 'reader' }).status).toBe(400);
    expect(
      parseTransformRequest(
        { ...full, messages: [{ role: 'developer', content: 'Be brief.' }, ...full.messages] },
        LIMITS,
      ).input,
    ).toEqual({
      mode: 'full',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Write a note.' },
      ],
      baseModel: 'gpt-4o-mini',
      baseModelService: 'auto',
      baseTemperature: BASE_TEMPERATURE.default,
    });
  });

  it('honours every flag in both modes', () => {
    const flags = {
      stream: true,
      include_quality: true,
      include_rouge: true,
      include_compare_original: true,
      include_distance: true,
      skip_headings: true,
      skip_h1: true,
    };
    for (const body of [rewrite, full]) {
      expect(Object.values(parseTransformRequest({ ...body, ...flags }, LIMITS).flags).every(Boolean)).toBe(true);
    }
  });

  it.each([
    ['not an object', 'text'],
    ['an array', [rewrite]],
    ['an unknown field', { ...rewrite, temperature: 1 }],
    ['a missing mode', { model: 'ftm-x', message: 'x' }],
    ['an unknown mode', { ...rewrite, mode: 'summarize' }],
    ['a missing model', { mode: 'rewrite', message: 'x' }],
    ['an empty model', { ...rewrite, model: ' ' }],
    ['a non-string message', { ...rewrite, message: 42 }],
    ['an empty message', { ...rewrite, message: '  ' }],
    ['messages in rewrite mode', { ...rewrite, messages: full.messages }],
    ['message in full mode', { ...full, message: 'x' }],
    ['missing messages', { ...full, messages: undefined }],
    ['empty messages', { ...full, messages: [] }],
    ['a bad role', { ...full, messages: [{ role: 'robot', content: 'x' }] }],
    ['non-string content', { ...full, messages: [{ role: 'user', content: ['x'] }] }],
    ['only blank contents', { ...full, messages: [{ role: 'user', content: ' ' }] }],
    ['missing full_mode_options', { ...full, full_mode_options: undefined }],
    ['missing base_model', { ...full, full_mode_options: {} }],
    ['an unknown option', { ...full, full_mode_options: { base_model: 'm', top_p: 1 } }],
    ['a temperature above 2', { ...full, full_mode_options: { base_model: 'm', base_temperature: 2.5 } }],
    ['a negative temperature', { ...full, full_mode_options: { base_model: 'm', base_temperature: -0.1 } }],
    ['a string temperature', { ...full, full_mode_options: { base_model: 'm', base_temperature: '1' } }],
    ['a non-boolean flag', { ...rewrite, include_quality: 'yes' }],
    ['a numeric stream flag', { ...rewrite, stream: 1 }],
  ])('answers 400 Invalid input data. for %s', (_, body) => {
    expect(failure(body)).toEqual({ code: 'invalid_input', status: 400, message: 'Invalid input data.' });
  });

  it('answers 413 for texts over the limit, in both modes', () => {
    expect(failure({ ...rewrite, message: 'x'.repeat(1001) })).toMatchObject({
      status: 413,
      message: 'Text is too long: at most 1000 characters.',
    });
    const long = [
      { role: 'user', content: 'x'.repeat(600) },
      { role: 'user', content: 'y'.repeat(401) },
    ];
    expect(failure({ ...full, messages: long })).toMatchObject({ status: 413 });
    expect(() => parseTransformRequest({ ...rewrite, message: 'x'.repeat(1000) }, LIMITS)).not.toThrow();
  });

  it('treats null optional fields as absent', () => {
    expect(parseTransformRequest({ ...rewrite, stream: null, messages: null }, LIMITS).flags.stream).toBe(false);
  });
});

describe('toErrorResponse', () => {
  const limits = { maxFileBytes: 100, maxBodyBytes: 2048 };
  it('maps StylerErrors, framework errors and unknown errors', () => {
    expect(toErrorResponse(new StylerError('file_not_found'), limits)).toEqual({
      status: 404,
      message: 'File not found.',
    });
    const invalidJson = Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 });
    expect(toErrorResponse(invalidJson, limits)).toEqual({ status: 400, message: 'Request body is not valid JSON.' });
    expect(toErrorResponse(invalidJson, limits, { badRequestCode: 'invalid_input' })).toEqual({
      status: 400,
      message: 'Invalid input data.',
    });
    const tooLarge = Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    expect(toErrorResponse(tooLarge, limits, { badRequestCode: 'invalid_input' })).toEqual({
      status: 413,
      message: 'Request body is too large: the limit is 2048 bytes.',
    });
    const fileTooLarge = Object.assign(new Error('x'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 });
    expect(toErrorResponse(fileTooLarge, limits)).toEqual({
      status: 413,
      message: 'File is too large: the limit is 100 bytes.',
    });
    const media = Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
    expect(toErrorResponse(media, limits).status).toBe(415);
    const poisoned = Object.assign(new SyntaxError('Object contains forbidden prototype property'), {
      statusCode: 400,
    });
    expect(toErrorResponse(poisoned, limits)).toEqual({ status: 400, message: 'Invalid input data.' });
    expect(toErrorResponse(new Error('secret detail'), limits)).toEqual({
      status: 500,
      message: 'Internal server error.',
    });
    expect(toErrorResponse('thrown string', limits)).toEqual({ status: 500, message: 'Internal server error.' });
  });
});

describe('loadServiceConfig', () => {
  it('uses the frozen defaults and reads the environment', () => {
    const defaults = loadServiceConfig({});
    expect(defaults).toMatchObject({
      port: 8080,
      dataDir: './data',
      basePath: '/v1',
      maxFileBytes: SERVICE_DEFAULTS.maxFileBytes,
    });
    expect(Object.isFrozen(defaults)).toBe(true);
    expect(defaults.apiKey).toBeUndefined();
    const config = loadServiceConfig({
      PORT: '0',
      STYLER_DATA_DIR: '/tmp/x',
      STYLER_API_KEY: 'dev-key-123',
      STYLER_MAX_FILE_BYTES: '2048',
      STYLER_POOL_THREADS: '2',
    });
    expect(config).toMatchObject({
      port: 0,
      dataDir: '/tmp/x',
      apiKey: 'dev-key-123',
      maxFileBytes: 2048,
      poolThreads: 2,
    });
    expect(loadServiceConfig({ PORT: '9000' }, { port: 1234 }).port).toBe(1234);
  });

  it('names the variable of a bad value', () => {
    expect(() => loadServiceConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadServiceConfig({ PORT: '70000' })).toThrow(RangeError);
    expect(() => loadServiceConfig({ STYLER_MAX_FILE_BYTES: '-1' })).toThrow(/STYLER_MAX_FILE_BYTES/);
    expect(() => loadServiceConfig({ STYLER_API_KEY: 'short' })).toThrow(/STYLER_API_KEY/);
    expect(() => loadServiceConfig({ STYLER_LOG_LEVEL: 'loud' })).toThrow(/STYLER_LOG_LEVEL/);
  });
});
