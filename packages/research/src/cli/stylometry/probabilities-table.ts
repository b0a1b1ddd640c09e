/** `styler corpus --probabilities`: probabilities.csv, each unknown text's calibrated probability per candidate. */
import { join } from 'node:path';
import { CliError, writeCsv } from '@styler-dev/cli-kit';
import { attributionProbabilities, type CorpusAttribution } from '../../stylometry/index.js';

/** Writes probabilities.csv (document, author, delta, probability); what summary.json says of it. */
export async function writeProbabilities(
  out: string,
  attributed: CorpusAttribution,
): Promise<{
  calibration: { intercept: number; slope: number; pairs: number };
  attribution: Array<{ document: string; probabilities: Record<string, number>; reason?: string }>;
}> {
  let result;
  try {
    result = attributionProbabilities(attributed);
  } catch (error) {
    if (error instanceof RangeError) throw new CliError(`--probabilities: ${error.message}`);
    throw error;
  }
  const deltas = new Map(attributed.attribution.map((entry) => [entry.document, entry.distances]));
  await writeCsv(
    join(out, 'probabilities.csv'),
    ['document', 'author', 'delta', 'probability', 'reason'],
    result.attribution.flatMap((entry) =>
      Object.entries(deltas.get(entry.document)!).map(([author, delta]) => [
        entry.document,
        author,
        delta,
        entry.probabilities[author] ?? null,
        entry.reason === undefined ? null : `not attributed: ${entry.reason}`,
      ]),
    ),
  );
  const { intercept, slope, same, different } = result.model;
  return { calibration: { intercept, slope, pairs: same + different }, attribution: result.attribution };
}
