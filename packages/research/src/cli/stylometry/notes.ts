/**
 * The warnings the research commands write on stderr (and keep in summary.json) when a result is
 * not what was asked for: a text not attributed (a tie, too few of the words compared), fewer
 * features than --mfw asked, a window shrunk to a short text.
 */
import type { CorpusAttribution } from '../../stylometry/index.js';

/** One line per text not attributed, unknown or held out in leave-one-out, with the reason. */
export function attributionNotes(attributed: CorpusAttribution): string[] {
  return [
    ...attributed.attribution
      .filter((entry) => entry.predicted === null)
      .map((entry) => `${entry.document}: not attributed: ${entry.reason ?? ''}`),
    ...attributed.leaveOneOut
      .filter((entry) => entry.predicted === null)
      .map((entry) => `${entry.document}: not attributed in leave-one-out: ${entry.reason ?? ''}`),
  ];
}

/** A line when fewer features than `--mfw` asked for are there to compare (after culling), else undefined. */
export function fewerFeaturesNote(asked: number, compared: number): string | undefined {
  if (compared >= asked) return undefined;
  return `--mfw ${asked}: the reference texts have only ${compared} features to compare (after culling); comparing ${compared}`;
}
