/**
 * Incremental Server-Sent Events decoding with eventsource-parser (a well-kept parser of the WHATWG
 * event-stream format: LF, CR or CRLF line ends, chunks split anywhere), reduced to what
 * chat-completion streams need: each event's `data`.
 */
import { createParser, type EventSourceParser } from 'eventsource-parser';

/**
 * Turns text pushed in arbitrary pieces into the `data` payloads of complete events (the event's
 * `data:` values joined by '\n'). Comments and the fields event, id and retry are ignored.
 */
export class SseDecoder {
  readonly #events: string[] = [];
  readonly #parser: EventSourceParser = createParser({ onEvent: (event) => this.#events.push(event.data) });

  /** Feeds the next piece of the stream; returns the payloads of the events it completed, in order. */
  push(piece: string): string[] {
    this.#parser.feed(piece);
    return this.#events.splice(0);
  }

  /**
   * Ends the stream. The standard drops an event that lacks its closing blank line; we deliver it,
   * because some servers close the connection right after their last `data:` line.
   */
  end(): string[] {
    this.#parser.feed('\n\n');
    return this.#events.splice(0);
  }
}

/**
 * Reads a byte stream (e.g. a fetch Response body) as Server-Sent Events and yields each event's
 * data payload as soon as its closing blank line arrives. Stopping the iteration early cancels
 * the stream, which releases the connection.
 */
export async function* readSseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  // TextDecoder in streaming mode keeps a multi-byte character split across chunks intact,
  // and drops the UTF-8 byte order mark the standard says to ignore.
  const text = new TextDecoder('utf-8');
  const decoder = new SseDecoder();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* decoder.push(text.decode(value, { stream: true }));
    }
    finished = true;
    yield* decoder.push(text.decode());
    yield* decoder.end();
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
