import { describeRate } from './style-card-words.js';
import { AI_OPENERS } from './lexicon/ai-openers.js';
import { GENERIC_ENTRIES } from './lexicon/generic.js';
import type { StyleModel } from './types.js';
import { assertStyleModel } from './validate.js';
import { CONFIDENT } from './edits/context.js';
import { learnedChoices } from './habits/choices.js';

/** Choices among interchangeable forms stated on the card, those with the most evidence. */
const CHOICE_LINES = 8;

const DASH_NAMES: Readonly<Record<string, string>> = {
  em_closed: 'closed em dashes (word—word)',
  em_spaced: 'spaced em dashes (word — word)',
  en_spaced: 'spaced en dashes (word – word)',
  hyphen_spaced: 'spaced hyphens (word - word)',
  double_hyphen: 'double hyphens (word--word)',
  double_hyphen_spaced: 'spaced double hyphens (word -- word)',
};

/**
 * A "style card": the model's habits as short plain-English instructions for an LLM prompt.
 * Only habits measured with enough confidence are stated; numbers are rounded for reading. The
 * author's choices among interchangeable forms (contractions, openers, variants) are stated with
 * their counts, at most eight, those with the most evidence first.
 */
export function styleCard(model: StyleModel): string {
  assertStyleModel(model);
  const h = model.habits;
  const p = h.punctuation;
  const lines: string[] = [];
  const s = h.sentenceLength.value;
  lines.push(
    `Sentences average ${Math.round(s.mean)} words (median ${Math.round(s.median)}; most between ${s.p10} and ${s.p90}).`,
  );
  lines.push(
    `Paragraphs hold about ${Math.round(h.paragraphLength.value.meanSentences)} sentences (${Math.round(h.paragraphLength.value.meanWords)} words).`,
  );
  if (p.dash.confidence >= CONFIDENT && p.dash.value.style !== 'none')
    lines.push(
      `Dashes: ${DASH_NAMES[p.dash.value.style] ?? p.dash.value.style}, about ${p.dash.value.perThousandWords.toFixed(1)} per 1,000 words.`,
    );
  lines.push(
    `Per 1,000 words: ${p.semicolonPerThousandWords.value.toFixed(1)} semicolons, ${p.colonPerThousandWords.value.toFixed(1)} colons, ${p.parenthesesPerThousandWords.value.toFixed(1)} parentheses, ${p.exclamationPerThousandWords.value.toFixed(1)} exclamation marks, ${p.questionPerThousandWords.value.toFixed(1)} question marks.`,
  );
  if (p.oxfordComma.confidence >= CONFIDENT) lines.push(`Serial (Oxford) comma: ${describeRate(p.oxfordComma.value)}.`);
  if (p.curlyQuotes.confidence >= CONFIDENT)
    lines.push(`Quotation marks and apostrophes: ${p.curlyQuotes.value >= 0.5 ? 'curly (“ ” ’)' : 'straight (" \')'}.`);
  if (h.spelling.confidence >= CONFIDENT && (h.spelling.value.variety === 'US' || h.spelling.value.variety === 'UK'))
    lines.push(`Spelling: ${h.spelling.value.variety}.`);
  // Contractions, openers, function-word variants and "upon": a stable sort keeps ties in their order.
  const choices = learnedChoices(h)
    .filter((choice) => choice.confidence >= CONFIDENT)
    .sort((a, b) => b.evidence - a.evidence)
    .slice(0, CHOICE_LINES);
  for (const choice of choices) lines.push(`${choice.text.charAt(0).toUpperCase()}${choice.text.slice(1)}.`);
  const avoidedSet = new Set(h.avoidedGeneric);
  const avoided = GENERIC_ENTRIES.filter((entry) => entry.forms.every((form) => avoidedSet.has(form))).map(
    (entry) => entry.forms[0],
  );
  if (avoided.length > 0) lines.push(`Never uses: ${avoided.slice(0, 30).join(', ')}.`);
  const unusedOpeners = AI_OPENERS.filter((opener) => (h.openers.counts[opener] ?? 0) === 0);
  if (unusedOpeners.length > 0) lines.push(`Never opens a sentence with: ${unusedOpeners.join(', ')}.`);
  const person = h.person;
  lines.push(
    `Per 1,000 words: first person singular ${Math.round(person.firstSingularPerThousandWords)}, plural ${Math.round(person.firstPluralPerThousandWords)}, second person ${Math.round(person.secondPerThousandWords)} (keep the input's point of view).`,
  );
  if (h.headings.confidence >= CONFIDENT && h.headings.value.case !== 'unknown')
    lines.push(`Headings in ${h.headings.value.case} case.`);
  return lines.map((line) => `- ${line}`).join('\n');
}
