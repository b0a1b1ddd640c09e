import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { rouge } from '../../analytics/rouge/index.js';
import { EXIT } from '../io.js';

/** One input line of `styler rouge --jsonl`. */
interface RougeJsonlRequest {
  id: unknown;
  target: string;
  prediction: string;
  useStemmer: boolean;
}

/** Parses and validates one JSON line; throws an Error whose message says what is wrong. */
function parseRequest(line: string): RougeJsonlRequest {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new Error(`not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new Error('expected a JSON object like {"id": 1, "target": "...", "prediction": "..."}');
  }
  const { id = null, target, prediction, use_stemmer: useStemmer = false } = value as Record<string, unknown>;
  if (typeof target !== 'string') throw new Error('"target" must be a string');
  if (typeof prediction !== 'string') throw new Error('"prediction" must be a string');
  if (typeof useStemmer !== 'boolean') throw new Error('"use_stemmer" must be true or false');
  return { id, target, prediction, useStemmer };
}

async function writeRespectingBackpressure(stream: NodeJS.WritableStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/**
 * `styler rouge --jsonl`: reads JSON Lines `{"id", "target", "prediction", "use_stemmer"?}`
 * (use_stemmer defaults to false, as in rouge-score) and writes, per line, `{"id", "scores":
 * {"rouge1", "rouge2", "rougeL", "rougeLsum"}}`, each `{precision, recall, fmeasure}`. Blank lines
 * are skipped. A malformed line gets one message on `errorOutput` naming its line number, and the
 * run goes on. Resolves to exit code 0, or 1 if any line failed.
 */
export async function runRougeJsonl(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  errorOutput: NodeJS.WritableStream,
): Promise<number> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNumber = 0;
  let failedLines = 0;
  for await (const rawLine of lines) {
    lineNumber++;
    const line = lineNumber === 1 ? rawLine.replace(/^\uFEFF/, '') : rawLine;
    if (line.trim() === '') continue;
    let response: string;
    try {
      const request = parseRequest(line);
      const scores = rouge(request.target, request.prediction, { useStemmer: request.useStemmer });
      response = JSON.stringify({ id: request.id, scores });
    } catch (error) {
      failedLines++;
      const reason = error instanceof Error ? error.message : String(error);
      await writeRespectingBackpressure(errorOutput, `rouge: line ${lineNumber}: ${reason}\n`);
      continue;
    }
    await writeRespectingBackpressure(output, `${response}\n`);
  }
  return failedLines > 0 ? EXIT.failed : EXIT.ok;
}
