/**
 * What Node's HTTP parser refuses before a route runs — malformed requests, headers too large, a
 * client too slow — is answered with the documented error body, and a stalled client is cut.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './support/harness.js';

/** Sends `raw` on a fresh connection and resolves with everything the server wrote before closing. */
function exchange(port: number, raw: string, { end = true } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.write(raw);
    if (end) socket.end();
  });
}

describe('malformed HTTP', () => {
  let service: TestService;
  let port: number;
  beforeAll(async () => {
    // Headers due within 2 s (20 s by default), so the stalled client below is cut soon.
    service = await startTestService({ env: { STYLER_HEADERS_TIMEOUT_MS: '2000' } });
    port = Number(new URL(service.baseUrl).port);
  });
  afterAll(async () => service?.close());

  it('answers a malformed request and oversized headers with the documented error body', async () => {
    const malformed = await exchange(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expect(malformed.endsWith('{"error":"Malformed HTTP request.","code":"malformed_request"}')).toBe(true);
    // A retry cannot mend it: OpenAI's SDKs read this header before retrying.
    expect(malformed).toMatch(/\r\nx-should-retry: false\r\n/);
    expect(malformed).toMatch(/\r\ncache-control: no-store\r\n/);
    const huge = await exchange(port, `GET /v1/files HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect(huge.endsWith('{"error":"The request headers are too large.","code":"headers_too_large"}')).toBe(true);
  });

  it('cuts a client that never finishes its headers, with a 408 in the documented body', async () => {
    // Half a request line, then silence: the server closes the connection by itself.
    const stalled = await exchange(port, 'GET /v1/files HTTP/1.1\r\nHost: x\r\n', { end: false });
    expect(stalled).toMatch(/^HTTP\/1\.1 408/);
    expect(stalled).not.toMatch(/x-should-retry/);
    expect(stalled.endsWith('{"error":"The request took too long to arrive.","code":"request_timeout"}')).toBe(true);
  }, 60_000);
});
