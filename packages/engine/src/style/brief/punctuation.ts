import { CONFIDENT } from '../edits/context.js';
import { describeRate } from '../style-card-words.js';
import type { DashStyle, StyleModel } from '../types.js';
import { perSentencePhrase } from './phrasing.js';
import type { BriefLine } from './types.js';

const DASH_FORMS: Readonly<Record<DashStyle, string>> = {
  em_closed: 'word—word',
  em_spaced: 'word — word',
  en_spaced: 'word – word',
  hyphen_spaced: 'word - word',
  double_hyphen: 'word--word',
  double_hyphen_spaced: 'word -- word',
};

/**
 * Punctuation habits per sentence (what a writer can count as they go): commas from the ground
 * truth's counts; semicolons, colons, dashes (with the form the author writes), parentheses,
 * exclamation and question marks from the model's rates per 1,000 words times its mean sentence
 * length; and the serial comma. Rates are stated once they rest on enough words (confidence at least
 * CONFIDENT: 2,000 words), the dash form once enough dashes were seen (5), the serial comma once
 * enough series (10).
 */
export function punctuationLines(model: StyleModel): BriefLine[] {
  const habits = model.habits;
  const p = habits.punctuation;
  const features = model.groundTruth.features;
  const wordsPerSentence = habits.sentenceLength.value.mean;
  const perSentence = (perThousand: number): string => perSentencePhrase((perThousand * wordsPerSentence) / 1000);
  const parts: string[] = [];
  if (habits.sentenceLength.confidence >= CONFIDENT && features.sentences > 0)
    parts.push(`commas ${perSentencePhrase(features.punctuation.comma / features.sentences)}`);
  if (p.semicolonPerThousandWords.confidence >= CONFIDENT) {
    parts.push(`semicolons ${perSentence(p.semicolonPerThousandWords.value)}`);
    parts.push(`colons ${perSentence(p.colonPerThousandWords.value)}`);
    const dash = p.dash;
    if (dash.value.style === 'none') parts.push('dashes never');
    else if (dash.confidence >= CONFIDENT)
      parts.push(`dashes (written ${DASH_FORMS[dash.value.style]}) ${perSentence(dash.value.perThousandWords)}`);
    parts.push(`parentheses ${perSentence(p.parenthesesPerThousandWords.value)}`);
    parts.push(`exclamation marks ${perSentence(p.exclamationPerThousandWords.value)}`);
    parts.push(`question marks ${perSentence(p.questionPerThousandWords.value)}`);
  }
  const lines: BriefLine[] = [];
  if (parts.length > 0) lines.push({ topic: 'punctuation', text: `Punctuation: ${parts.join('; ')}.` });
  if (p.oxfordComma.confidence >= CONFIDENT)
    lines.push({
      topic: 'punctuation',
      text: `Serial comma before the last item of a list ("red, white, and blue"): ${describeRate(p.oxfordComma.value)}.`,
    });
  return lines;
}
