/** Credentials never reach the log: a key sent in the URL is refused, and logged redacted. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactedUrl } from '../../src/log-redaction.js';
import { startTestService, type TestService } from './support/harness.js';

describe('redactedUrl', () => {
  it('hides credential query parameters, sk-… values anywhere and a password, and keeps the rest', () => {
    expect(redactedUrl('/v1/files?api_key=sk-secret123&limit=2')).toBe('/v1/files?api_key=[redacted]&limit=2');
    expect(redactedUrl('/v1/models?TOKEN=abc&after=x%20y')).toBe('/v1/models?TOKEN=[redacted]&after=x%20y');
    expect(redactedUrl('/v1/files?key=k1&access_token=t1')).toBe('/v1/files?key=[redacted]&access_token=[redacted]');
    expect(redactedUrl('/v1/files/sk-styler-abc_DEF?q=sk-xyz')).toBe('/v1/files/[redacted]?q=[redacted]');
    expect(redactedUrl('postgres://styler:hunter2@db.local:5432/styler')).toBe(
      'postgres://styler@db.local:5432/styler',
    );
    expect(redactedUrl('/v1/files?monkey=1&keys=2')).toBe('/v1/files?monkey=1&keys=2');
  });
});

describe('the request log', () => {
  const lines: string[] = [];
  let service: TestService;

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    // A pino logger with fastify's own request serializer, as a caller would pass one.
    const logger = Fastify({ logger: { level: 'info', stream } }).log;
    service = await startTestService({ logger });
  });
  afterAll(async () => service?.close());

  it('logs requests whose URL carries a credential without it', async () => {
    const files = await service.request('/files?api_key=sk-secret123', { key: null });
    expect(files.status).toBe(401);
    const models = await service.request('/models?token=abc');
    expect(models.status).toBe(200);
    const logged = lines.filter((line) => line.includes('/v1/files?') || line.includes('/v1/models?'));
    // The requests were logged (so the test sees their lines), and no line holds a secret.
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(lines.join('\n')).toContain('/v1/files?api_key=[redacted]');
    for (const line of lines) {
      expect(line).not.toContain('secret123');
      expect(line).not.toContain('token=abc');
    }
  });
});
