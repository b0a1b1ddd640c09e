/**
 * Every way a multipart upload can be malformed is the client's error: a 4xx with a registry code,
 * logged at warn, never a 500. Raw bodies over a real socket to the real server.
 */
import Fastify from 'fastify';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/errors.js';
import { startTestService, type TestService } from './support/harness.js';

const BOUNDARY = 'styler-test-boundary';

/** One file part, as a client writes it (without the closing boundary). */
function filePart(content: string, boundary = BOUNDARY): string {
  return (
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
    `Content-Type: text/plain\r\n\r\n${content}\r\n`
  );
}

interface RawAnswer {
  status: number;
  body: string;
}

/**
 * Sends an upload with `body` (Content-Length says `declaredLength`, the body's length by default)
 * on a fresh connection, and keeps its side open until the server closes (as curl does: Node's
 * server drops the answer to a client that half-closes first).
 */
function rawUpload(
  service: TestService,
  body: string,
  options: { contentType?: string; declaredLength?: number } = {},
): Promise<RawAnswer> {
  const url = new URL(`${service.baseUrl}/files`);
  const head =
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${service.keys.acme}\r\n` +
    `Content-Type: ${options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}`}\r\n` +
    `Content-Length: ${options.declaredLength ?? Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
    socket.write(head + body);
  });
}

/** The registry code of an error body. */
function codeOf(answer: RawAnswer): string {
  return (JSON.parse(answer.body) as { code: string }).code;
}

describe('malformed multipart uploads', () => {
  let service: TestService;
  const lines: Array<{ level: number; msg: string; status?: number }> = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const logger = Fastify({ logger: { level: 'info', stream } }).log;
    service = await startTestService({
      logger,
      env: { STYLER_MAX_FILE_BYTES: '1024', STYLER_BODY_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(async () => service?.close());

  /** The level the failed request was logged at. */
  function loggedLevel(): number | undefined {
    return lines.findLast((line) => line.msg === 'request rejected')?.level;
  }

  const cases: Array<[string, () => Promise<RawAnswer>, string]> = [
    [
      'a part cut off before its end',
      () => rawUpload(service, filePart('Some text.').slice(0, -6)),
      'malformed_upload',
    ],
    ['a form without its closing boundary', () => rawUpload(service, filePart('Some text.')), 'malformed_upload'],
    [
      'a body that never shows the declared boundary',
      () => rawUpload(service, filePart('Some text.', 'another') + '--another--\r\n'),
      'invalid_input',
    ],
    [
      'a part header without its blank line',
      () => rawUpload(service, `--${BOUNDARY}\r\nContent-Dispo`),
      'invalid_input',
    ],
    ['an empty body', () => rawUpload(service, ''), 'invalid_input'],
    [
      'a boundary missing from the header',
      () => rawUpload(service, filePart('x'), { contentType: 'multipart/form-data' }),
      'invalid_input',
    ],
    [
      'a file over the limit',
      () => rawUpload(service, filePart('word '.repeat(400)) + `--${BOUNDARY}--\r\n`),
      'file_too_large',
    ],
  ];
  for (const [name, send, code] of cases) {
    it(`answers ${name} with ${code}`, async () => {
      lines.length = 0;
      const answer = await send();
      expect(answer.status).toBe(ERRORS[code as keyof typeof ERRORS].status);
      expect(codeOf(answer)).toBe(code);
      expect(lines.some((line) => line.level >= 50)).toBe(false);
    });
  }

  it('logs a malformed body at warn', async () => {
    lines.length = 0;
    const answer = await rawUpload(service, filePart('Some text.'));
    expect(answer.status).toBe(400);
    expect(loggedLevel()).toBe(40);
  });

  it('answers a client that stops sending mid-body with 408, and logs no error', async () => {
    lines.length = 0;
    const sent = filePart('Some text that stops');
    const answer = await rawUpload(service, sent, { declaredLength: Buffer.byteLength(sent) + 500 });
    expect(answer.status).toBe(408);
    expect(codeOf(answer)).toBe('request_timeout');
    expect(lines.some((line) => line.level >= 50)).toBe(false);
  }, 60_000);

  it('still answers a well-formed upload after all of them', async () => {
    const body = `${filePart('A sentence of running prose for the test. And another one here.')}--${BOUNDARY}--\r\n`;
    const answer = await rawUpload(service, body);
    expect(answer.body).toMatch(/"object":"file"/);
    expect(answer.status).toBe(200);
  });
});
