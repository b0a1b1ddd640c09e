/**
 * Server-Sent Events on a raw response, the way OpenAI streams chat completions: `data: <json>`
 * events, a final `data: [DONE]`, and writes that wait for the socket to drain.
 */
import type { FastifyReply } from 'fastify';
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/** Writes SSE events to `response`; every write is a no-op once the client has gone. */
export class SseWriter {
  readonly #response: ServerResponse;
  #started = false;

  constructor(response: ServerResponse) {
    this.#response = response;
  }

  /** True once the client disconnected or the stream ended. */
  get closed(): boolean {
    return this.#response.destroyed || this.#response.writableEnded;
  }

  /** Sends the status line and the event-stream headers (on the first event, or now). */
  start(extraHeaders: Record<string, string> = {}): void {
    if (this.#started) return;
    this.#started = true;
    this.#response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Tells nginx-style proxies not to buffer the stream.
      'x-accel-buffering': 'no',
      ...extraHeaders,
    });
  }

  /** Sends one `data:` event holding `payload` as JSON; resolves when the socket can take more. */
  async send(payload: unknown): Promise<void> {
    await this.#write(`data: ${JSON.stringify(payload)}\n\n`);
  }

  /** Sends a comment line, which clients ignore: keeps idle proxies from closing the connection. */
  async comment(text: string): Promise<void> {
    await this.#write(`: ${text.replace(/\n/g, ' ')}\n\n`);
  }

  /** Sends `data: [DONE]` and ends the response. */
  async done(): Promise<void> {
    await this.#write('data: [DONE]\n\n');
    this.end();
  }

  /** Ends the response without [DONE] (after an error event). */
  end(): void {
    if (!this.closed) this.#response.end();
  }

  async #write(text: string): Promise<void> {
    if (this.closed) return;
    this.start();
    if (!this.#response.write(text)) await this.#drainedOrClosed();
  }

  /** Waits for 'drain' or 'close', then removes both listeners: a long stream must not pile them up. */
  async #drainedOrClosed(): Promise<void> {
    const stop = new AbortController();
    const options = { signal: stop.signal };
    try {
      await Promise.race([once(this.#response, 'drain', options), once(this.#response, 'close', options)]);
    } finally {
      stop.abort();
    }
  }
}

/** An AbortSignal that fires when the client goes away before the response is complete. */
export function disconnectSignal(reply: FastifyReply): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const onClose = (): void => {
    if (!reply.raw.writableFinished) controller.abort(new Error('client disconnected'));
  };
  reply.raw.on('close', onClose);
  return { signal: controller.signal, release: () => reply.raw.off('close', onClose) };
}
