/**
 * Incremental Server-Sent Events decoding, following the event-stream interpretation rules of the
 * WHATWG HTML standard (section 9.2.6), reduced to what chat-completion streams need: `data` fields
 * only. Lines may end in LF, CR or CRLF; chunks may split anywhere, even inside a line terminator
 * or a multi-byte character.
 */

const LF = 10;
const CR = 13;

/**
 * Turns text pushed in arbitrary pieces into the `data` payloads of complete events.
 * A payload is the event's `data:` values joined by '\n' (one leading space of each value removed).
 * Comment lines (starting with ':') and the fields event, id and retry are ignored.
 */
export class SseDecoder {
  /** The unfinished last line; never contains CR or LF. */
  #partialLine = '';
  #dataLines: string[] = [];
  /** The previous piece ended in CR, so a LF opening the next piece belongs to that CRLF. */
  #skipLeadingLf = false;

  /** Feeds the next piece of the stream; returns the payloads of the events it completed, in order. */
  push(piece: string): string[] {
    let text = piece;
    if (this.#skipLeadingLf && text.length > 0) {
      if (text.charCodeAt(0) === LF) text = text.slice(1);
      this.#skipLeadingLf = false;
    }
    const events: string[] = [];
    const scanFrom = this.#partialLine.length;
    text = this.#partialLine + text;
    let lineStart = 0;
    for (let index = scanFrom; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code !== LF && code !== CR) continue;
      this.#takeLine(text.slice(lineStart, index), events);
      if (code === CR) {
        if (index + 1 < text.length) {
          if (text.charCodeAt(index + 1) === LF) index++;
        } else {
          this.#skipLeadingLf = true;
        }
      }
      lineStart = index + 1;
    }
    this.#partialLine = text.slice(lineStart);
    return events;
  }

  /**
   * Ends the stream. The standard drops an event that lacks its closing blank line; we deliver it,
   * because some servers close the connection right after their last `data:` line.
   */
  end(): string[] {
    const events: string[] = [];
    if (this.#partialLine.length > 0) this.#takeLine(this.#partialLine, events);
    this.#partialLine = '';
    this.#takeLine('', events);
    return events;
  }

  #takeLine(line: string, events: string[]): void {
    if (line.length === 0) {
      if (this.#dataLines.length > 0) events.push(this.#dataLines.join('\n'));
      this.#dataLines = [];
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.#dataLines.push(value);
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
