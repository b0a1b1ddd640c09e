import { describe, expect, it } from 'vitest';
import { loadServiceConfig } from '../../src/service/config.js';
import { openApiDocument } from '../../src/service/openapi.js';
import { openApiErrors } from './support/openapi-validator.js';

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
  'GET /models',
  'GET /models/{model}',
  'DELETE /models/{model}',
  'POST /style/transform',
  'GET /health',
  'GET /health/ready',
  'GET /openapi.json',
];

describe('OpenAPI document', () => {
  const document = openApiDocument(loadServiceConfig({})) as {
    openapi: string;
    paths: Record<string, Record<string, unknown>>;
  };

  it('is OpenAPI 3.1 and documents exactly the served routes', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => key !== 'parameters')
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual([...ROUTES].sort());
  });

  it('accepts valid objects and rejects invalid ones', () => {
    const file = { id: 'file-abc', object: 'file', bytes: 3, created_at: 1, filename: 'a.txt', purpose: 'fine-tune' };
    expect(openApiErrors('File', file)).toEqual([]);
    expect(openApiErrors('File', { ...file, extra: 1 })).not.toEqual([]);
    expect(openApiErrors('Error', { error: 'x' })).toEqual([]);
    expect(openApiErrors('Error', { error: 'x', code: 1 })).not.toEqual([]);
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
