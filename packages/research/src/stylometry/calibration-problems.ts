/**
 * Calibration problems for authorship verification, built like the problems to be scored: each
 * text of an author with two or more known texts is held out as a questioned text, once against a
 * known set of its own author's other texts (same author) and once against a known set of another
 * author's texts (different authors). A known set has a size drawn from the problems' own known-set
 * sizes (in their proportions), capped by the texts there are; its texts and the other author are
 * drawn at random, seeded. Several draws are made; the calibration is fitted on all of them together,
 * so each draw weighs the same (the fit's loss is the mean over the draws).
 *
 * Fitting on the author's whole pool minus one text would give margins of a larger known set than
 * the problems have: the pooled profile of fourteen texts sits nearer any text of its author than
 * that of three, and a calibration fitted there is overconfident on the problems.
 */
import type { Random } from './random.js';

/** One calibration problem: text keys of the known set and the questioned text, and the answer. */
export interface CalibrationProblem {
  /** The author of the known set. */
  author: string;
  known: string[];
  unknown: string;
  same: boolean;
}

export interface CalibrationPlan {
  /** Every author's known text keys (authors with one text still serve as "different" known sets). */
  authors: ReadonlyMap<string, readonly string[]>;
  /** The known-set sizes of the problems to be scored, one per problem. */
  sizes: readonly number[];
  /** Draws of the whole set of calibration problems (at least 1). */
  draws: number;
  random: Random;
}

/** `count` distinct items of `items`, drawn at random (a partial Fisher–Yates shuffle). */
function drawn<T>(items: readonly T[], count: number, random: Random): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, n);
}

/** The calibration problems of every draw, as many "same" as "different" (see the module comment). */
export function calibrationProblems(plan: CalibrationPlan): CalibrationProblem[] {
  const { authors, sizes, draws, random } = plan;
  if (sizes.length === 0 || sizes.some((size) => !(Number.isInteger(size) && size >= 1))) {
    throw new RangeError('sizes must hold at least one known-set size, each a positive integer');
  }
  if (!(Number.isInteger(draws) && draws >= 1)) throw new RangeError('draws must be a positive integer');
  const names = [...authors.keys()].sort();
  const problems: CalibrationProblem[] = [];
  for (let draw = 0; draw < draws; draw += 1) {
    for (const author of names) {
      const texts = authors.get(author)!;
      if (texts.length < 2) continue;
      const rivals = names.filter((name) => name !== author);
      for (const unknown of texts) {
        const size = sizes[Math.floor(random() * sizes.length)]!;
        const rest = texts.filter((key) => key !== unknown);
        problems.push({ author, known: drawn(rest, size, random), unknown, same: true });
        if (rivals.length === 0) continue;
        const rival = rivals[Math.floor(random() * rivals.length)]!;
        const theirs = authors.get(rival)!.filter((key) => key !== unknown);
        if (theirs.length === 0) continue;
        problems.push({ author: rival, known: drawn(theirs, size, random), unknown, same: false });
      }
    }
  }
  return problems;
}

/** How many calibration problems had a known set of each size, by size. */
export function knownSetSizes(problems: ReadonlyArray<Pick<CalibrationProblem, 'known'>>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { known } of problems) counts[known.length] = (counts[known.length] ?? 0) + 1;
  return counts;
}
