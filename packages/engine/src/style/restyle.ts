import { analyzeText } from '@styler-dev/analytics/nlp';
import type { TextFeatures } from '@styler-dev/analytics/metrics';
import { STYLE_DEFAULTS } from './defaults.js';
import { authorContractionRate, editContext } from './edits/context.js';
import { Deadline } from './optimizer/deadline.js';
import { buildDocument, makeSentence, renderDocument, type EditDocument } from './optimizer/document.js';
import { habitScore } from './optimizer/habit-score.js';
import { planContractions } from './optimizer/contraction-plan.js';
import { isRunningProse } from './text/running-prose.js';
import { Scorer } from './optimizer/scorer.js';
import { searchEdits, type SearchStats } from './optimizer/search.js';
import { HabitDirection, habitTargets } from './optimizer/direction.js';
import { improvementsOf } from './optimizer/verify.js';
import { casedHeading, headingTarget } from './ops/headings.js';
import { authorPerson, isLetter, shiftPerspective, taggedHeading } from './ops/perspective.js';
import { countWords } from './text/word-count.js';
import type { EditContext } from './edits/context.js';
import type { RestyleOptions, StyleModel } from './types.js';
import { assertRestyleOptions, assertStyleModel } from './validate.js';

/**
 * With `perspective: "author"`, every reference to the reader in the author's person, or none (see
 * ops/perspective.ts): the passage is the whole text, headings and list items included.
 */
function shiftToAuthor(document: EditDocument, model: StyleModel): void {
  const person = authorPerson(model);
  if (person === undefined || isLetter(document.text)) return;
  const prose = document.blocks.filter((block) => block.prose && block.kind !== 'blockquote');
  const headings = document.blocks.flatMap((block) => (block.headingTokens === undefined ? [] : [block]));
  const tagged = headings.map((block) => taggedHeading(block.headingTokens ?? []));
  const shifted = shiftPerspective(
    {
      sentences: prose.flatMap((block) => block.sentences.map((sentence) => sentence.tokens)),
      headings: tagged,
      // Block quotes are someone else's words; code, tables and HTML are never edited.
      fixed: document.blocks
        .filter((block) => block.headingTokens === undefined && (!block.prose || block.kind === 'blockquote'))
        .map((block) => block.raw),
    },
    person,
  );
  if (shifted === undefined) return;
  let next = 0;
  for (const block of prose) {
    block.sentences = block.sentences.map((sentence) => {
      const tokens = shifted.sentences[next++] ?? sentence.tokens;
      return tokens.every((piece, i) => piece === sentence.tokens[i])
        ? sentence
        : makeSentence(tokens, sentence.classes);
    });
  }
  headings.forEach((block, h) => {
    const original = block.headingTokens ?? [];
    const copies = tagged[h] ?? [];
    block.headingTokens = (shifted.headings[h] ?? copies).map((piece, i) =>
      piece === copies[i] ? (original[i] ?? piece) : piece,
    );
  });
}

function restyleHeadings(document: EditDocument, context: EditContext, options: RestyleOptions | undefined): void {
  const target = headingTarget(context);
  if (target === undefined || options?.skipHeadings === true) return;
  for (const block of document.blocks) {
    if (block.headingTokens === undefined || (options?.skipH1 === true && block.level === 1)) continue;
    block.headingTokens = casedHeading(block.headingTokens, target, context);
  }
}

/**
 * Rewrites a text toward an author's style with meaning-preserving edits, chosen by the analytics
 * objective (docs/style-engine.md). Numbers, names, dates, URLs, e-mail addresses, code, quoted
 * speech and Markdown structure never change. With `matchOutputLength` (default: the model's,
 * itself true by default) the word count stays within ±10 %. Deterministic.
 */
export function restyle(text: string, model: StyleModel, options?: RestyleOptions): string {
  return restyleWithStats(text, model, options).text;
}

/** restyle's text, what its search did, and the text's features when restyle analysed it (analyzeText). */
export interface RestyleResult {
  text: string;
  stats: SearchStats;
  /** analyzeText(text), when the final check measured it: quality analytics reuse it. */
  features?: TextFeatures;
}

/** restyle, with what its search did (for the tests and benchmarks that bound its work). */
export function restyleWithStats(text: string, model: StyleModel, options?: RestyleOptions): RestyleResult {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${typeof text}`);
  assertStyleModel(model);
  assertRestyleOptions(options);
  const matchOutputLength = options?.matchOutputLength ?? model.matchOutputLength ?? STYLE_DEFAULTS.matchOutputLength;
  const document = buildDocument(text);
  if (options?.perspective === 'author') shiftToAuthor(document, model);
  // What the edits start from, and what stays when the analytics reject them.
  const start = options?.perspective === 'author' ? renderDocument(document) : document.text;
  // Contractions are the author's habit in running prose only (text/running-prose.ts), as marks are.
  const sentenceTokens = document.blocks.flatMap((block) =>
    block.sentences
      .filter((sentence) => isRunningProse(block.kind, sentence.tokens))
      .map((sentence) => sentence.tokens),
  );
  const plan = planContractions(sentenceTokens, authorContractionRate(model.habits));
  const context = editContext(model, document.names, !matchOutputLength, plan);
  restyleHeadings(document, context, options);
  const scorer = new Scorer(model.groundTruth.features);
  const sentences = document.blocks.flatMap((block) => block.sentences);
  for (const sentence of sentences) sentence.habit = habitScore(sentence.tokens, context);
  scorer.start(sentences, matchOutputLength ? STYLE_DEFAULTS.lengthTarget : undefined);
  const inputCounts = scorer.state.toCounts();
  const direction = new HabitDirection(habitTargets(model), document.blocks);
  const stats = searchEdits(document, scorer, context, new Deadline(options?.deadline), direction);
  const output = renderDocument(document);
  if (output === start) return { text: output, stats };
  if (matchOutputLength) {
    const inputWords = countWords(document.text);
    if (Math.abs(countWords(output) - inputWords) > STYLE_DEFAULTS.lengthTolerance * inputWords)
      return { text: start, stats };
  }
  // The one full re-analysis: keep the edits only if the analytics agree that, overall, they helped.
  // The input's counts come from the tagger pass that read it (buildDocument), not a second analysis.
  const features = analyzeText(output);
  const improvements = improvementsOf(features, inputCounts, model.groundTruth.features);
  const total = Object.values(improvements).reduce((a, b) => a + b, 0);
  return total >= 0 ? { text: output, stats, features } : { text: start, stats };
}
