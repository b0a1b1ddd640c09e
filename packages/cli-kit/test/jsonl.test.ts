import { describe, expect, it } from 'vitest';
import { jsonLines } from '../src/jsonl.js';

async function* streamOf(chunks: (string | Uint8Array)[]): AsyncGenerator<string | Uint8Array> {
  yield* chunks;
}

async function linesOf(chunks: (string | Uint8Array)[]): Promise<string[]> {
  const lines: string[] = [];
  for await (const line of jsonLines(streamOf(chunks))) lines.push(line);
  return lines;
}

describe('jsonLines', () => {
  it('ends lines at \\n alone (U+2028 and U+2029 stay inside, as node:readline on Node 24 would not have them)', async () => {
    expect(await linesOf(['{"a": "one\u2028two"}\n{"b": "\u2029"}\n'])).toEqual([
      '{"a": "one\u2028two"}',
      '{"b": "\u2029"}',
    ]);
  });

  it('drops the \\r of \\r\\n, keeps blank lines and a last line without \\n, across chunk boundaries', async () => {
    expect(await linesOf(['a\r', '\n\nb\r\n', 'c'])).toEqual(['a', '', 'b', 'c']);
  });

  it('decodes UTF-8 split between chunks and keeps a byte-order mark for the caller', async () => {
    const bytes = Buffer.from('\uFEFFé€\n😀\n');
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect(await linesOf(chunks)).toEqual(['\uFEFFé€', '😀']);
  });
});
