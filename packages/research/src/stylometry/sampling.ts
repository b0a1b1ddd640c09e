/**
 * Sampling, as stylo's make.samples: a text's word forms cut into samples of `size` words.
 *
 * - consecutive (stylo's "normal.sampling"): floor(length / size) samples one after another; the
 *   words after the last whole sample are dropped (and counted).
 * - random (stylo's "random.sampling"): `count` samples, each `size` words drawn at random without
 *   replacement from the whole text (a bag of words), seeded so a run repeats exactly.
 *
 * - split (splitWords): a given number of consecutive samples of equal length per text.
 *
 * A text shorter than `size` gives no sample (stylo stops there; here the caller is told how many
 * texts were too short and can say so).
 */
import { seededRandom, type Random } from './random.js';

export type SamplingMode = 'consecutive' | 'random';

export interface SamplingOptions {
  /** Words per sample. */
  size: number;
  mode?: SamplingMode;
  /** Random samples per text (default 1; consecutive sampling ignores it). */
  count?: number;
  /** Seed of random sampling (default 1). */
  seed?: number;
}

export interface TextSamples {
  samples: string[][];
  /** Consecutive sampling: the words after the last whole sample (a text too short: all). Random: 0, or all when too short. */
  dropped: number;
}

function check(options: SamplingOptions): Required<SamplingOptions> {
  const { size, mode = 'consecutive', count = 1, seed = 1 } = options;
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`sample size must be a positive integer, got ${String(size)}`);
  if (mode !== 'consecutive' && mode !== 'random') throw new RangeError('sampling must be consecutive or random');
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive integer');
  return { size, mode, count, seed };
}

/** `size` items drawn without replacement (a partial Fisher–Yates shuffle of a copy). */
function draw<T>(items: readonly T[], size: number, random: Random): T[] {
  const copy = [...items];
  for (let i = 0; i < size; i += 1) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, size);
}

/** The samples of one text's word forms. `random` lets several texts share one seeded stream. */
export function sampleWords(words: readonly string[], options: SamplingOptions, random?: Random): TextSamples {
  const { size, mode, count, seed } = check(options);
  if (words.length < size) return { samples: [], dropped: words.length };
  if (mode === 'consecutive') {
    const samples: string[][] = [];
    for (let start = 0; start + size <= words.length; start += size) samples.push(words.slice(start, start + size));
    return { samples, dropped: words.length - samples.length * size };
  }
  const stream = random ?? seededRandom(seed);
  const samples = Array.from({ length: count }, () => draw(words, size, stream));
  return { samples, dropped: 0 };
}

/**
 * A text's word forms cut into `parts` consecutive samples of equal length, floor(length / parts)
 * words each (the few words after the last dropped, as consecutive sampling drops its tail); a text
 * of fewer words than `parts` gives none.
 */
export function splitWords(words: readonly string[], parts: number): TextSamples {
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError(`parts must be a positive integer, got ${parts}`);
  const size = Math.floor(words.length / parts);
  if (size === 0) return { samples: [], dropped: words.length };
  const samples = Array.from({ length: parts }, (_, i) => words.slice(i * size, (i + 1) * size));
  return { samples, dropped: words.length - parts * size };
}

/** A named text cut into samples: sample names are the text's name with "-1", "-2", … (as stylo). */
export interface NamedSample {
  name: string;
  source: string;
  words: string[];
}

/** Every text of a corpus sampled with one seeded stream; texts too short for a sample are listed. */
export function sampleTexts(
  texts: ReadonlyArray<{ name: string; words: readonly string[] }>,
  options: SamplingOptions,
): { samples: NamedSample[]; tooShort: string[] } {
  const { seed } = check(options);
  const random = seededRandom(seed);
  const samples: NamedSample[] = [];
  const tooShort: string[] = [];
  for (const text of texts) {
    const cut = sampleWords(text.words, options, random);
    if (cut.samples.length === 0) tooShort.push(text.name);
    cut.samples.forEach((words, i) => samples.push({ name: `${text.name}-${i + 1}`, source: text.name, words }));
  }
  return { samples, tooShort };
}
