/**
 * Calibrated probabilities for closed-set attribution (`styler corpus --probabilities`): each
 * candidate author's margin, Δ(text, candidate's profile) − min over the other authors of Δ(text,
 * their profile), turned into P(the candidate wrote it) by the logistic calibration of
 * logistic-calibration.ts, fitted as faststylometry's calibrate() does: on the corpus's leave-one-out
 * distances, each held-out text paired with its own author (same) and with every other (different).
 * Each candidate's probability stands alone (a verification of that author), so they need not sum to 1.
 * A text the shared-words rule left unattributed (shared-features.ts) gets none, with its reason:
 * its margins measure the words it lacks.
 */
import type { CorpusAttribution } from './corpus.js';
import { calibratedProbability, fitLogisticCalibration, type LogisticCalibration } from './logistic-calibration.js';

/** Each author's margin among the distances (negative: the author is the nearest). */
function margins(distances: Readonly<Record<string, number>>): Record<string, number> {
  const entries = Object.entries(distances);
  return Object.fromEntries(
    entries.map(([author, distance]) => [
      author,
      distance - Math.min(...entries.filter(([other]) => other !== author).map(([, d]) => d)),
    ]),
  );
}

export interface AttributionProbabilities {
  model: LogisticCalibration;
  /** Per unknown document, each candidate's calibrated probability (0–1); none, with the reason, when not attributed. */
  attribution: Array<{ document: string; probabilities: Record<string, number>; reason?: string }>;
}

/** The calibration fitted on the leave-one-out attributions, applied to the unknown documents. */
export function attributionProbabilities(
  attribution: Pick<CorpusAttribution, 'leaveOneOut' | 'attribution'>,
): AttributionProbabilities {
  const samples = attribution.leaveOneOut.flatMap((entry) =>
    Object.entries(margins(entry.distances)).map(([author, x]) => ({ x, same: author === entry.author })),
  );
  if (samples.length === 0 || Object.keys(attribution.leaveOneOut[0]!.distances).length < 2) {
    throw new RangeError('calibrated probabilities need two authors, one of them with two texts or more');
  }
  const model = fitLogisticCalibration(samples);
  return {
    model,
    attribution: attribution.attribution.map((entry) =>
      entry.tooFewShared === true
        ? { document: entry.document, probabilities: {}, ...(entry.reason !== undefined && { reason: entry.reason }) }
        : {
            document: entry.document,
            probabilities: Object.fromEntries(
              Object.entries(margins(entry.distances)).map(([author, x]) => [author, calibratedProbability(model, x)]),
            ),
          },
    ),
  };
}
