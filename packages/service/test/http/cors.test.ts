/** Cross-origin access: off by default, for the listed origins only when configured. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './support/harness.js';

const APP = 'https://app.example.com';

describe('CORS', () => {
  let closed: TestService;
  let open: TestService;
  beforeAll(async () => {
    closed = await startTestService();
    open = await startTestService({ env: { STYLER_CORS_ORIGINS: `${APP}, https://other.example.org/` } });
  });
  afterAll(async () => {
    await closed?.close();
    await open?.close();
  });

  const preflight = (service: TestService, origin: string) =>
    fetch(`${service.baseUrl}/files`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });

  it('is off by default: no header, no preflight', async () => {
    const response = await closed.request('/files', { headers: { origin: APP } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(closed, APP)).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a listed origin’s preflight before authentication and marks its answers', async () => {
    const answer = await preflight(open, APP);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(APP);
    expect(answer.headers.get('access-control-allow-headers')).toContain('authorization');
    const response = await open.request('/files', { headers: { origin: APP } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP);
    expect(response.headers.get('vary')).toContain('Origin');
    const other = await open.request('/files', { headers: { origin: 'https://evil.example.net' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(open, 'https://evil.example.net')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
