/**
 * Rolling Delta (Rybicki, Kestemont & Hoover 2014, "Collaborative authorship: Conrad, Ford and
 * rolling delta", LLC 29(3); Eder 2016, "Rolling stylometry", DSH 31(3); stylo's rolling.delta()):
 * a long text read through a window of `window` words moved `step` words at a time,
 * each window's distance to every candidate author, to see where the text reads like whom (a
 * collaboration, a change of hand). stylo's defaults are windows of 5,000 words moved by 1,000.
 *
 * The feature space comes from the reference documents (the `mostFrequent` features by mean relative
 * frequency over them, μ and σ over them, culling applied); each author's profile is the pooled
 * counts of the author's reference documents; each window is counted with the same features (word
 * forms, or n-grams made within the window) and compared by the chosen distance.
 */
import { deltaReference } from '@styler-dev/analytics/metrics';
import type { CorpusDocument } from './corpus.js';
import { distanceBetween, type DistanceName } from './distances.js';
import { pooledVector, spaceVector } from './feature-space.js';
import { featureCounts, WORD_FEATURES, type FeatureSpec } from './features/ngrams.js';
import { minSharedShare, sharedFeatures, tooFewShared } from './shared-features.js';

export interface RollingOptions {
  /** Words per window (default 5,000). */
  window?: number;
  /** Words the window moves each time (default 1,000). */
  step?: number;
  mostFrequent?: number;
  culling?: number;
  words?: readonly string[];
  distance?: DistanceName;
  features?: FeatureSpec;
  /** The shared-words rule's share (shared-features.ts; default ½, 0: off). */
  minShared?: number;
}

export interface RollingWindow {
  /** The window's first word (0-based) and the word after its last. */
  start: number;
  end: number;
  /** The distance to each author's profile. */
  distances: Record<string, number>;
  /** The nearest author; null when the shared-words rule leaves the window unattributed. */
  nearest: string | null;
  /** Why the window is not attributed. */
  reason?: string;
}

export interface RollingResult {
  authors: string[];
  windows: RollingWindow[];
  features: number;
}

const DEFAULTS = Object.freeze({ window: 5_000, step: 1_000, mostFrequent: 100, culling: 0 });

/** The windows of `words` (a long text's word forms) against the authors of `reference` documents. */
export function rollingDelta(
  words: readonly string[],
  reference: readonly CorpusDocument[],
  options: RollingOptions = {},
): RollingResult {
  const { window, step, mostFrequent, culling } = { ...DEFAULTS, ...options };
  const distance = options.distance ?? 'burrows';
  const features = options.features ?? WORD_FEATURES;
  const minShared = minSharedShare(options.minShared);
  if (!Number.isInteger(window) || window < 1) throw new RangeError('window must be a positive integer');
  if (!Number.isInteger(step) || step < 1) throw new RangeError('step must be a positive integer');
  const labelled = reference.filter((document) => document.author !== undefined);
  const authors = [...new Set(labelled.map((document) => document.author!))].sort();
  if (authors.length < 1 || labelled.length < 2)
    throw new RangeError('rolling Delta needs at least two reference documents');
  const space = deltaReference(
    labelled.map((document) => document.profile),
    mostFrequent,
    { culling, ...(options.words !== undefined && { words: options.words }) },
  );
  const profiles = new Map(
    authors.map((author) => [
      author,
      pooledVector(
        labelled
          .filter((document) => document.author === author)
          .map((document) => spaceVector(document.profile, space)),
        space,
      ),
    ]),
  );
  const windows: RollingWindow[] = [];
  const last = Math.max(0, words.length - window);
  for (let start = 0; start <= last; start += step) {
    const end = Math.min(words.length, start + window);
    const vector = spaceVector(featureCounts(words.slice(start, end), features), space);
    const distances: Record<string, number> = {};
    let nearest = authors[0]!;
    for (const author of authors) {
      distances[author] = distanceBetween(vector, profiles.get(author)!, distance);
      if (distances[author]! < distances[nearest]!) nearest = author;
    }
    const tooFew = tooFewShared(sharedFeatures(vector.counts), space.words.length, minShared);
    windows.push({
      start,
      end,
      distances,
      ...(tooFew === undefined ? { nearest } : { nearest: null, reason: tooFew }),
    });
    if (end === words.length) break;
  }
  return { authors, windows, features: space.words.length };
}
