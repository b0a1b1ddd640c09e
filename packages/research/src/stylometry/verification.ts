/**
 * Authorship verification of (known texts, questioned text) problems, by two methods that share one
 * feature space, both calibrated on the known texts alone (never on the problems' answers):
 *
 * - imposters: the General Imposters score (imposters.ts; Koppel & Winter 2014) of the questioned
 *   text for the known texts against the other authors' texts, then a "don't know" band fitted as
 *   stylo's imposters.optimize() does (uncertain-band.ts).
 * - delta: the margin Δ(questioned, known author's pooled profile) − min over the other authors of
 *   Δ(questioned, their pooled profile), turned into a probability by a logistic regression
 *   (logistic-calibration.ts), as faststylometry's calibrate().
 *
 * The authors: every problem's known texts under its `author` (problems of one author share their
 * texts; without names each problem is its own author), and any extra imposter authors. The other
 * authors of a problem are all but its own, a text identical to the questioned one left out.
 *
 * Calibration problems come from the authors by leave-one-out: each text of an author with two or
 * more is held out and questioned once against the rest of its author (same author) and once
 * against one other author drawn at random, seeded (different authors): as many of each answer.
 * The uncalibrated Delta score, for comparison, is 1 − the margin min-max scaled over the problems.
 */
import { deltaReference, type WordProfile } from '@styler/analytics/metrics';
import { distanceBetween, type DistanceName } from './distances.js';
import { pooledVector, spaceVector, type SpaceVector } from './feature-space.js';
import { impostersScore, type ImpostersOptions } from './imposters.js';
import { calibratedProbability, fitLogisticCalibration, type LogisticCalibration } from './logistic-calibration.js';
import { seededRandom } from './random.js';
import { applyBand, fitUncertainBand, type UncertainBand } from './uncertain-band.js';

/** A text of a problem: `key` identifies it (equal texts, equal keys), `profile` its feature counts. */
export interface VerificationText {
  key: string;
  profile: WordProfile;
}

/** One problem: are the known texts and the questioned one by the same author? */
export interface VerificationProblem {
  id: string;
  /** The known author's name; problems with the same name share an author. Default: the id. */
  author?: string;
  known: readonly VerificationText[];
  unknown: VerificationText;
  /** The answer, when known (for the metrics only). */
  same?: boolean;
}

export interface VerificationOptions extends ImpostersOptions {
  /** Features compared (default 100). */
  mostFrequent?: number;
  /** stylo's culling, % of the known texts a feature must occur in (default 0). */
  culling?: number;
  /** A word list of one's own instead of the most frequent features. */
  words?: readonly string[];
  /** Texts of further authors, imposters and candidates for every problem. */
  imposterAuthors?: ReadonlyArray<{ author: string; texts: readonly VerificationText[] }>;
}

/** One problem's scores: each 0–1, the calibrated ones on PAN's scale (0.5: no answer). */
export interface VerifiedProblem {
  id: string;
  same?: boolean;
  imposters: number;
  impostersUncalibrated: number;
  delta: number;
  deltaUncalibrated: number;
  /** The Delta margin the delta scores come from (negative: the known author is the nearest). */
  margin: number;
}

export interface Verification {
  problems: VerifiedProblem[];
  features: number;
  band: UncertainBand;
  logistic: LogisticCalibration;
  /** Calibration problems built from the authors (half of each answer). */
  calibrationProblems: number;
}

interface Case {
  known: readonly SpaceVector[];
  unknown: SpaceVector;
  unknownKey: string;
  author: string;
}

const DEFAULT_MFW = 100;

/** Verifies every problem by both methods; a RangeError when the texts cannot be calibrated. */
export function verifyProblems(
  problems: readonly VerificationProblem[],
  options: VerificationOptions = {},
): Verification {
  if (problems.length === 0) throw new RangeError('give at least one problem');
  const authors = new Map<string, Map<string, VerificationText>>();
  const add = (author: string, text: VerificationText): void => {
    if (!authors.has(author)) authors.set(author, new Map());
    authors.get(author)!.set(text.key, text);
  };
  for (const problem of problems) {
    if (problem.known.length === 0) throw new RangeError(`problem ${problem.id} has no known text`);
    for (const text of problem.known) add(problem.author ?? problem.id, text);
  }
  for (const { author, texts } of options.imposterAuthors ?? []) for (const text of texts) add(author, text);
  const distinct = new Map<string, VerificationText>();
  for (const texts of authors.values()) for (const [key, text] of texts) distinct.set(key, text);
  if (authors.size < 2) throw new RangeError('verification needs texts of at least two authors (give imposters)');
  const reference = deltaReference(
    [...distinct.values()].map((text) => text.profile),
    options.mostFrequent ?? DEFAULT_MFW,
    { culling: options.culling ?? 0, ...(options.words !== undefined && { words: options.words }) },
  );
  const vectors = new Map<string, SpaceVector>();
  const vectorOf = (text: VerificationText): SpaceVector => {
    if (!vectors.has(text.key)) vectors.set(text.key, spaceVector(text.profile, reference));
    return vectors.get(text.key)!;
  };
  const names = [...authors.keys()].sort();
  const textsOf = (author: string, without: string): SpaceVector[] =>
    [...authors.get(author)!.values()].filter((text) => text.key !== without).map(vectorOf);
  const distance: DistanceName = options.distance ?? 'burrows';

  const score = (c: Case): { raw: number; margin: number } => {
    const others = names
      .filter((name) => name !== c.author)
      .map((name) => textsOf(name, c.unknownKey))
      .filter((texts) => texts.length > 0);
    if (others.length === 0) throw new RangeError('a problem has no other author to compare with (give imposters)');
    const raw = impostersScore(c.unknown, c.known, others.flat(), options).score;
    const toKnown = distanceBetween(c.unknown, pooledVector(c.known, reference), distance);
    const nearestOther = Math.min(
      ...others.map((texts) => distanceBetween(c.unknown, pooledVector(texts, reference), distance)),
    );
    return { raw, margin: toKnown - nearestOther };
  };

  // Leave-one-out calibration problems: each held-out text once with its author, once with another.
  const random = seededRandom(options.seed ?? 1);
  const calibration: Array<{ same: boolean; raw: number; margin: number }> = [];
  for (const author of names) {
    const texts = [...authors.get(author)!.keys()];
    if (texts.length < 2) continue;
    const rivals = names.filter((name) => name !== author);
    for (const key of texts) {
      const unknown = vectorOf(authors.get(author)!.get(key)!);
      const rest = textsOf(author, key);
      calibration.push({ same: true, ...score({ known: rest, unknown, unknownKey: key, author }) });
      const rival = rivals[Math.floor(random() * rivals.length)]!;
      calibration.push({
        same: false,
        ...score({ known: textsOf(rival, key), unknown, unknownKey: key, author: rival }),
      });
    }
  }
  if (calibration.length === 0) throw new RangeError('calibration needs an author with at least two known texts');
  const band = fitUncertainBand(calibration.map(({ raw, same }) => ({ score: raw, same })));
  const logistic = fitLogisticCalibration(calibration.map(({ margin, same }) => ({ x: margin, same })));

  const scored = problems.map((problem) => ({
    problem,
    ...score({
      known: problem.known.map(vectorOf),
      unknown: vectorOf(problem.unknown),
      unknownKey: problem.unknown.key,
      author: problem.author ?? problem.id,
    }),
  }));
  const low = Math.min(...scored.map((s) => s.margin));
  const high = Math.max(...scored.map((s) => s.margin));
  return {
    problems: scored.map(({ problem, raw, margin }) => ({
      id: problem.id,
      ...(problem.same !== undefined && { same: problem.same }),
      imposters: applyBand(raw, band),
      impostersUncalibrated: raw,
      delta: calibratedProbability(logistic, margin),
      deltaUncalibrated: high === low ? 0.5 : 1 - (margin - low) / (high - low),
      margin,
    })),
    features: reference.words.length,
    band,
    logistic,
    calibrationProblems: calibration.length,
  };
}
