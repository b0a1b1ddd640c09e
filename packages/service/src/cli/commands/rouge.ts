import { rouge } from '@styler-dev/analytics';
import { parseJsonObject, runJsonLines } from '@styler-dev/cli-kit';

/**
 * `styler rouge --jsonl`: reads JSON Lines `{"id", "target", "prediction", "use_stemmer"?}`
 * (use_stemmer defaults to false, as in rouge-score) and writes, per line, `{"id", "scores":
 * {"rouge1", "rouge2", "rougeL", "rougeLsum"}}`, each `{precision, recall, fmeasure}`. Blank lines
 * are skipped. A malformed line gets one message on `errorOutput` naming its line number, and the
 * run goes on. Resolves to exit code 0, or 1 if any line failed.
 */
export function runRougeJsonl(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  errorOutput: NodeJS.WritableStream,
): Promise<number> {
  return runJsonLines('rouge', { input, output, errorOutput }, (line) => {
    const request = parseJsonObject(line, '{"id": 1, "target": "...", "prediction": "..."}');
    const { id = null, target, prediction, use_stemmer: useStemmer = false } = request;
    if (typeof target !== 'string') throw new Error('"target" must be a string');
    if (typeof prediction !== 'string') throw new Error('"prediction" must be a string');
    if (typeof useStemmer !== 'boolean') throw new Error('"use_stemmer" must be true or false');
    return { id, scores: rouge(target, prediction, { useStemmer }) };
  });
}
