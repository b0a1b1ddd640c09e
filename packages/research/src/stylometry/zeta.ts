/**
 * Craig's Zeta (Burrows 2007; Craig & Kinney 2009, Shakespeare, Computers, and the Mystery of
 * Authorship), as stylo's oppose() computes it by default ("craig.zeta"): words one group of texts
 * prefers and the other avoids, by how many of each group's segments use them, not how often.
 *
 * Each text is cut into consecutive slices of `sliceLength` words (the tail after the last whole slice
 * is dropped; a text shorter than a slice gives none). The words considered are those used more than
 * `rareThreshold` times in both groups' texts together. For a word, p_A is the share of the primary
 * group's slices that contain it and p_B the secondary's:
 *
 *   Craig's Zeta = p_A + (1 − p_B)   (0–2: 2 every primary slice and no secondary one, 0 the reverse)
 *   stylo's score = p_A − p_B = Zeta − 1   (−1 to 1; what oppose() reports and filters on)
 *
 * That is the default method; `method` chooses stylo's others, Eder's Zeta and the chi-square test
 * (zeta-scores.ts, their formulas and sources), each with its own score.
 *
 * Preferred words: score > `filter` (chi-square: p < 0.05 and more primary slices), most distinctive
 * first; avoided words: score < −`filter`, most secondary first. Each
 * slice (and each slice of optional test texts) is then placed as in Craig's plots: the share of the
 * preferred words it uses against the share of the avoided words it uses.
 */
import { sampleWords } from './sampling.js';
import { zetaScore, zetaSide, type ZetaMethod } from './zeta-scores.js';

export interface ZetaOptions {
  /** Words per slice (default 3,000, stylo's text.slice.length). */
  sliceLength?: number;
  /** Words used this many times or fewer in both groups together are left out (default 2, stylo's). */
  rareThreshold?: number;
  /** Keep words whose score is beyond ±filter (default 0.1, stylo's zeta.filter.threshold; not chisquare). */
  filter?: number;
  /** How words are scored and kept (default craig; zeta-scores.ts). */
  method?: ZetaMethod;
}

export interface ZetaWord {
  word: string;
  /** Share of the primary group's slices that use the word (0–1). */
  primaryShare: number;
  secondaryShare: number;
  /** Craig's Zeta, p_A + 1 − p_B (0–2). */
  zeta: number;
  /** The method's score: craig p_A − p_B, eder (p_A − p_B)/(p_A + p_B), chisquare a signed χ². */
  score: number;
  /** The chi-square method's p-value. */
  p?: number;
}

export interface SliceMarkers {
  text: string;
  /** 1-based slice number within the text. */
  slice: number;
  group: 'primary' | 'secondary' | 'test';
  /** Share of the preferred words the slice uses, and of the avoided words (0–1). */
  preferred: number;
  avoided: number;
}

export interface ZetaResult {
  method: ZetaMethod;
  slices: { primary: number; secondary: number };
  /** Texts with no whole slice, per group. */
  tooShort: { primary: string[]; secondary: string[]; test: string[] };
  /** Every word considered, by score (most primary first). */
  words: ZetaWord[];
  preferred: ZetaWord[];
  avoided: ZetaWord[];
  markers: SliceMarkers[];
}

export interface NamedWords {
  name: string;
  words: readonly string[];
}

const DEFAULTS = Object.freeze({ sliceLength: 3_000, rareThreshold: 2, filter: 0.1, method: 'craig' as ZetaMethod });

function slicesOf(texts: readonly NamedWords[], length: number) {
  const slices: Array<{ text: string; slice: number; types: Set<string> }> = [];
  const tooShort: string[] = [];
  for (const text of texts) {
    const cut = sampleWords(text.words, { size: length, mode: 'consecutive' });
    if (cut.samples.length === 0) tooShort.push(text.name);
    cut.samples.forEach((words, i) => slices.push({ text: text.name, slice: i + 1, types: new Set(words) }));
  }
  return { slices, tooShort };
}

/** Words the primary group prefers and avoids against the secondary group, by Craig's Zeta. */
export function craigZeta(
  primary: readonly NamedWords[],
  secondary: readonly NamedWords[],
  options: ZetaOptions = {},
  test: readonly NamedWords[] = [],
): ZetaResult {
  const { sliceLength, rareThreshold, filter, method } = { ...DEFAULTS, ...options };
  if (!Number.isInteger(sliceLength) || sliceLength < 1) throw new RangeError('sliceLength must be a positive integer');
  if (!(rareThreshold >= 0)) throw new RangeError('rareThreshold must be at least 0');
  if (!(filter >= 0 && filter < 1)) throw new RangeError('filter must be from 0 to less than 1');
  const a = slicesOf(primary, sliceLength);
  const b = slicesOf(secondary, sliceLength);
  if (a.slices.length === 0 || b.slices.length === 0) {
    throw new RangeError(
      `each group needs at least one text of ${sliceLength} words or more (a shorter slice length?)`,
    );
  }
  const frequency = new Map<string, number>();
  for (const text of [...primary, ...secondary])
    for (const word of text.words) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const using = (slices: ReadonlyArray<{ types: Set<string> }>, word: string): number =>
    slices.reduce((sum, slice) => sum + (slice.types.has(word) ? 1 : 0), 0);
  const sides = new Map<string, -1 | 0 | 1>();
  const words = [...frequency]
    .filter(([, count]) => count > rareThreshold)
    .flatMap(([word]): ZetaWord[] => {
      const inA = using(a.slices, word);
      const inB = using(b.slices, word);
      const scored = zetaScore(method, inA, a.slices.length, inB, b.slices.length);
      if (scored === undefined) return [];
      sides.set(word, zetaSide(method, scored, filter));
      const primaryShare = inA / a.slices.length;
      const secondaryShare = inB / b.slices.length;
      return [{ word, primaryShare, secondaryShare, zeta: primaryShare + 1 - secondaryShare, ...scored }];
    })
    .sort((x, y) => y.score - x.score || (x.word < y.word ? -1 : 1));
  const preferred = words.filter((word) => sides.get(word.word) === 1);
  const avoided = words
    .filter((word) => sides.get(word.word) === -1)
    .sort((x, y) => x.score - y.score || (x.word < y.word ? -1 : 1));
  const t = slicesOf(test, sliceLength);
  const marker = (
    slice: { text: string; slice: number; types: Set<string> },
    group: SliceMarkers['group'],
  ): SliceMarkers => ({
    text: slice.text,
    slice: slice.slice,
    group,
    preferred: preferred.length > 0 ? preferred.filter((w) => slice.types.has(w.word)).length / preferred.length : 0,
    avoided: avoided.length > 0 ? avoided.filter((w) => slice.types.has(w.word)).length / avoided.length : 0,
  });
  return {
    method,
    slices: { primary: a.slices.length, secondary: b.slices.length },
    tooShort: { primary: a.tooShort, secondary: b.tooShort, test: t.tooShort },
    words,
    preferred,
    avoided,
    markers: [
      ...a.slices.map((slice) => marker(slice, 'primary')),
      ...b.slices.map((slice) => marker(slice, 'secondary')),
      ...t.slices.map((slice) => marker(slice, 'test')),
    ],
  };
}
