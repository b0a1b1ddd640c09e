/**
 * The General Imposters method of authorship verification (Koppel & Winter 2014, "Determining if
 * two documents are written by the same author", JASIST 65(1)), as stylo's imposters(): is the
 * unknown text by the candidate, or by one of the others (the imposters)?
 *
 * Each of `iterations` rounds draws a random `featureShare` of the features and a random
 * `imposterShare` of the imposter texts (without replacement, seeded); the unknown text goes to its
 * nearest text by the chosen distance among the candidate's texts and the drawn imposters. The score
 * is the share of rounds the nearest text is the candidate's (0–1): near 1, the candidate beats the
 * imposters whatever the features; near 0, never. Koppel & Winter used the min-max distance; stylo's
 * default, as here, is Burrows' Delta. The z-scores are those of the whole feature space (its μ and σ
 * from the labelled texts), so a round's subset takes their columns; stylo z-scores each round's rows
 * again. The score is not a probability: stylo's imposters.optimize() calibrates its thresholds.
 */
import { deltaReference } from '@styler-dev/analytics/metrics';
import type { CorpusDocument } from './corpus.js';
import { distanceBetween, type DistanceName, type FeatureVector } from './distances.js';
import { selectFeatures, spaceVector } from './feature-space.js';
import { seededRandom, type Random } from './random.js';
import { minSharedShare, sharedFeatures, tooFewShared } from './shared-features.js';

export interface ImpostersOptions {
  /** Rounds (default 100). */
  iterations?: number;
  /** Share of the features drawn each round (default 0.5). */
  featureShare?: number;
  /** Share of the imposter texts drawn each round (default 0.5). */
  imposterShare?: number;
  distance?: DistanceName;
  seed?: number;
}

export interface ImpostersResult {
  /** Share of the rounds the candidate's text was the nearest (0–1). */
  score: number;
  iterations: number;
  /** Features and imposter texts drawn per round. */
  features: number;
  imposters: number;
}

const DEFAULTS = Object.freeze({
  iterations: 100,
  featureShare: 0.5,
  imposterShare: 0.5,
  distance: 'burrows',
  seed: 1,
});

function drawIndices(length: number, size: number, random: Random): number[] {
  const indices = Array.from({ length }, (_, i) => i);
  for (let i = 0; i < size; i += 1) {
    const j = i + Math.floor(random() * (length - i));
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  return indices.slice(0, size).sort((a, b) => a - b);
}

function settings(options: ImpostersOptions) {
  const merged = { ...DEFAULTS, ...options } as Required<ImpostersOptions>;
  if (!Number.isInteger(merged.iterations) || merged.iterations < 1)
    throw new RangeError('iterations must be a positive integer');
  for (const key of ['featureShare', 'imposterShare'] as const) {
    if (!(merged[key] > 0 && merged[key] <= 1)) throw new RangeError(`${key} must be above 0 and at most 1`);
  }
  return merged;
}

/** The imposters score of `unknown` for a candidate (its texts) against imposter texts. */
export function impostersScore(
  unknown: FeatureVector,
  candidate: readonly FeatureVector[],
  impostors: readonly FeatureVector[],
  options: ImpostersOptions = {},
): ImpostersResult {
  const { iterations, featureShare, imposterShare, distance, seed } = settings(options);
  if (candidate.length === 0 || impostors.length === 0)
    throw new RangeError('give at least one candidate text and one imposter');
  const featureCount = unknown.frequencies.length;
  const features = Math.max(1, Math.round(featureCount * featureShare));
  const drawn = Math.max(1, Math.round(impostors.length * imposterShare));
  const random = seededRandom(seed);
  let wins = 0;
  for (let round = 0; round < iterations; round += 1) {
    const columns = drawIndices(featureCount, features, random);
    const rivals = drawIndices(impostors.length, drawn, random);
    const text = selectFeatures(unknown, columns);
    const nearestCandidate = Math.min(
      ...candidate.map((c) => distanceBetween(text, selectFeatures(c, columns), distance)),
    );
    const nearestImposter = Math.min(
      ...rivals.map((i) => distanceBetween(text, selectFeatures(impostors[i]!, columns), distance)),
    );
    // A tie counts for the imposters: the candidate must be strictly nearer.
    if (nearestCandidate < nearestImposter) wins += 1;
  }
  return { score: wins / iterations, iterations, features, imposters: drawn };
}

export interface CorpusVerification {
  /**
   * Per unknown document, per author: the imposters score with the author as candidate; none, with
   * the reason, for a text using too few of the features compared (shared-features.ts).
   */
  scores: Array<{ document: string; scores: Record<string, number>; reason?: string }>;
  authors: string[];
  features: number;
}

/**
 * stylo's imposters() over a corpus: every unknown document tested against each author in turn (or
 * the `candidates` given), the other authors' texts its imposters.
 */
export function verifyCorpus(
  documents: readonly CorpusDocument[],
  options: ImpostersOptions & {
    mostFrequent?: number;
    culling?: number;
    words?: readonly string[];
    candidates?: readonly string[];
    /** The shared-words rule's share (shared-features.ts; default ½, 0: off). */
    minShared?: number;
  } = {},
): CorpusVerification {
  const minShared = minSharedShare(options.minShared);
  const labelled = documents.filter((document) => document.author !== undefined);
  const authors = [...new Set(labelled.map((document) => document.author!))].sort();
  if (authors.length < 2)
    throw new RangeError('verification needs texts of at least two authors (a candidate and imposters)');
  const candidates = options.candidates ?? authors;
  for (const name of candidates) if (!authors.includes(name)) throw new RangeError(`no texts of the candidate ${name}`);
  const reference = deltaReference(
    labelled.map((document) => document.profile),
    options.mostFrequent ?? 100,
    { culling: options.culling ?? 0, ...(options.words !== undefined && { words: options.words }) },
  );
  const vectors = labelled.map((document) => spaceVector(document.profile, reference));
  const scores = documents
    .filter((document) => document.author === undefined)
    .map((document) => {
      const unknown = spaceVector(document.profile, reference);
      const tooFew = tooFewShared(sharedFeatures(unknown.counts), reference.words.length, minShared);
      if (tooFew !== undefined) return { document: document.name, scores: {}, reason: tooFew };
      const row: Record<string, number> = {};
      for (const author of candidates) {
        const own = vectors.filter((_, i) => labelled[i]!.author === author);
        const others = vectors.filter((_, i) => labelled[i]!.author !== author);
        row[author] = impostersScore(unknown, own, others, options).score;
      }
      return { document: document.name, scores: row };
    });
  return { scores, authors: [...candidates], features: reference.words.length };
}
