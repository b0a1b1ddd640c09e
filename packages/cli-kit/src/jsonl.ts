import { once } from 'node:events';
import { EXIT } from './io.js';

/** Parses one line as a JSON object; throws an Error saying what is wrong, with `example` as a hint. */
export function parseJsonObject(line: string, example: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new Error(`not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error(`expected a JSON object like ${example}`);
  }
  return value as Record<string, unknown>;
}

/**
 * The lines of a byte or text stream as JSON Lines has them: ended by \n, a \r before it dropped
 * (UTF-8 decoded; a byte-order mark is kept for the caller). Not node:readline: from Node 24 on, it
 * also ends a line at U+2028 and U+2029, which JSON allows unescaped inside a string.
 */
export async function* jsonLines(input: AsyncIterable<string | Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let pending = '';
  for await (const chunk of input) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let start = 0;
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n', start)) {
      yield withoutCarriageReturn(pending.slice(start, end));
      start = end + 1;
    }
    pending = pending.slice(start);
  }
  pending += decoder.decode();
  if (pending !== '') yield withoutCarriageReturn(pending);
}

function withoutCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

async function writeLine(stream: NodeJS.WritableStream, line: string): Promise<void> {
  if (!stream.write(`${line}\n`)) await once(stream, 'drain');
}

/**
 * Runs a JSON Lines command: each non-blank input line goes through `answer`, whose result is
 * written as one JSON line, in input order, respecting backpressure. A line whose `answer` throws
 * gets one message on `errorOutput` naming the command and its line number, and the run goes on.
 * A byte-order mark opening the first line is ignored. Resolves to exit code 0, or 1 if any line failed.
 */
export async function runJsonLines(
  command: string,
  streams: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; errorOutput: NodeJS.WritableStream },
  answer: (line: string) => unknown,
): Promise<number> {
  let lineNumber = 0;
  let failedLines = 0;
  for await (const rawLine of jsonLines(streams.input)) {
    lineNumber += 1;
    const line = lineNumber === 1 && rawLine.startsWith('\uFEFF') ? rawLine.slice(1) : rawLine;
    if (line.trim() === '') continue;
    let response: string;
    try {
      response = JSON.stringify(answer(line));
    } catch (error) {
      failedLines += 1;
      const reason = error instanceof Error ? error.message : String(error);
      await writeLine(streams.errorOutput, `${command}: line ${lineNumber}: ${reason}`);
      continue;
    }
    await writeLine(streams.output, response);
  }
  return failedLines > 0 ? EXIT.failed : EXIT.ok;
}
