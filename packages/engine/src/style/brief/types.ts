import type { WordProfile } from '@styler-dev/analytics/metrics';

/** What a line of the brief describes. */
export type BriefTopic =
  'sentences' | 'paragraphs' | 'openers' | 'contractions' | 'person' | 'punctuation' | 'spelling';

/** One statement about the voice, in words a writer can aim at. */
export interface BriefLine {
  topic: BriefTopic;
  text: string;
}

/** A word the author uses significantly more than the reference texts (brief/keyness.ts). */
export interface FavouredWord {
  word: string;
  /** Uses in the author's documents. */
  count: number;
  perThousandWords: number;
  referencePerThousandWords: number;
  /** Dunning's log-likelihood G² of the author's count against the reference's (1 degree of freedom). */
  logLikelihood: number;
}

/** An example passage of the brief. */
export interface BriefExample {
  text: string;
  words: number;
  /** Estimated tokens (brief/examples.ts: words × TOKENS_PER_WORD, rounded up). */
  tokens: number;
  /** The training document it comes from; undefined for a stored passage of an older model. */
  document: number | undefined;
  /** Its typicality score (VoiceExcerpt.typicality; lower is more typical). */
  typicality: number;
}

/** Forms the author never or almost never uses that generic, AI-typical prose is full of. */
export interface AvoidedForms {
  /** Words and phrases of the generic lexicon (lexicon/generic.ts), each by its base form. */
  words: string[];
  /** Sentence openers (lexicon/ai-openers.ts). */
  openers: string[];
}

/**
 * A style brief: the author's voice described in words an LLM can follow, derived from a fitted
 * StyleModel. Plain JSON; renderBrief turns it into prompt text.
 */
export interface StyleBrief {
  /** Statements about sentences, paragraphs, openers, contractions, person, punctuation and spelling. */
  lines: BriefLine[];
  /** Words the author favours relative to the reference, most key first; empty without a reference. */
  favouredWords: FavouredWord[];
  avoided: AvoidedForms;
  /** Passages typical of the author's voice, most typical first, within the token budget. */
  examples: BriefExample[];
  /** Where the examples come from: the model's scored excerpts, or (older models) its stored passages. */
  exampleSource: 'excerpts' | 'passages';
}

/** Options of styleBrief. */
export interface StyleBriefOptions {
  /**
   * Word counts of other texts to find the author's favoured words against (e.g. the other models
   * a service knows: keynessReference). Without it the brief names no favoured words: no
   * general-English word list ships with the engine (see brief/keyness.ts).
   */
  reference?: WordProfile;
  /** Tokens the example passages may take together (estimated; default STYLE_DEFAULTS.llmExampleTokens). */
  exampleTokenBudget?: number;
  /** At most this many example passages (default STYLE_DEFAULTS.llmExamples). */
  maxExamples?: number;
}
