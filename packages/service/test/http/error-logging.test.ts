/** Failed requests are logged at the level of their cause: only our own fault is an error. */
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ServiceError, type ErrorCode } from '../../src/errors.js';
import { installErrorHandlers } from '../../src/http/error-handler.js';

describe('logging a failed request', () => {
  it('is an error with a stack for a 500, a warning for a service condition, info for a client’s request', async () => {
    const lines: Array<{ level: number; msg: string; err?: { stack?: string } }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream } });
    installErrorHandlers(app, { maxFileBytes: 100, maxBodyBytes: 100 });
    const codes: Record<string, ErrorCode | 'crash'> = {
      '/crash': 'crash',
      '/provider': 'provider_not_configured',
      '/upstream': 'provider_failed',
      '/database': 'database_unavailable',
      '/bad': 'invalid_input',
    };
    for (const [path, code] of Object.entries(codes))
      app.get(path, async () => {
        throw code === 'crash' ? new Error('a bug') : new ServiceError(code);
      });
    const levelOf = async (path: string): Promise<number> => {
      lines.length = 0;
      await app.inject({ method: 'GET', url: path });
      return lines.find((line) => line.msg.startsWith('request'))?.level ?? -1;
    };
    expect(await levelOf('/crash')).toBe(50);
    expect(lines.find((line) => line.level === 50)?.err?.stack).toMatch(/a bug/);
    expect(await levelOf('/upstream')).toBe(40);
    expect(await levelOf('/database')).toBe(40);
    expect(await levelOf('/provider')).toBe(30);
    expect(await levelOf('/bad')).toBe(30);
    await app.close();
  });
});
