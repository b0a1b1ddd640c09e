import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors.js';
import type { TransformRequestBody } from '../../src/http/api-schemas.js';
import { loadServiceConfig, SERVICE_DEFAULTS } from '../../src/config.js';
import { toErrorResponse } from '../../src/http/error-handler.js';
import { BASE_TEMPERATURE } from '../../src/http/limits.js';
import { toTransformRequest } from '../../src/http/transform/request.js';
import { startTestService, type TestService } from './support/harness.js';

const LIMITS = { maxTextChars: 1000 };
const rewrite = { mode: 'rewrite', model: 'ftm-x', message: 'Some text to style.' } as const;
const full = {
  mode: 'full',
  model: 'ftm-x',
  messages: [{ role: 'user', content: 'Write a note.' }],
  full_mode_options: { base_model: 'gpt-4o-mini' },
} as const;

/** The body fastify validated against the route schema, as the handler sees it. */
const convert = (body: unknown) => toTransformRequest(body as TransformRequestBody, LIMITS);

describe('toTransformRequest', () => {
  it('fills defaults for every optional field in both modes', () => {
    expect(convert(rewrite)).toEqual({
      model: 'ftm-x',
      input: { mode: 'rewrite', message: 'Some text to style.', engine: 'llm' },
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
    expect(convert({ ...rewrite, perspective: 'author' }).perspective).toBe('author');
    expect(convert({ ...rewrite, perspective: null }).perspective).toBe('keep');
    expect(
      convert({ ...full, messages: [{ role: 'developer', content: 'Be brief.' }, ...full.messages] }).input,
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
    expect(convert({ ...rewrite, model: ' ftm-x ' }).model).toBe('ftm-x');
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
      expect(Object.values(convert({ ...body, ...flags }).flags).every(Boolean)).toBe(true);
    }
  });

  it('throws 413 text_too_long past the limit, counting all messages together', () => {
    const tooLong = (body: unknown) => {
      try {
        convert(body);
      } catch (error) {
        return error instanceof ServiceError ? `${error.status} ${error.message}` : String(error);
      }
      return 'accepted';
    };
    expect(tooLong({ ...rewrite, message: 'x'.repeat(1001) })).toBe('413 Text is too long: at most 1000 characters.');
    const long = [
      { role: 'user', content: 'x'.repeat(600) },
      { role: 'user', content: 'y'.repeat(401) },
    ];
    expect(tooLong({ ...full, messages: long })).toMatch(/^413 /);
    expect(tooLong({ ...rewrite, message: 'x'.repeat(1000) })).toBe('accepted');
  });
});

describe('POST /style/transform request validation (the route schema)', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ env: { STYLER_MAX_TEXT_CHARS: '1000' } });
  });
  afterAll(async () => service.close());

  async function post(body: unknown): Promise<{ status: number; error: unknown }> {
    const response = await service.app.inject({
      method: 'POST',
      url: '/v1/style/transform',
      headers: { authorization: `Bearer ${service.keys.acme}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { status: response.statusCode, error: (response.json() as { error?: unknown }).error };
  }

  it('refuses a body that is not UTF-8 instead of replacing its bad bytes, and answers with nosniff and no framing', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"mode":"rewrite","model":"ftm-x","message":"Caf'),
      Buffer.from([0xe9]),
      Buffer.from(' au lait."}'),
    ]);
    const response = await service.app.inject({
      method: 'POST',
      url: '/v1/style/transform',
      headers: { authorization: `Bearer ${service.keys.acme}`, 'content-type': 'application/json' },
      payload: bytes,
    });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { error: 'Request body is not valid UTF-8.', code: 'invalid_input' },
    ]);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    const fine = await post(rewrite);
    expect(fine).toEqual({ status: 404, error: 'Model not found.' });
  });

  // Valid bodies pass validation and reach the model lookup (no such model here).
  it.each([
    ['rewrite mode', rewrite],
    ['full mode', full],
    ['null optional fields', { ...rewrite, stream: null, messages: null, full_mode_options: null, perspective: null }],
    [
      'a developer message and a name',
      { ...full, messages: [{ role: 'developer', content: 'Hi', name: 'x' }, ...full.messages] },
    ],
    [
      'every option',
      { ...full, full_mode_options: { base_model: 'm', base_model_service: 'ollama', base_temperature: 2 } },
    ],
  ])('accepts %s', async (_, body) => {
    expect(await post(body)).toEqual({ status: 404, error: 'Model not found.' });
  });

  it.each([
    ['not an object', 'text'],
    ['an array', [rewrite]],
    ['null', null],
    ['an unknown field', { ...rewrite, temperature: 1 }],
    ['a missing mode', { model: 'ftm-x', message: 'x' }],
    ['an unknown mode', { ...rewrite, mode: 'summarize' }],
    ['a missing model', { mode: 'rewrite', message: 'x' }],
    ['an empty model', { ...rewrite, model: ' ' }],
    ['a model name over 256 characters', { ...rewrite, model: 'm'.repeat(257) }],
    ['a non-string message', { ...rewrite, message: 42 }],
    ['an empty message', { ...rewrite, message: '  ' }],
    ['messages in rewrite mode', { ...rewrite, messages: full.messages }],
    ['message in full mode', { ...full, message: 'x' }],
    ['missing messages', { ...full, messages: undefined }],
    ['empty messages', { ...full, messages: [] }],
    ['too many messages', { ...full, messages: Array.from({ length: 257 }, () => full.messages[0]) }],
    ['a bad role', { ...full, messages: [{ role: 'robot', content: 'x' }] }],
    ['an unknown message field', { ...full, messages: [{ role: 'user', content: 'x', tool_calls: [] }] }],
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
    ['a string flag', { ...rewrite, stream: 'true' }],
    ['an unknown perspective', { ...rewrite, perspective: 'reader' }],
  ])('answers 400 Invalid input data. for %s', async (_, body) => {
    expect(await post(body)).toEqual({ status: 400, error: 'Invalid input data.' });
  });

  it('answers 413 for texts over the limit, in both modes', async () => {
    expect(await post({ ...rewrite, message: 'x'.repeat(1001) })).toEqual({
      status: 413,
      error: 'Text is too long: at most 1000 characters.',
    });
    const long = [
      { role: 'user', content: 'x'.repeat(600) },
      { role: 'user', content: 'y'.repeat(401) },
    ];
    expect((await post({ ...full, messages: long })).status).toBe(413);
  });
});

describe('toErrorResponse', () => {
  const limits = { maxFileBytes: 100, maxBodyBytes: 2048 };
  it('maps ServiceErrors, framework errors and unknown errors', () => {
    expect(toErrorResponse(new ServiceError('file_not_found'), limits)).toEqual({
      status: 404,
      code: 'file_not_found',
      message: 'File not found.',
    });
    const invalidJson = Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_JSON_BODY', statusCode: 400 });
    expect(toErrorResponse(invalidJson, limits)).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'Request body is not valid JSON.',
    });
    expect(toErrorResponse(invalidJson, limits, { badRequestCode: 'invalid_input' })).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'Invalid input data.',
    });
    const tooLarge = Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    expect(toErrorResponse(tooLarge, limits, { badRequestCode: 'invalid_input' })).toEqual({
      status: 413,
      code: 'payload_too_large',
      message: 'Request body is too large: the limit is 2048 bytes.',
    });
    const fileTooLarge = Object.assign(new Error('x'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 });
    expect(toErrorResponse(fileTooLarge, limits)).toEqual({
      status: 413,
      code: 'file_too_large',
      message: 'File is too large: the limit is 100 bytes.',
    });
    const media = Object.assign(new Error('x'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
    expect(toErrorResponse(media, limits).status).toBe(415);
    const poisoned = Object.assign(new SyntaxError('Object contains forbidden prototype property'), {
      statusCode: 400,
    });
    expect(toErrorResponse(poisoned, limits)).toEqual({
      status: 400,
      code: 'invalid_input',
      message: 'Invalid input data.',
    });
    expect(toErrorResponse(new Error('secret detail'), limits)).toEqual({
      status: 500,
      code: 'internal',
      message: 'Internal server error.',
    });
    expect(toErrorResponse('thrown string', limits)).toEqual({
      status: 500,
      code: 'internal',
      message: 'Internal server error.',
    });
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
