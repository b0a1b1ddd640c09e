import { CONFIDENT } from '../edits/context.js';
import { histogramPercentile } from '../habits/measure.js';
import type { StyleModel, VoiceHabits } from '../types.js';
import { G2_P_001, logLikelihood } from './log-likelihood.js';
import type { BriefLine } from './types.js';

/**
 * A rhythm is stated only when the sentences after a long (or short) one number at least this many:
 * fewer pairs give a share that moves by ten points with a handful of sentences.
 */
export const RHYTHM_MIN_PAIRS = 30;
/**
 * ...and when what follows a long (or short) sentence is at least this much likelier than overall
 * (and significant by G², p < 0.001): a quarter more is a tendency a reader notices.
 */
export const RHYTHM_LIFT = 1.25;
/** Paragraphs whose median is at most this many sentences are described as single sentences. */
const SINGLE_SENTENCE_PARAGRAPHS = 1.5;

/** Which length bins count as short (up to the 25th percentile) and long (past the 75th), on bin edges. */
function lengthClasses(
  rhythm: VoiceHabits['rhythm'],
  p25: number,
  p75: number,
): { shortMax: number; longMin: number; isShort: (bin: number) => boolean; isLong: (bin: number) => boolean } {
  const width = rhythm.binWords;
  const shortMax = Math.max(width, Math.round(p25 / width) * width);
  const longMin = Math.max(shortMax + width, Math.round(p75 / width) * width);
  const last = rhythm.pairs.length - 1;
  return {
    shortMax,
    longMin,
    isShort: (bin) => bin < last && (bin + 1) * width <= shortMax,
    isLong: (bin) => bin * width + 1 > longMin,
  };
}

/** How strongly sentences of class `to` follow sentences of class `from`: lift over the overall share, G², pairs. */
function transition(
  pairs: readonly number[][],
  from: (bin: number) => boolean,
  to: (bin: number) => boolean,
): { lift: number; g2: number; after: number; share: number; overall: number } {
  let fromTo = 0;
  let fromOther = 0;
  let otherTo = 0;
  let otherOther = 0;
  pairs.forEach((row, i) =>
    row.forEach((count, j) => {
      if (from(i)) {
        if (to(j)) fromTo += count;
        else fromOther += count;
      } else if (to(j)) otherTo += count;
      else otherOther += count;
    }),
  );
  const after = fromTo + fromOther;
  const total = after + otherTo + otherOther;
  const overall = total > 0 ? (fromTo + otherTo) / total : 0;
  const share = after > 0 ? fromTo / after : 0;
  return {
    lift: overall > 0 ? share / overall : 0,
    g2: logLikelihood(fromTo, fromOther, otherTo, otherOther),
    after,
    share,
    overall,
  };
}

const percent = (share: number): string => `${Math.round(share * 100)} %`;

/** The rhythm statements the pair counts support, or none. */
function rhythmPhrases(rhythm: VoiceHabits['rhythm'], p25: number, p75: number): string[] {
  const classes = lengthClasses(rhythm, p25, p75);
  const shortName = `short ones (up to ${classes.shortMax} words)`;
  const longName = `long ones (over ${classes.longMin} words)`;
  const holds = (t: ReturnType<typeof transition>): boolean =>
    t.after >= RHYTHM_MIN_PAIRS && t.lift >= RHYTHM_LIFT && t.g2 >= G2_P_001;
  const evidence = (t: ReturnType<typeof transition>): string =>
    `${percent(t.share)} of the time, against ${percent(t.overall)} overall`;
  const phrases: string[] = [];
  const longLong = transition(rhythm.pairs, classes.isLong, classes.isLong);
  const shortShort = transition(rhythm.pairs, classes.isShort, classes.isShort);
  const longShort = transition(rhythm.pairs, classes.isLong, classes.isShort);
  const shortLong = transition(rhythm.pairs, classes.isShort, classes.isLong);
  if (holds(longLong)) phrases.push(`${longName} tend to come in runs (${evidence(longLong)})`);
  if (holds(shortShort)) phrases.push(`${shortName} tend to come in runs (${evidence(shortShort)})`);
  if (holds(longShort)) phrases.push(`a short sentence often follows a long one (${evidence(longShort)})`);
  else if (holds(shortLong)) phrases.push(`a long sentence often follows a short one (${evidence(shortLong)})`);
  return phrases;
}

/**
 * Sentence length and rhythm, and paragraph length, in words a writer can aim at. Lengths come from
 * the ground truth's sentence-length histogram (20th–80th percentile as "most", the median, the
 * 10th and 90th); the rhythm from the model's pair counts of consecutive sentences (absent from
 * models fit before the brief), with "short" up to the 25th percentile and "long" past the 75th
 * (rounded to the pair counts' 5-word bins). Nothing is said of lengths measured on too few
 * sentences (the habit's confidence below CONFIDENT: fewer than 30).
 */
export function sentenceLines(model: StyleModel): BriefLine[] {
  const habits = model.habits;
  const lines: BriefLine[] = [];
  const histogram = model.groundTruth.features.sentenceLengths;
  if (habits.sentenceLength.confidence >= CONFIDENT) {
    const at = (fraction: number): number => histogramPercentile(histogram, fraction);
    const text = `Most sentences run ${at(0.2)}–${at(0.8)} words (three in five; median ${at(0.5)}); one in ten has ${at(0.1)} words or fewer, one in ten ${at(0.9)} or more.`;
    lines.push({ topic: 'sentences', text });
    const rhythm = habits.voice?.rhythm;
    const phrases = rhythm === undefined ? [] : rhythmPhrases(rhythm, at(0.25), at(0.75));
    if (phrases.length > 0) {
      lines.push({ topic: 'sentences', text: `Rhythm: ${phrases.join('; ')}.` });
    }
  }
  const paragraphs = habits.paragraphLength;
  if (paragraphs.confidence >= CONFIDENT) {
    const { medianSentences, meanWords } = paragraphs.value;
    const text =
      medianSentences <= SINGLE_SENTENCE_PARAGRAPHS
        ? `Paragraphs are mostly a single sentence (about ${Math.round(meanWords)} words).`
        : `Paragraphs hold about ${Math.round(medianSentences)} sentences (${Math.round(meanWords)} words on average).`;
    lines.push({ topic: 'paragraphs', text });
  }
  return lines;
}
