import type { StyleModel } from '../types.js';
import { assertStyleModel } from '../validate.js';
import { avoidedForms } from './avoided.js';
import { contractionLines } from './contractions.js';
import { chooseExamples } from './examples.js';
import { favouredWords } from './keyness.js';
import { openerLines } from './openers.js';
import { briefOptions } from './options.js';
import { personLines } from './person.js';
import { punctuationLines } from './punctuation.js';
import { sentenceLines } from './sentences.js';
import { spellingLines } from './spelling.js';
import type { StyleBrief, StyleBriefOptions } from './types.js';

/**
 * The author's voice as a brief an LLM can follow, derived from a fitted model: statements in words
 * about sentence length and rhythm, paragraphs, openers, contractions, person and address,
 * punctuation and spelling (each only when the model's evidence suffices: see each module's
 * thresholds); the words the author favours relative to `options.reference` (keyness by Dunning's
 * G²; none without a reference); the AI-typical words and openers the author never or almost never
 * uses; and example passages chosen for their voice (the most typical excerpts by Burrows' Delta,
 * spread over the documents, within `options.exampleTokenBudget` tokens and `options.maxExamples`).
 * Deterministic. Throws a TypeError or RangeError for a malformed model or options.
 */
export function styleBrief(model: StyleModel, options?: StyleBriefOptions): StyleBrief {
  assertStyleModel(model);
  const { reference, exampleTokenBudget, maxExamples } = briefOptions(options);
  const habits = model.habits;
  return {
    lines: [
      ...sentenceLines(model),
      ...openerLines(habits),
      ...contractionLines(habits),
      ...personLines(habits),
      ...punctuationLines(model),
      ...spellingLines(habits),
    ],
    favouredWords: favouredWords(model, reference),
    avoided: avoidedForms(habits),
    ...chooseExamples(model, exampleTokenBudget, maxExamples),
  };
}
