import Ajv2020 from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_SCHEMAS } from '../../src/http/api-schemas.js';
import { openApiErrors } from './support/openapi-validator.js';
import { startTestService, type TestService } from './support/harness.js';

const ROUTES = [
  'GET /files',
  'POST /files',
  'GET /files/{file_id}',
  'DELETE /files/{file_id}',
  'GET /files/{file_id}/content',
  'GET /fine_tuning/jobs',
  'POST /fine_tuning/jobs',
  'GET /fine_tuning/jobs/{fine_tuning_job_id}',
  'POST /fine_tuning/jobs/{fine_tuning_job_id}/cancel',
  'GET /fine_tuning/jobs/{fine_tuning_job_id}/events',
  'GET /models',
  'GET /models/{model}',
  'DELETE /models/{model}',
  'POST /style/transform',
  'POST /chat/completions',
  'GET /health',
  'GET /health/ready',
  'GET /openapi.json',
];

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  components: { schemas: Record<string, object> };
}

describe('OpenAPI document (generated from the route schemas)', () => {
  let service: TestService;
  let document: Document;
  beforeAll(async () => {
    service = await startTestService();
    document = (await (await service.request('/openapi.json', { key: null })).json()) as Document;
  });
  afterAll(async () => service.close());

  it('is OpenAPI 3.1 and documents exactly the served routes, each with an operationId', () => {
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([key]) => key !== 'parameters')
        .map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(operations.map((o) => o.route).sort()).toEqual([...ROUTES].sort());
    for (const { operation } of operations) expect(operation.operationId).toMatch(/^[a-zA-Z]+$/);
  });

  it('publishes every shared schema under its name, references resolving inside the document', () => {
    expect(Object.keys(document.components.schemas).sort()).toEqual(API_SCHEMAS.map((s) => String(s.$id)).sort());
    const text = JSON.stringify(document);
    for (const [, name] of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(document.components.schemas).toHaveProperty(name!);
    }
    expect(text).not.toMatch(/"\$ref":"(?!#\/components\/schemas\/)/);
  });

  it("the document's own schemas judge bodies as the service's validator does", () => {
    const ajv = new (Ajv2020 as unknown as typeof Ajv2020.default)({ strict: false });
    ajv.addSchema({ $id: 'doc', components: document.components });
    const documented = (name: string, value: unknown) => ajv.getSchema(`doc#/components/schemas/${name}`)!(value);
    const samples: Array<[string, unknown]> = [
      ['TransformRequest', { mode: 'rewrite', model: 'm', message: 'x', stream: null }],
      ['TransformRequest', { mode: 'rewrite', model: 'm' }],
      [
        'TransformRequest',
        {
          mode: 'full',
          model: 'm',
          messages: [{ role: 'user', content: 'x' }],
          full_mode_options: { base_model: 'b' },
        },
      ],
      ['CreateFineTuningJobRequest', { training_files: ['file-a'], suffix: null }],
      ['CreateFineTuningJobRequest', { training_files: [] }],
      ['Error', { error: 'x', code: 'internal' }],
      ['Error', { error: 'x' }],
      ['Error', { error: 'x', code: 1 }],
    ];
    for (const [name, value] of samples) {
      expect(documented(name, value), `${name} ${JSON.stringify(value)}`).toBe(openApiErrors(name, value).length === 0);
    }
  });

  it("describes every error response with the Error body, or OpenAI's on the routes OpenAI defines", () => {
    for (const [path, item] of Object.entries(document.paths)) {
      // Chat completions and models: routes OpenAI's API defines and the spec does not.
      const body = /\/(chat\/completions|models)/.test(path) ? 'OpenAIError' : 'Error';
      for (const operation of Object.values(item)) {
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          if (Number(status) < 400) continue;
          expect(response, `${path} ${status}`).toMatchObject({
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${body}` } } },
          });
        }
      }
    }
  });
});

describe('component schemas', () => {
  it('accepts valid objects and rejects invalid ones', () => {
    const file = { id: 'file-abc', object: 'file', bytes: 3, created_at: 1, filename: 'a.txt', purpose: 'fine-tune' };
    expect(openApiErrors('File', file)).toEqual([]);
    expect(openApiErrors('File', { ...file, extra: 1 })).not.toEqual([]);
    expect(openApiErrors('Error', { error: 'x', code: 'invalid_input' })).toEqual([]);
    expect(openApiErrors('Error', { error: 'x' })).not.toEqual([]);
    expect(openApiErrors('Error', { error: 'x', code: 1 })).not.toEqual([]);
    const openai = { error: { message: 'x', type: 'invalid_request_error', code: 'invalid_input', param: null } };
    expect(openApiErrors('OpenAIError', openai)).toEqual([]);
    expect(openApiErrors('OpenAIError', { error: 'x', code: 'invalid_input' })).not.toEqual([]);
    expect(openApiErrors('TransformRequest', { mode: 'rewrite', model: 'm', message: 'x' })).toEqual([]);
    expect(openApiErrors('TransformRequest', { mode: 'rewrite', model: 'm' })).not.toEqual([]);
    expect(
      openApiErrors('TransformRequest', {
        mode: 'full',
        model: 'm',
        messages: [{ role: 'user', content: 'x' }],
        full_mode_options: { base_model: 'b' },
      }),
    ).toEqual([]);
  });
});
