import { classifySentence } from '@styler-dev/analytics/nlp';
import { parseJsonObject, runJsonLines } from '@styler-dev/cli-kit';

/**
 * `styler classify --jsonl`: reads JSON Lines `{"id", "text"}`, each text ONE sentence (never
 * re-split), and writes `{"id", "structure", "voice"}` per line, in input order. Blank lines are
 * skipped. A malformed line gets one message on `errorOutput` naming its line number, and the run
 * goes on. Resolves to exit code 0, or 1 if any line failed.
 */
export function runClassifyJsonl(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  errorOutput: NodeJS.WritableStream,
): Promise<number> {
  return runJsonLines('classify', { input, output, errorOutput }, (line) => {
    const { id = null, text } = parseJsonObject(line, '{"id": 1, "text": "..."}');
    if (typeof text !== 'string') throw new Error('"text" must be a string');
    const { structure, voice } = classifySentence(text);
    return { id, structure, voice };
  });
}
