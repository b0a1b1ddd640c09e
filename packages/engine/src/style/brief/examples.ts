import { countWordForms } from '@styler-dev/analytics/metrics';
import { isProseSentence, sentenceText } from '../habits/excerpt-rules.js';
import { PASSAGE_MIN_WORDS } from '../habits/passages.js';
import { lengthAdjusted, scoreCounts, typicality } from '../habits/typicality.js';
import { splitSentences, wordsOf } from '../text/sentences.js';
import { tokenizeBlock } from '../text/tokenize.js';
import type { StyleModel } from '../types.js';
import type { BriefExample, StyleBrief } from './types.js';

/**
 * Tokens per word for the budget: English prose runs at about 0.75 words per token in the
 * OpenAI-style BPE vocabularies (cl100k, o200k), punctuation included; a little over, so the
 * estimate errs towards fewer examples, never more than the budget.
 */
export const TOKENS_PER_WORD = 1.3;
/** Examples per training document: one each first, so the examples spread; a second only when documents run out. */
export const EXAMPLES_PER_DOCUMENT = [1, 2] as const;

/** The estimated tokens of a passage of `words` words. */
export function estimateTokens(words: number): number {
  return Math.ceil(words * TOKENS_PER_WORD);
}

/**
 * A model fit before the brief has only `passages` (the openings of paragraphs): each loses its
 * sentences that fail the excerpt rules and its first sentence (a paragraph that opens a document
 * opens with its salutation or courtesy), keeps PASSAGE_MIN_WORDS words or more, and is scored for
 * typicality against the model's word profile with the passages as the reference population.
 */
function passageCandidates(model: StyleModel): BriefExample[] {
  const kept = model.habits.passages
    .map((passage) => {
      const tokens = tokenizeBlock(passage, 'paragraph');
      const sentences = splitSentences(tokens).map(([first, last]) => tokens.slice(first, last + 1));
      const usable = sentences.slice(1).filter(isProseSentence);
      const text = usable.map(sentenceText).join(' ');
      return { passage, text, words: usable.reduce((sum, sentence) => sum + wordsOf(sentence).length, 0) };
    })
    .filter((one) => one.words >= PASSAGE_MIN_WORDS);
  const scorer = typicality(model.habits.passages.map(countWordForms), model.groundTruth.wordForms);
  const deltas = kept.map((one) => (scorer === undefined ? 0 : scoreCounts(scorer, countWordForms(one.text))));
  const adjusted = lengthAdjusted(
    deltas,
    kept.map((one) => one.words),
  );
  return kept.map((one, i) => ({
    text: one.text,
    words: one.words,
    tokens: estimateTokens(one.words),
    document: undefined,
    typicality: Math.round((adjusted[i] as number) * 10_000) / 10_000,
  }));
}

/**
 * The brief's example passages: the model's excerpts (habits.voice.excerpts, scored at fit time;
 * none when the corpus gave none, rather than passages that failed the excerpt rules), or for a model
 * fit before the brief its passages (passageCandidates), most typical first, taken while they fit:
 * at most `maxExamples`, their estimated tokens (estimateTokens) together at most `tokenBudget`,
 * one per document and then, if room is left, a second (EXAMPLES_PER_DOCUMENT). An example too long
 * for what is left of the budget is skipped for a shorter one. Returned most typical first.
 */
export function chooseExamples(
  model: StyleModel,
  tokenBudget: number,
  maxExamples: number,
): Pick<StyleBrief, 'examples' | 'exampleSource'> {
  const excerpts = model.habits.voice?.excerpts;
  const source = excerpts !== undefined ? 'excerpts' : 'passages';
  const candidates: BriefExample[] =
    excerpts !== undefined
      ? excerpts.map((one) => ({
          text: one.text,
          words: one.words,
          tokens: estimateTokens(one.words),
          document: one.document,
          typicality: one.typicality,
        }))
      : passageCandidates(model);
  const order = candidates
    .map((candidate, index) => ({ candidate, index }))
    .sort((a, b) => a.candidate.typicality - b.candidate.typicality || a.index - b.index);
  const chosen = new Set<number>();
  const perDocument = new Map<number, number>();
  let tokens = 0;
  for (const cap of EXAMPLES_PER_DOCUMENT) {
    for (const { candidate, index } of order) {
      if (chosen.size >= maxExamples) break;
      if (chosen.has(index) || tokens + candidate.tokens > tokenBudget) continue;
      const document = candidate.document;
      if (document !== undefined && (perDocument.get(document) ?? 0) >= cap) continue;
      chosen.add(index);
      tokens += candidate.tokens;
      if (document !== undefined) perDocument.set(document, (perDocument.get(document) ?? 0) + 1);
    }
  }
  return {
    examples: order.filter(({ index }) => chosen.has(index)).map(({ candidate }) => candidate),
    exampleSource: source,
  };
}
