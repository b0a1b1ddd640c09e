/**
 * Contract of the style engine (owned by src/style). The model is plain JSON.
 * The style engine fills in StyleModel; other layers treat it as opaque data.
 */
import type { GroundTruth } from '@styler-dev/analytics/metrics';

export interface FitStyleOptions {
  matchOutputLength?: boolean;
}

export interface RestyleOptions {
  matchOutputLength?: boolean;
  skipHeadings?: boolean;
  skipH1?: boolean;
  /**
   * A time budget: past this instant (milliseconds since the epoch, as `Date.now()`), restyle stops
   * and throws a AnalyticsError with code `time_budget_exceeded`.
   */
  deadline?: number;
  /**
   * Whose voice the text speaks in. `"keep"` (default): as written. `"author"`: sentences that
   * address the reader ("you can", "your goals") are rewritten in the person the author writes in
   * (first person singular or plural) where that keeps their grammar; opt-in, since it changes who
   * is addressed.
   */
  perspective?: 'keep' | 'author';
}

/**
 * A measured habit: its value, how many observations it rests on, and a confidence in [0, 1]
 * (`evidence / (evidence + k)`, k per habit: see docs/style-engine.md).
 */
export type Measured<T> = {
  value: T;
  evidence: number;
  confidence: number;
};

/** Dash forms, as written between words. */
export type DashStyle =
  'em_closed' | 'em_spaced' | 'en_spaced' | 'hyphen_spaced' | 'double_hyphen' | 'double_hyphen_spaced';
export type EllipsisStyle = 'character' | 'three_dots' | 'spaced_dots';
export type HeadingCase = 'title' | 'sentence' | 'lower' | 'upper';

/**
 * Rates of the author's running prose only (text/running-prose.ts: no headings, list items, labels or
 * header lines), counted as a restyle counts them: words as the analytics count them, the tagger's
 * sentences, dashes between words, semicolons, colons and opening parentheses per 1,000 words, and the
 * share of the contraction plan's places written contracted. What the direction gate and the
 * contraction plan steer by. Evidence: sentences.
 */
export type RunningProseHabits = Measured<{
  words: number;
  sentences: number;
  wordsPerSentence: number;
  perThousandWords: { dash: number; semicolon: number; colon: number; parentheses: number };
  contractions: { rate: number; places: number };
}>;

/** The author's habits, measured on the training documents. Plain JSON (a type alias, so it is a Record). */
export type StyleHabits = {
  /** Words and sentences of prose, paragraphs (prose blocks) over all documents. */
  totals: { documents: number; words: number; sentences: number; paragraphs: number };
  /** Words per sentence: mean, median, population std-dev, 10th and 90th percentiles. */
  sentenceLength: Measured<{ mean: number; median: number; stdDev: number; p10: number; p90: number }>;
  /** Sentences and words per paragraph (prose block). */
  paragraphLength: Measured<{ meanSentences: number; medianSentences: number; meanWords: number }>;
  /** Share of contractible spots written contracted, in [0, 1]; plus contractions per 1,000 words. */
  contractions: Measured<{ rate: number; perThousandWords: number }>;
  punctuation: {
    /** Share of series of three or more items written with a comma before the last and/or. */
    oxfordComma: Measured<number>;
    /** Preferred dash form (the most frequent), counts of each form, dashes per 1,000 words. */
    dash: Measured<{ style: DashStyle | 'none'; counts: Record<DashStyle, number>; perThousandWords: number }>;
    /** Marks per 1,000 words. */
    semicolonPerThousandWords: Measured<number>;
    colonPerThousandWords: Measured<number>;
    exclamationPerThousandWords: Measured<number>;
    questionPerThousandWords: Measured<number>;
    parenthesesPerThousandWords: Measured<number>;
    /** Share of quotation marks and apostrophes that are curly, in [0, 1]. */
    curlyQuotes: Measured<number>;
    ellipsis: Measured<{ style: EllipsisStyle | 'none'; counts: Record<EllipsisStyle, number> }>;
  };
  /** US or UK spelling: counts of words with a variety-specific spelling. */
  spelling: Measured<{ variety: 'US' | 'UK' | 'mixed' | 'unknown'; us: number; uk: number }>;
  /** Sentence openers: lower-cased opening connective → count; and per concept the author's choice. */
  openers: {
    counts: Record<string, number>;
    /** Concept (contrast, consequence, addition, ...) → the author's most used form, if any. */
    preferred: Record<string, string>;
    /** Sentences that open with a connective of the lexicon, per sentence. */
    connectiveRate: Measured<number>;
  };
  /** Lower-cased word → count, the most frequent words (bounded). */
  vocabulary: Record<string, number>;
  /**
   * The words "upon" follows in the author's documents, with counts of "word upon" and "word on"
   * (absent from models fit before it was measured).
   */
  upon?: { heads: Record<string, { upon: number; on: number }> };
  /** The rates restyle steers by, on running prose (absent from models fit before they were measured). */
  runningProse?: RunningProseHabits;
  /** Generic, AI-typical words and phrases of the lexicon that the author never used. */
  avoidedGeneric: string[];
  /** Generic words and phrases the author did use, with counts. */
  usedGeneric: Record<string, number>;
  headings: Measured<{ case: HeadingCase | 'unknown'; counts: Record<HeadingCase, number> }>;
  lists: Measured<{ bullet: string; orderedDelimiter: string; terminalPeriodRate: number; capitalizedRate: number }>;
  /** Numbers from zero to ten written as words, as a share of all such numbers (data only). */
  numerals: Measured<{ smallAsWordsRate: number; digits: number; words: number }>;
  /** First- and second-person pronouns per 1,000 words (data only: never rewritten). */
  person: {
    firstSingularPerThousandWords: number;
    firstPluralPerThousandWords: number;
    secondPerThousandWords: number;
  };
  /** Short representative passages for few-shot prompts (bounded). */
  passages: string[];
  /**
   * What the style brief reads beyond the other habits: excerpts chosen for their voice, the
   * rhythm of sentence lengths and how the frequent words spread over the documents (absent from
   * models fit before the style brief; the brief then falls back to `passages`).
   */
  voice?: VoiceHabits;
};

/** A stretch of whole sentences from one training document, scored by how typical it is of the author. */
export type VoiceExcerpt = {
  /** The sentences as written, Markdown markup left out and runs of white space made one space. */
  text: string;
  /** Index of the training document it comes from. */
  document: number;
  /** Its words (the tokenizer's count). */
  words: number;
  /**
   * Burrows' Delta between the excerpt's most-frequent-word profile and the author's, over the
   * author's own excerpt-sized stretches of text as the reference population; lower is more typical.
   */
  delta: number;
  /**
   * How far `delta` lies from the Delta expected of an excerpt of its length, in units of the spread
   * expected at that length (least-squares lines on ln words over all of the author's candidate
   * excerpts: longer excerpts sit closer to any profile by chance alone, shorter ones scatter more).
   * Lower is more typical; 0 is as typical as the author's excerpts of that length.
   */
  typicality: number;
};

/** The brief's habits (habits/voice.ts). */
export type VoiceHabits = {
  /** Candidate example passages, most typical first (bounded: see habits/excerpts.ts). */
  excerpts: VoiceExcerpt[];
  /**
   * Consecutive sentences of a paragraph by length: `pairs[i][j]` counts a sentence of length bin i
   * followed by one of bin j, bin b holding lengths from b · binWords + 1 to (b + 1) · binWords
   * words, the last bin everything longer.
   */
  rhythm: { binWords: number; pairs: number[][] };
  /** In how many training documents each frequent word occurs (words of the vocabulary used ≥ 5 times, bounded). */
  documentFrequency: Record<string, number>;
  /** Frequent words written with a capital inside a sentence at least half the time: names ("Cassandra", "Go"). */
  names: string[];
};

export interface StyleModel {
  version: 1;
  groundTruth: GroundTruth;
  matchOutputLength: boolean;
  /** The author's measured habits; shape owned by src/style. */
  habits: StyleHabits;
}
