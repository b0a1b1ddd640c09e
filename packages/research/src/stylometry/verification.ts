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
 * The authors: every problem's known texts under its `author`; problems without a name that share a
 * known text with another problem are one author with it (texts do not change hands), any other
 * unnamed problem is its own author; and any extra imposter authors. The other authors of a problem
 * are all but its own, leaving out the questioned text and the problem's own known texts wherever
 * else they appear: a problem never meets its own author's texts among its imposters.
 *
 * Calibration problems (calibration-problems.ts) are built like the problems: held-out known texts
 * questioned against known sets of the problems' own sizes, of the same author or another, seeded,
 * several draws fitted together. Only the problems' known texts are used, never their questioned
 * texts (imposter authors are drawn on only when the problems name fewer than two authors).
 *
 * The uncalibrated Delta score, for comparison, is defined by the problem alone: the nearest other
 * author's distance over the sum of it and the known author's, d_other / (d_known + d_other) (0–1;
 * above 0.5 when the known author is the nearer, exactly 0.5 on a tie).
 */
import { deltaReference, type WordProfile } from '@styler-dev/analytics/metrics';
import { calibrationProblems, knownSetSizes } from './calibration-problems.js';
import { distanceBetween, type DistanceName } from './distances.js';
import { pooledVector, spaceVector, type SpaceVector } from './feature-space.js';
import { impostersScore, type ImpostersOptions } from './imposters.js';
import { calibratedProbability, fitLogisticCalibration, type LogisticCalibration } from './logistic-calibration.js';
import { seededRandom } from './random.js';
import { minSharedShare, sharedFeatures, tooFewShared } from './shared-features.js';
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
  /** Draws of the calibration problems, fitted together (default 5). */
  calibrationDraws?: number;
  /**
   * The shared-words rule's share (shared-features.ts; default ½, 0: off): a questioned text under
   * it is left unanswered (calibrated scores 0.5), and calibration problems under it are skipped.
   */
  minShared?: number;
}

/** One problem's scores: each 0–1, the calibrated ones on PAN's scale (0.5: no answer). */
export interface VerifiedProblem {
  id: string;
  /** The author the problem was taken to be of (its name, or the problems it shares texts with). */
  author: string;
  same?: boolean;
  imposters: number;
  impostersUncalibrated: number;
  delta: number;
  deltaUncalibrated: number;
  /** The Delta margin the delta scores come from (negative: the known author is the nearest). */
  margin: number;
  /** Why the calibrated scores are 0.5 (no answer) whatever the margin: the shared-words rule. */
  reason?: string;
}

/** What the calibration was fitted on. */
export interface CalibrationFit {
  /** Calibration problems over all draws (half of each answer, bar authors with no rival text). */
  problems: number;
  same: number;
  different: number;
  draws: number;
  /** Calibration problems by known-set size. */
  knownSetSizes: Record<string, number>;
  /** The scored problems by known-set size, which the calibration's sizes are drawn from. */
  problemSizes: Record<string, number>;
  /** Authors whose texts the calibration problems were built from. */
  authors: number;
}

export interface Verification {
  problems: VerifiedProblem[];
  features: number;
  band: UncertainBand;
  logistic: LogisticCalibration;
  calibration: CalibrationFit;
}

interface Case {
  known: readonly SpaceVector[];
  /** Keys of the questioned text and the known ones: never among the other authors' texts. */
  exclude: ReadonlySet<string>;
  unknown: SpaceVector;
  author: string;
}

const DEFAULT_MFW = 100;
const DEFAULT_DRAWS = 5;

/**
 * Each problem's author: its name, else the name of a problem it shares a known text with (through
 * any chain of shared texts), else the id of the first problem of that chain.
 */
function problemAuthors(problems: readonly VerificationProblem[]): string[] {
  const parent = problems.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
  const join = (a: number, b: number): void => {
    const [ra, rb] = [root(a), root(b)];
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const firstWith = new Map<string, number>();
  problems.forEach((problem, i) => {
    for (const text of problem.known) {
      if (firstWith.has(text.key)) join(i, firstWith.get(text.key)!);
      else firstWith.set(text.key, i);
    }
  });
  const named = new Map<number, string>();
  problems.forEach((problem, i) => {
    if (problem.author !== undefined && !named.has(root(i))) named.set(root(i), problem.author);
  });
  return problems.map((problem, i) => problem.author ?? named.get(root(i)) ?? problems[root(i)]!.id);
}

/** Verifies every problem by both methods; a RangeError when the texts cannot be calibrated. */
export function verifyProblems(
  problems: readonly VerificationProblem[],
  options: VerificationOptions = {},
): Verification {
  if (problems.length === 0) throw new RangeError('give at least one problem');
  const draws = options.calibrationDraws ?? DEFAULT_DRAWS;
  const minShared = minSharedShare(options.minShared);
  if (!(Number.isInteger(draws) && draws >= 1)) throw new RangeError('calibrationDraws must be a positive integer');
  const authorOf = problemAuthors(problems);
  const authors = new Map<string, Map<string, VerificationText>>();
  const add = (author: string, text: VerificationText): void => {
    if (!authors.has(author)) authors.set(author, new Map());
    authors.get(author)!.set(text.key, text);
  };
  problems.forEach((problem, i) => {
    if (problem.known.length === 0) throw new RangeError(`problem ${problem.id} has no known text`);
    for (const text of problem.known) add(authorOf[i]!, text);
  });
  const problemAuthorNames = new Set(authors.keys());
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
  const vectorOf = (key: string): SpaceVector => {
    if (!vectors.has(key)) vectors.set(key, spaceVector(distinct.get(key)!.profile, reference));
    return vectors.get(key)!;
  };
  const names = [...authors.keys()].sort();
  const textsOf = (author: string, exclude: ReadonlySet<string>): SpaceVector[] =>
    [...authors.get(author)!.keys()].filter((key) => !exclude.has(key)).map(vectorOf);
  const distance: DistanceName = options.distance ?? 'burrows';

  // Undefined when no other author has a text left to compare with.
  const score = (c: Case): { raw: number; margin: number; toKnown: number; nearestOther: number } | undefined => {
    const others = names
      .filter((name) => name !== c.author)
      .map((name) => textsOf(name, c.exclude))
      .filter((texts) => texts.length > 0);
    if (others.length === 0) return undefined;
    const raw = impostersScore(c.unknown, c.known, others.flat(), options).score;
    const toKnown = distanceBetween(c.unknown, pooledVector(c.known, reference), distance);
    const nearestOther = Math.min(
      ...others.map((texts) => distanceBetween(c.unknown, pooledVector(texts, reference), distance)),
    );
    return { raw, margin: toKnown - nearestOther, toKnown, nearestOther };
  };

  const calibrationAuthors = new Map<string, string[]>();
  for (const name of names) {
    if (problemAuthorNames.size >= 2 && !problemAuthorNames.has(name)) continue;
    calibrationAuthors.set(name, [...authors.get(name)!.keys()]);
  }
  const built = calibrationProblems({
    authors: calibrationAuthors,
    sizes: problems.map((p) => p.known.length),
    draws,
    random: seededRandom(options.seed ?? 1),
  });
  const tooFew = (vector: SpaceVector): string | undefined =>
    tooFewShared(sharedFeatures(vector.counts), reference.words.length, minShared);
  const calibration = built.flatMap((c) => {
    if (tooFew(vectorOf(c.unknown)) !== undefined) return [];
    const scored = score({
      known: c.known.map(vectorOf),
      unknown: vectorOf(c.unknown),
      exclude: new Set([c.unknown, ...c.known]),
      author: c.author,
    });
    return scored === undefined ? [] : [{ same: c.same, known: c.known, ...scored }];
  });
  if (!calibration.some((c) => c.same) || !calibration.some((c) => !c.same)) {
    throw new RangeError('calibration needs an author with at least two known texts, and another author');
  }
  const band = fitUncertainBand(calibration.map(({ raw, same }) => ({ score: raw, same })));
  const logistic = fitLogisticCalibration(calibration.map(({ margin, same }) => ({ x: margin, same })));

  const problemSizes: Record<string, number> = {};
  for (const p of problems) problemSizes[p.known.length] = (problemSizes[p.known.length] ?? 0) + 1;
  return {
    problems: problems.map((problem, i) => {
      const unknown = spaceVector(problem.unknown.profile, reference);
      const reason = tooFew(unknown);
      const scored = score({
        known: problem.known.map((text) => vectorOf(text.key)),
        unknown,
        exclude: new Set([problem.unknown.key, ...problem.known.map((text) => text.key)]),
        author: authorOf[i]!,
      });
      if (scored === undefined) {
        throw new RangeError(`problem ${problem.id} has no other author to compare with (give imposters)`);
      }
      const { raw, margin, toKnown, nearestOther } = scored;
      return {
        id: problem.id,
        author: authorOf[i]!,
        ...(problem.same !== undefined && { same: problem.same }),
        imposters: reason === undefined ? applyBand(raw, band) : 0.5,
        impostersUncalibrated: raw,
        delta: reason === undefined ? calibratedProbability(logistic, margin) : 0.5,
        deltaUncalibrated: uncalibratedDelta(toKnown, nearestOther),
        margin,
        ...(reason !== undefined && { reason }),
      };
    }),
    features: reference.words.length,
    band,
    logistic,
    calibration: {
      problems: calibration.length,
      same: calibration.filter((c) => c.same).length,
      different: calibration.filter((c) => !c.same).length,
      draws,
      knownSetSizes: knownSetSizes(calibration),
      problemSizes,
      authors: calibrationAuthors.size,
    },
  };
}

/** d_other / (d_known + d_other): 0–1, above ½ when the known author is the nearer; ½ when both are 0. */
export function uncalibratedDelta(toKnown: number, nearestOther: number): number {
  const sum = toKnown + nearestOther;
  return sum > 0 ? nearestOther / sum : 0.5;
}
