/** The process never crashes on input: random bodies get a 4xx with exactly {"error": string}. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/errors.js';
import { startTestService, type TestService } from './support/harness.js';

const TRANSFORM_KEYS = [
  'mode',
  'model',
  'message',
  'messages',
  'full_mode_options',
  'stream',
  'include_quality',
  'include_rouge',
  'skip_h1',
];
const JOB_KEYS = ['training_files', 'style_model', 'suffix', 'match_output_length', 'base_model'];

/** Objects mixing the endpoint's own keys with random ones, holding any JSON values. */
const bodyOf = (keys: string[]) =>
  fc.oneof(
    fc.jsonValue(),
    fc.dictionary(
      fc.oneof(fc.constantFrom(...keys), fc.string()),
      fc.oneof(fc.jsonValue(), fc.constantFrom('rewrite', 'full', 'styler-2')),
    ),
  );

function expectClientError(status: number, body: string): void {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  const parsed = JSON.parse(body) as Record<string, unknown>;
  if (typeof parsed.error === 'object' && parsed.error !== null) {
    // The routes OpenAI defines and the spec does not (chat completions, models): OpenAI's shape.
    expect(Object.keys(parsed)).toEqual(['error']);
    expect(Object.keys(parsed.error).join(',')).toBe('message,type,code,param');
    expect(Object.keys(ERRORS)).toContain((parsed.error as { code: string }).code);
    return;
  }
  // The message, its registry code, and the field at fault where the route's message cannot say it (OpenAI's param).
  expect(['error,code,param', 'error,code']).toContain(Object.keys(parsed).join(','));
  expect(typeof parsed.error).toBe('string');
  expect(Object.keys(ERRORS)).toContain(parsed.code);
}

describe('random input', () => {
  let service: TestService;
  const auth = (): Record<string, string> => ({ authorization: `Bearer ${service.keys.acme}` });
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => service.close());

  it('POST /style/transform and POST /fine_tuning/jobs answer 4xx to any JSON', async () => {
    for (const [url, keys] of [
      ['/v1/style/transform', TRANSFORM_KEYS],
      ['/v1/fine_tuning/jobs', JOB_KEYS],
    ] as const) {
      await fc.assert(
        fc.asyncProperty(bodyOf([...keys]), async (body) => {
          const response = await service.app.inject({
            method: 'POST',
            url,
            headers: { ...auth(), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expectClientError(response.statusCode, response.body);
        }),
        { numRuns: 150 },
      );
    }
  });

  it('answers 4xx to arbitrary bytes as a JSON body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async (bytes) => {
        const response = await service.app.inject({
          method: 'POST',
          url: '/v1/style/transform',
          headers: { ...auth(), 'content-type': 'application/json' },
          payload: Buffer.from(bytes),
        });
        expectClientError(response.statusCode, response.body);
      }),
      { numRuns: 150 },
    );
  });

  it('POST /files never fails with a 5xx on random names and bytes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string(), fc.constantFrom('a.txt', 'b.docx', 'C.TXT')),
        fc.oneof(
          fc.uint8Array({ maxLength: 400 }),
          fc.string().map((s) => new TextEncoder().encode(s)),
        ),
        async (filename, bytes) => {
          const form = new FormData();
          form.set('file', new Blob([bytes]), filename);
          const response = await service.request('/files', { method: 'POST', body: form });
          expect(response.status).toBeLessThan(500);
          const body = (await response.json()) as Record<string, unknown>;
          if (response.status !== 200) expect(Object.keys(body)).toEqual(['error', 'code']);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('answers path and query oddities with 4xx', async () => {
    for (const url of [
      '/v1/files/%E0%A4%A',
      '/v1/files?limit=-1',
      '/v1/files?limit=1.5',
      '/v1/files?limit=ten',
      '/v1/fine_tuning/jobs?order=sideways',
      '/v1/models/%00',
      '/v1/files/..%2F..%2Fetc%2Fpasswd/content',
    ]) {
      const response = await service.app.inject({ method: 'GET', url, headers: auth() });
      expectClientError(response.statusCode, response.body);
    }
  });
});
