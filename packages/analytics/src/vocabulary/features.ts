/**
 * The plain, serialisable features that one NLP pass produces and every metric consumes.
 * Counts only: a corpus profile is the element-wise sum of its documents' counts.
 */

/** The 17 Universal Dependencies UPOS tags, in a fixed order. */
export const UPOS_TAGS = [
  'ADJ',
  'ADP',
  'ADV',
  'AUX',
  'CCONJ',
  'DET',
  'INTJ',
  'NOUN',
  'NUM',
  'PART',
  'PRON',
  'PROPN',
  'PUNCT',
  'SCONJ',
  'SYM',
  'VERB',
  'X',
] as const;
export type Upos = (typeof UPOS_TAGS)[number];

/** The open-class tags whose words count as content words (lexical density). */
export const CONTENT_TAGS: ReadonlySet<Upos> = new Set<Upos>(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV']);

/** Sentence structure classes of METRICS.md, in schema order. */
export const SENTENCE_STRUCTURES = ['simple', 'compound', 'complex', 'compound-complex', 'fragment/unknown'] as const;
export type SentenceStructure = (typeof SENTENCE_STRUCTURES)[number];

export const SENTENCE_VOICES = ['active', 'passive'] as const;
export type SentenceVoice = (typeof SENTENCE_VOICES)[number];

/** Punctuation marks counted per word; `parenthetical` is an opening ( or [. */
export const PUNCTUATION_MARKS = [
  'comma',
  'semicolon',
  'colon',
  'period',
  'question_mark',
  'exclamation_mark',
  'parenthetical',
] as const;
export type PunctuationMark = (typeof PUNCTUATION_MARKS)[number];

/** A histogram: value (as a decimal string key) → how many times it occurs. */
export type Histogram = Record<string, number>;

/** Summable counts of one text or of a pooled corpus. Every field is a non-negative integer count. */
export interface CountFeatures {
  /** Prose sentences holding at least one word. */
  sentences: number;
  /** Words by the METRICS.md word rule. */
  words: number;
  /** Syllables over all words (URLs and e-mail addresses count 0). */
  syllables: number;
  /** Words tagged NOUN, PROPN, VERB, ADJ or ADV. */
  contentWords: number;
  /** Words per sentence → number of sentences. */
  sentenceLengths: Histogram;
  /** Letters and digits per word → number of words. */
  wordLengths: Histogram;
  /** Lower-cased function word → occurrences (only words of the function-word list). */
  functionWords: Record<string, number>;
  /** UPOS tag → tokens of prose (PUNCT and SYM included, whitespace excluded). */
  pos: Record<Upos, number>;
  structure: Record<SentenceStructure, number>;
  voice: Record<SentenceVoice, number>;
  punctuation: Record<PunctuationMark, number>;
}

/** The class of one sentence. */
export interface SentenceClass {
  words: number;
  structure: SentenceStructure;
  voice: SentenceVoice;
}

/** Everything `analyzeText` yields: the counts plus per-sentence classes, in text order. */
export interface TextFeatures extends CountFeatures {
  sentenceClasses: SentenceClass[];
}
