import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../src/providers/index.js';
import { readChatDeltas } from '../../src/providers/chat-stream.js';
import { SseDecoder, readSseData } from '../../src/providers/sse.js';
import type { ChatUsage } from '../../src/providers/types.js';

/** A byte stream that delivers `pieces` one read at a time. */
function streamOf(pieces: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[next++];
      if (piece) controller.enqueue(piece);
      else controller.close();
    },
  });
}

function streamOfText(...pieces: string[]): ReadableStream<Uint8Array> {
  return streamOf(pieces.map((piece) => new TextEncoder().encode(piece)));
}

/** `bytes` cut at the given offsets (any order, duplicates and out-of-range ignored). */
function splitAt(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const cuts = [...new Set(offsets.map((offset) => offset % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    pieces.push(bytes.subarray(start, cut));
    start = cut;
  }
  return pieces;
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

function chunkEvent(content: string): string {
  return JSON.stringify({
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  });
}

describe('SseDecoder', () => {
  it('joins data lines, drops comments and other fields, and strips one leading space', () => {
    const decoder = new SseDecoder();
    const events = decoder.push(': keep-alive\nevent: message\nid: 7\nretry: 100\ndata: a\ndata:  b\ndata\n\n');
    expect(events).toEqual(['a\n b\n']);
  });

  it('dispatches nothing for an event without data', () => {
    expect(new SseDecoder().push('event: ping\n\n: comment\n\n')).toEqual([]);
  });

  it('handles LF, CR and CRLF line ends, even a CRLF split across pieces', () => {
    const decoder = new SseDecoder();
    expect(decoder.push('data: one\r')).toEqual([]);
    // A CR that ends a piece may be the first half of a CRLF: the event it closes comes with the next piece.
    expect(decoder.push('\ndata: two\r\n\r\ndata: three\r\r')).toEqual(['one\ntwo']);
    expect(decoder.push('\n')).toEqual(['three']);
    expect(decoder.end()).toEqual([]);
  });

  it('keeps a partial line until its end arrives', () => {
    const decoder = new SseDecoder();
    expect(decoder.push('da')).toEqual([]);
    expect(decoder.push('ta: hel')).toEqual([]);
    expect(decoder.push('lo\n')).toEqual([]);
    expect(decoder.push('\n')).toEqual(['hello']);
  });

  it('delivers a last event that lacks its blank line when the stream ends', () => {
    const decoder = new SseDecoder();
    expect(decoder.push('data: last')).toEqual([]);
    expect(decoder.end()).toEqual(['last']);
  });

  it('gives the same events for any split of the text (property)', () => {
    const eventArb = fc.array(
      fc.string({ unit: 'binary' }).filter((s) => !/[\r\n]/.test(s)),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(
        fc.array(eventArb, { maxLength: 8 }),
        fc.constantFrom('\n', '\r', '\r\n'),
        fc.array(fc.nat(), { maxLength: 12 }),
        (events, eol, offsets) => {
          const text = events.map((lines) => lines.map((line) => `data: ${line}${eol}`).join('') + eol).join('');
          const cuts = [...new Set(offsets.map((offset) => offset % (text.length + 1)))].sort((a, b) => a - b);
          const decoder = new SseDecoder();
          const seen: string[] = [];
          let start = 0;
          for (const cut of [...cuts, text.length]) {
            seen.push(...decoder.push(text.slice(start, cut)));
            start = cut;
          }
          seen.push(...decoder.end());
          expect(seen).toEqual(events.map((lines) => lines.join('\n')));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('readSseData', () => {
  it('decodes a multi-byte character split between reads', async () => {
    const bytes = new TextEncoder().encode('data: héllo 👋\n\n');
    const pieces = [bytes.subarray(0, 8), bytes.subarray(8, 15), bytes.subarray(15)];
    expect(await collect(readSseData(streamOf(pieces)))).toEqual(['héllo 👋']);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: a\n\ndata: b\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const data of readSseData(body)) {
      expect(data).toBe('a');
      break;
    }
    expect(cancelled).toBe(true);
  });
});

describe('readChatDeltas', () => {
  it('yields content deltas, skips role and finish chunks, and stops at [DONE]', async () => {
    const text =
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { role: 'assistant', content: '' } }] })}\n\n` +
      `data: ${chunkEvent('Hello')}\n\n: keep-alive\n\n` +
      `data: ${chunkEvent(' world')}\n\n` +
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n` +
      'data: [DONE]\n\n' +
      `data: ${chunkEvent('after done')}\n\n`;
    expect(await collect(readChatDeltas(streamOfText(text), 'test'))).toEqual(['Hello', ' world']);
  });

  it('reports the last usage once, at the end', async () => {
    const usage = (n: number): unknown => ({ prompt_tokens: 3, completion_tokens: n, total_tokens: 3 + n });
    const text =
      `data: ${JSON.stringify({ choices: [{ delta: { content: 'a' } }], usage: usage(1) })}\n\n` +
      `data: ${JSON.stringify({ choices: [], usage: usage(2) })}\n\ndata: [DONE]\n\n`;
    const reported: ChatUsage[] = [];
    expect(await collect(readChatDeltas(streamOfText(text), 'test', (u) => reported.push(u)))).toEqual(['a']);
    expect(reported).toEqual([{ promptTokens: 3, completionTokens: 2, totalTokens: 5 }]);
  });

  it('accepts a stream that ends without [DONE]', async () => {
    expect(await collect(readChatDeltas(streamOfText(`data: ${chunkEvent('x')}`), 'test'))).toEqual(['x']);
  });

  it('fails with provider_failed on a malformed event or an in-stream error', async () => {
    await expect(collect(readChatDeltas(streamOfText('data: {oops\n\n'), 'vllm'))).rejects.toMatchObject({
      code: 'provider_failed',
      message: expect.stringContaining('vllm') as unknown,
    });
    const error = `data: ${JSON.stringify({ error: { message: 'model overloaded' } })}\n\n`;
    const failure = collect(readChatDeltas(streamOfText(`data: ${chunkEvent('a')}\n\n${error}`), 'openai'));
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toThrow(/model overloaded/);
  });

  it('gives the same deltas however the bytes are split, whatever the line ends and comments (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }), { maxLength: 10 }),
        fc.constantFrom('\n', '\r', '\r\n'),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 16 }),
        async (deltas, eol, withComments, spaceAfterColon, offsets) => {
          const space = spaceAfterColon ? ' ' : '';
          const comment = withComments ? `: keep-alive${eol}` : '';
          const text =
            deltas.map((delta) => `${comment}data:${space}${chunkEvent(delta)}${eol}${eol}`).join('') +
            `data:${space}[DONE]${eol}${eol}`;
          const pieces = splitAt(new TextEncoder().encode(text), offsets);
          expect(await collect(readChatDeltas(streamOf(pieces), 'test'))).toEqual(deltas);
        },
      ),
      { numRuns: 300 },
    );
  });
});
