import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseWriter } from '../../src/http/sse.js';

describe('SseWriter', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('leaves no listeners behind over a long stream that keeps filling the socket', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning);
    process.on('warning', onWarning);
    let mostCloseListeners = 0;
    // Each event is larger than the socket's buffer, so nearly every write waits for 'drain'.
    const payload = { content: 'x'.repeat(20_000) };
    const events = 1_200;
    server = createServer((_request, response) => {
      const sse = new SseWriter(response);
      void (async () => {
        for (let i = 0; i < events; i += 1) {
          await sse.send(payload);
          mostCloseListeners = Math.max(mostCloseListeners, response.listenerCount('close'));
        }
        await sse.done();
      })();
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const received = await new Promise<number>((resolve, reject) => {
      get({ host: '127.0.0.1', port, path: '/' }, (response) => {
        // Counted on the whole body: an event may arrive split across chunks.
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve(body.split('data: ').length - 1));
        response.on('error', reject);
      }).on('error', reject);
    });
    process.off('warning', onWarning);
    expect(received).toBe(events + 1);
    expect(mostCloseListeners).toBeLessThanOrEqual(3);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});
