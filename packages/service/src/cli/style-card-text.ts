/**
 * The readable style card of `styler describe`: the habits the web console's style card shows (its
 * Models view), from the same summary (describeStyle), as aligned lines of plain text.
 */
import type { LearnedChoice } from '@styler-dev/engine';

/** The parts of describeStyle's summary the card reads. */
interface StyleSummary {
  documents: number;
  words: number;
  sentences: number;
  sentenceLength: { mean: number; median: number; p10: number; p90: number; confidence: number };
  paragraphLength: { meanSentences: number; meanWords: number; confidence: number };
  readability: { fleschReadingEase: number; fleschKincaidGrade: number };
  contractions: { perThousandWords: number; confidence: number };
  punctuation: {
    oxfordComma: { rate: number; series: number; confidence: number };
    dash: { style: string; perThousandWords: number; confidence: number };
    quotes: { style: string; confidence: number };
    semicolonsPerThousandWords: number;
    colonsPerThousandWords: number;
    parenthesesPerThousandWords: number;
    questionMarksPerThousandWords: number;
    exclamationMarksPerThousandWords: number;
  };
  spelling: { variety: string; confidence: number };
  openers: { preferred: Record<string, string> };
  vocabulary: { frequentContentWords: string[] };
  choices: LearnedChoice[];
}

/** Choices stated on the card, those with the most evidence (as the LLM's style card does). */
const CHOICE_LINES = 8;
const NAME_WIDTH = 20;

/** A number for reading: fewer decimals as it grows (0 from 100, 1 from 10, 2 below), as the console. */
function reading(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const size = Math.abs(value);
  return value.toLocaleString('en-US', { maximumFractionDigits: size >= 100 ? 0 : size >= 10 ? 1 : 2 });
}

const sure = (confidence: number): string => `  (${Math.round(confidence * 100)} % sure)`;

/** The card: one habit a line, its name, its value and how sure the model is of it where measured. */
export function styleCardText(summary: Record<string, unknown>): string {
  const style = summary as unknown as StyleSummary;
  const s = style.sentenceLength;
  const p = style.punctuation;
  const rows: [string, string][] = [
    [
      'Learned from',
      `${reading(style.documents)} documents, ${reading(style.words)} words, ${reading(style.sentences)} sentences`,
    ],
    [
      'Sentences',
      `${reading(s.mean)} words on average (median ${reading(s.median)}; most between ${reading(s.p10)} and ${reading(s.p90)})${sure(s.confidence)}`,
    ],
    [
      'Paragraphs',
      `${reading(style.paragraphLength.meanSentences)} sentences on average (${reading(style.paragraphLength.meanWords)} words)${sure(style.paragraphLength.confidence)}`,
    ],
    [
      'Readability',
      `Flesch reading ease ${reading(style.readability.fleschReadingEase)}, grade ${reading(style.readability.fleschKincaidGrade)}`,
    ],
    [
      'Contractions',
      `${reading(style.contractions.perThousandWords)} per 1,000 words${sure(style.contractions.confidence)}`,
    ],
    [
      'Oxford comma',
      `${Math.round(p.oxfordComma.rate * 100)} % of ${p.oxfordComma.series} series${sure(p.oxfordComma.confidence)}`,
    ],
    ['Dashes', `${p.dash.style.replace(/_/g, ' ')}${sure(p.dash.confidence)}`],
    ['Quotes', `${p.quotes.style}${sure(p.quotes.confidence)}`],
    ['Spelling', `${style.spelling.variety}${sure(style.spelling.confidence)}`],
    [
      'Per 1,000 words',
      `${reading(p.semicolonsPerThousandWords)} semicolons, ${reading(p.colonsPerThousandWords)} colons, ` +
        `${reading(p.dash.perThousandWords)} dashes, ${reading(p.parenthesesPerThousandWords)} parentheses, ` +
        `${reading(p.questionMarksPerThousandWords)} question marks, ${reading(p.exclamationMarksPerThousandWords)} exclamation marks`,
    ],
  ];
  const openers = Object.values(style.openers.preferred);
  if (openers.length > 0) rows.push(['Favourite openers', openers.join(', ')]);
  const words = style.vocabulary.frequentContentWords.slice(0, 12);
  if (words.length > 0) rows.push(['Frequent words', words.join(', ')]);
  const choices = [...style.choices].sort((a, b) => b.evidence - a.evidence).slice(0, CHOICE_LINES);
  choices.forEach((choice, i) => rows.push([i === 0 ? 'Choices' : '', `${choice.text}${sure(choice.confidence)}`]));
  return rows.map(([name, value]) => `${name.padEnd(NAME_WIDTH)}${value}`.trimEnd()).join('\n') + '\n';
}
