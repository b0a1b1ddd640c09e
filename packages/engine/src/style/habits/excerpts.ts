import { countWordForms, sumWordForms } from '@styler-dev/analytics/metrics';
import { wordsOf } from '../text/sentences.js';
import type { Token } from '../text/token.js';
import type { VoiceExcerpt } from '../types.js';
import type { CorpusBlock } from './corpus.js';
import { isProseSentence, QUOTED_SHARE_MAX, repeatedSentences, sentenceKey, sentenceText } from './excerpt-rules.js';
import { lengthAdjusted, typicality, type Typicality } from './typicality.js';

/** Excerpt length bounds, in words: long enough to show a rhythm, short enough that several fit a prompt. */
export const EXCERPT_MIN_WORDS = 40;
export const EXCERPT_MAX_WORDS = 120;
/** Excerpts kept per document (the brief takes one or two of them), none sharing a sentence. */
export const EXCERPTS_PER_DOCUMENT = 3;
/**
 * Excerpts kept in a model. With EXCERPT_MAX_WORDS this bounds them to about 48 × 120 words
 * (40 KB of JSON at most), a tenth of a model's vocabulary.
 */
export const EXCERPT_LIMIT = 48;
/** The typicality's reference population is the author's prose cut into stretches of about this many words. */
export const STRETCH_WORDS = 80;

interface Sentence {
  tokens: readonly Token[];
  words: number;
  counts: Record<string, number>;
  /** Words inside quotation marks (the tokenizer locks quoted speech). */
  quoted: number;
  /** Built like a sentence of prose (excerpt-rules.ts: isProseSentence). */
  prose: boolean;
  /** May stand in an excerpt (form, position and boilerplate rules). */
  usable: boolean;
}

/** A document's prose sentences with words, block by block, each marked usable or not. */
function sentencesOf(blocks: readonly CorpusBlock[], repeated: ReadonlySet<string>): Sentence[][] {
  const paragraphs: Sentence[][] = [];
  for (const block of blocks) {
    if (!block.prose) continue;
    const sentences = block.sentences
      .map((tokens) => {
        const prose = isProseSentence(tokens);
        return {
          tokens,
          words: wordsOf(tokens).length,
          counts: countWordForms(sentenceText(tokens)),
          quoted: tokens.filter((piece) => piece.kind === 'word' && piece.lock === 'quote').length,
          prose,
          usable: prose && block.kind === 'paragraph' && !repeated.has(sentenceKey(tokens)),
        };
      })
      .filter((sentence) => sentence.words > 0);
    if (sentences.length > 0) paragraphs.push(sentences);
  }
  // A document's first and last sentences of prose frame it: salutations, courtesies, titles run
  // into the text, sign-offs and calls to action live there, not the author's ordinary prose. (A
  // salutation or sign-off on a line of its own is no prose sentence: the frame is the next one in.)
  const prose = paragraphs.flat().filter((sentence) => sentence.prose);
  for (const frame of [prose[0], prose[prose.length - 1]]) if (frame !== undefined) frame.usable = false;
  return paragraphs;
}

/** The author's prose cut into consecutive stretches of at least STRETCH_WORDS words (a short rest joins the last). */
function stretches(documents: ReadonlyArray<ReadonlyArray<readonly Sentence[]>>): Array<Record<string, number>> {
  const out: Array<Record<string, number>> = [];
  for (const paragraphs of documents) {
    let current: Array<Record<string, number>> = [];
    let words = 0;
    const fromDocument: Array<Record<string, number>> = [];
    for (const sentence of paragraphs.flat()) {
      current.push(sentence.counts);
      words += sentence.words;
      if (words >= STRETCH_WORDS) {
        fromDocument.push(sumWordForms(current));
        current = [];
        words = 0;
      }
    }
    if (current.length > 0) {
      const previous = fromDocument.pop();
      if (previous === undefined) fromDocument.push(sumWordForms(current));
      else if (words < STRETCH_WORDS / 2) fromDocument.push(sumWordForms([previous, ...current]));
      else fromDocument.push(previous, sumWordForms(current));
    }
    out.push(...fromDocument);
  }
  return out;
}

/** A run of sentences of one paragraph: where it is, its length and its Delta (its text only once kept). */
interface Candidate {
  document: number;
  paragraph: number;
  first: number;
  last: number;
  words: number;
  delta: number;
  typicality: number;
}

/** Every run of usable sentences of one paragraph within the length bounds, scored. */
function candidatesOf(
  paragraphs: ReadonlyArray<readonly Sentence[]>,
  document: number,
  scorer: Typicality,
): Candidate[] {
  const out: Candidate[] = [];
  const width = scorer.words.length;
  paragraphs.forEach((sentences, paragraph) => {
    const vectors = sentences.map((sentence) => scorer.vector(sentence.counts));
    const run = new Float64Array(width);
    for (let first = 0; first < sentences.length; first += 1) {
      run.fill(0);
      let total = 0;
      let words = 0;
      let quoted = 0;
      for (let last = first; last < sentences.length; last += 1) {
        const sentence = sentences[last] as Sentence;
        if (!sentence.usable) break;
        words += sentence.words;
        if (words > EXCERPT_MAX_WORDS) break;
        quoted += sentence.quoted;
        const vector = vectors[last] as { counts: Float64Array; total: number };
        for (let i = 0; i < width; i += 1) run[i] = (run[i] as number) + (vector.counts[i] as number);
        total += vector.total;
        if (words < EXCERPT_MIN_WORDS || quoted > QUOTED_SHARE_MAX * words) continue;
        out.push({ document, paragraph, first, last, words, delta: scorer.score(run, total), typicality: 0 });
      }
    }
  });
  return out;
}

const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;

/** Sets each candidate's typicality (lengthAdjusted) and rounds its Delta. */
function adjustForLength(candidates: Candidate[]): void {
  const typicality = lengthAdjusted(
    candidates.map((one) => one.delta),
    candidates.map((one) => one.words),
  );
  candidates.forEach((one, i) => {
    one.typicality = round4(typicality[i] as number);
    one.delta = round4(one.delta);
  });
}

/** The most typical candidates of one document that share no sentence, at most EXCERPTS_PER_DOCUMENT. */
function bestOfDocument(candidates: Candidate[]): Candidate[] {
  const sorted = [...candidates].sort(
    (a, b) => a.typicality - b.typicality || a.paragraph - b.paragraph || a.first - b.first,
  );
  const kept: Candidate[] = [];
  for (const candidate of sorted) {
    if (kept.length >= EXCERPTS_PER_DOCUMENT) break;
    const overlaps = kept.some(
      (one) => one.paragraph === candidate.paragraph && one.first <= candidate.last && candidate.first <= one.last,
    );
    if (!overlaps) kept.push(candidate);
  }
  return kept;
}

/**
 * Candidate example passages for the style brief: runs of whole sentences of one paragraph,
 * EXCERPT_MIN_WORDS–EXCERPT_MAX_WORDS words, from anywhere in each document, scored by their
 * typicality (VoiceExcerpt.typicality: Burrows' Delta to the author over the author's prose in
 * STRETCH_WORDS-word stretches, with the length taken out). Every sentence must pass the rules of
 * habits/excerpt-rules.ts, sit in a paragraph (not a list item, quotation or heading) and be neither
 * the document's first nor its last sentence of prose; at most QUOTED_SHARE_MAX of an excerpt's words
 * may be quoted. Each document gives its EXCERPTS_PER_DOCUMENT most typical excerpts that share no
 * sentence; then the documents take turns, best first, up to EXCERPT_LIMIT. Returned most typical
 * first; empty when the corpus is too small to score (fewer than two stretches).
 */
export function pickExcerpts(corpus: readonly CorpusBlock[][]): VoiceExcerpt[] {
  const repeated = repeatedSentences(corpus.map((blocks) => blocks.filter((b) => b.prose).flatMap((b) => b.sentences)));
  const documents = corpus.map((blocks) => sentencesOf(blocks, repeated));
  const scorer = typicality(stretches(documents));
  if (scorer === undefined) return [];
  const candidates = documents.map((paragraphs, document) => candidatesOf(paragraphs, document, scorer));
  adjustForLength(candidates.flat());
  const perDocument = candidates.map(bestOfDocument);
  const kept: Candidate[] = [];
  for (let rank = 0; rank < EXCERPTS_PER_DOCUMENT && kept.length < EXCERPT_LIMIT; rank += 1) {
    const round = perDocument
      .map((list) => list[rank])
      .filter((one): one is Candidate => one !== undefined)
      .sort((a, b) => a.typicality - b.typicality || a.document - b.document);
    kept.push(...round.slice(0, EXCERPT_LIMIT - kept.length));
  }
  return kept
    .sort(
      (a, b) =>
        a.typicality - b.typicality || a.document - b.document || a.paragraph - b.paragraph || a.first - b.first,
    )
    .map(({ document, paragraph, first, last, words, delta, typicality }) => {
      const sentences = (documents[document] as Sentence[][])[paragraph] as Sentence[];
      const text = sentences
        .slice(first, last + 1)
        .map((one) => sentenceText(one.tokens))
        .join(' ');
      return { text, document, words, delta, typicality };
    });
}
