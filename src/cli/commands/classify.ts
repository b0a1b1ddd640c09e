import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { classifySentence } from '../../nlp/index.js';
import { EXIT } from '../io.js';

/** One input line of `styler classify --jsonl`. */
interface ClassifyJsonlRequest {
  id: unknown;
  text: string;
}

/** Parses and validates one JSON line; throws an Error whose message says what is wrong. */
function parseRequest(line: string): ClassifyJsonlRequest {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new Error(`not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('expected a JSON object like {"id": 1, "text": "..."}');
  }
  const { id = null, text } = value as Record<string, unknown>;
  if (typeof text !== 'string') throw new Error('"text" must be a string');
  return { id, text };
}

async function writeLine(stream: NodeJS.WritableStream, line: string): Promise<void> {
  if (!stream.write(`${line}\n`)) await once(stream, 'drain');
}

/**
 * `styler classify --jsonl`: reads JSON Lines `{"id", "text"}`, each text ONE sentence (never
 * re-split), and writes `{"id", "structure", "voice"}` per line, in input order. Blank lines are
 * skipped. A malformed line gets one message on `errorOutput` naming its line number, and the run
 * goes on. Resolves to exit code 0, or 1 if any line failed.
 */
export async function runClassifyJsonl(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  errorOutput: NodeJS.WritableStream,
): Promise<number> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  let failedLines = 0;
  for await (const rawLine of lines) {
    lineNumber += 1;
    // A byte-order mark may open the first line of files saved by some editors.
    const line = lineNumber === 1 && rawLine.startsWith('\uFEFF') ? rawLine.slice(1) : rawLine;
    if (line.trim() === '') continue;
    let response: string;
    try {
      const request = parseRequest(line);
      const { structure, voice } = classifySentence(request.text);
      response = JSON.stringify({ id: request.id, structure, voice });
    } catch (error) {
      failedLines += 1;
      const reason = error instanceof Error ? error.message : String(error);
      await writeLine(errorOutput, `classify: line ${lineNumber}: ${reason}`);
      continue;
    }
    await writeLine(output, response);
  }
  return failedLines > 0 ? EXIT.failed : EXIT.ok;
}
