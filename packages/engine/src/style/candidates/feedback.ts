/**
 * Feedback in words for a revision round: the measured differences between a draft and the author
 * that are largest and most certain, each said plainly ("You used 'moreover' 3 times; the author
 * never does."). Every difference is a count of the draft against the author's count over their
 * words (or, for sentence length, a mean against the author's mean and spread), tested as χ² with
 * one degree of freedom, so differences of different kinds compare on one scale.
 *
 * A rewrite's feedback names only what rewording can reach: sentence length, punctuation,
 * contractions, voice, AI-typical words, and the connectives, prepositions and articles the author
 * favours or shuns. Never the first and second person (the input's point of view fixes them: an LLM
 * asked for the author's "I" invents asides to supply it), pronouns, quantifiers, modals and tense
 * auxiliaries (reaching the author's rate of "he", "all" or "was" means changing what is said).
 */
import { histogramStats, type PUNCTUATION_MARKS } from '@styler-dev/analytics/metrics';
import { FUNCTION_WORDS } from '@styler-dev/analytics/nlp';
import { CONTRACTED } from '../lexicon/contractions.js';
import { GENERIC_FORMS } from '../lexicon/generic.js';
import { FIRST_PLURAL_FORMS, FIRST_SINGULAR_FORMS, SECOND_PERSON_FORMS } from '../lexicon/person.js';
import type { StyleModel } from '../types.js';
import { CANDIDATE_DEFAULTS } from './defaults.js';
import { lengthRange, type KeepLoss } from './keep-checks.js';
import type { RepairReason, SentenceRepair } from './repair.js';
import type { LengthCheck, MeasuredDraft } from './scoring.js';

/** One measured difference between a draft and the author. */
export interface FeedbackItem {
  /**
   * What was measured: `sentence-length`, `person:reader` / `person:first-singular` /
   * `person:first-plural`, `word:<form>`, `punctuation:<mark>`, `passive-voice` or `contractions`.
   */
  measure: string;
  /** The draft's count (sentence length: its mean words per sentence). */
  draft: number;
  /** The author's count scaled to the draft's length (sentence length: the author's mean). */
  author: number;
  /** Log-likelihood G² (z² for sentence length): χ² with one degree of freedom; larger is more certain. */
  statistic: number;
  /** The difference in plain words, addressed to the model. */
  text: string;
}

/** Counts in the draft and the author, with the sizes they are counts of. */
interface CountComparison {
  draft: number;
  draftSize: number;
  author: number;
  authorSize: number;
}

/**
 * Dunning's log-likelihood G² of a count in two samples (Dunning 1993; the keyness statistic of
 * Rayson & Garside 2000): 2 Σ O ln(O / E), E the count expected if both samples shared one rate.
 */
export function logLikelihood({ draft, draftSize, author, authorSize }: CountComparison): number {
  const total = draft + author;
  const size = draftSize + authorSize;
  if (total === 0 || draftSize <= 0 || authorSize <= 0) return 0;
  const term = (observed: number, expected: number): number =>
    observed > 0 ? observed * Math.log(observed / expected) : 0;
  return 2 * (term(draft, (draftSize * total) / size) + term(author, (authorSize * total) / size));
}

const PERSON_GROUPS: ReadonlyArray<{ measure: string; subject: string; forms: readonly string[] }> = [
  {
    measure: 'person:reader',
    subject: "You addressed the reader ('you', 'your')",
    forms: SECOND_PERSON_FORMS,
  },
  {
    measure: 'person:first-singular',
    subject: "You wrote in the first person singular ('I', 'me', 'my')",
    forms: FIRST_SINGULAR_FORMS,
  },
  {
    measure: 'person:first-plural',
    subject: "You wrote in the first person plural ('we', 'us', 'our')",
    forms: FIRST_PLURAL_FORMS,
  },
];

const MARK_NAMES: Partial<Record<(typeof PUNCTUATION_MARKS)[number], string>> = {
  comma: 'commas',
  semicolon: 'semicolons',
  colon: 'colons',
  question_mark: 'question marks',
  exclamation_mark: 'exclamation marks',
  parenthetical: 'parentheses',
};

// Feedback never asks for fewer or more negations: that would invite a change of meaning.
const NEGATION_WORDS = new Set(['not', 'no', 'never', 'nor', 'none', 'nobody', 'nothing', 'nowhere', 'neither']);
const GROUPED_WORDS = new Set([...PERSON_GROUPS.flatMap((group) => group.forms), ...CONTRACTED.values()]);
// The function words a rewrite can use more or less of without changing what it says: articles,
// demonstratives and relatives, prepositions and conjunctions (those that deny left out: polarity
// is kept, not styled).
const REWORDABLE_WORDS = new Set(
  (
    'a an the this that these those which what such there to ' +
    'of in for with on at by from about as into like through after over between out against during ' +
    'before under around among across along behind beyond within upon toward towards above below ' +
    'beneath beside besides near since till until unto amid amidst amongst throughout despite except ' +
    'unlike than whilst and but or so yet because although though while whereas if whether once ' +
    'whenever wherever whereby hence thus therefore however moreover furthermore nevertheless ' +
    'nonetheless otherwise accordingly consequently meanwhile indeed'
  ).split(' '),
);
const CONTRACTED_FORMS = new Set(CONTRACTED.values());

function times(count: number): string {
  if (count === 0) return 'not once';
  if (count === 1) return 'once';
  if (count === 2) return 'twice';
  return `${count} times`;
}

function decimal(value: number): string {
  return value >= 10 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
}

/** How often the author does it, said for a text of the draft's length. */
function authorHabit(comparison: CountComparison, unit: 'words' | 'sentences'): string {
  if (comparison.author === 0) return 'the author never does';
  const share = comparison.author / comparison.authorSize;
  const expected = share * comparison.draftSize;
  const inThisText = expected < 0.5 ? 'less than once' : `about ${times(Math.round(expected))}`;
  const rate =
    unit === 'sentences'
      ? `in about ${decimal(share * 100)}% of sentences`
      : `about ${decimal(share * 1000)} times per 1,000 words`;
  const often = share * (unit === 'sentences' ? 100 : 1000) < 1 ? 'rarely does' : 'does so';
  return `the author ${often} (${rate}, ${inThisText} in a text this long)`;
}

function countItem(
  measure: string,
  subject: string,
  comparison: CountComparison,
  unit: 'words' | 'sentences' = 'words',
): FeedbackItem | undefined {
  const statistic = logLikelihood(comparison);
  if (statistic <= 0) return undefined;
  const author = (comparison.author / comparison.authorSize) * comparison.draftSize;
  return {
    measure,
    draft: comparison.draft,
    author,
    statistic,
    text: `${subject} ${times(comparison.draft)}; ${authorHabit(comparison, unit)}.`,
  };
}

/** Occurrences of a phrase of lower-case words in `text`, as whole words. */
function phraseCount(text: string, phrase: string): number {
  const pattern = phrase
    .split(' ')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
  return [...text.toLowerCase().matchAll(new RegExp(`(?<![\\p{L}'’])${pattern}(?![\\p{L}'’])`, 'gu'))].length;
}

function sentenceLengthItem(draft: MeasuredDraft, model: StyleModel): FeedbackItem | undefined {
  const sentences = draft.features.sentences;
  const own = histogramStats(draft.features.sentenceLengths).mean;
  const author = histogramStats(model.groundTruth.features.sentenceLengths);
  if (sentences === 0 || author.stdDev === 0) return undefined;
  const statistic = ((own - author.mean) / (author.stdDev / Math.sqrt(sentences))) ** 2;
  return {
    measure: 'sentence-length',
    draft: own,
    author: author.mean,
    statistic,
    text: `Your sentences average ${Math.round(own)} words; the author's average ${Math.round(author.mean)}.`,
  };
}

function wordItems(draft: MeasuredDraft, model: StyleModel, rewrite: boolean): FeedbackItem[] {
  const profile = model.groundTruth.wordForms;
  const draftWords = draft.score.words;
  const items: (FeedbackItem | undefined)[] = [];
  if (profile !== undefined) {
    for (const word of FUNCTION_WORDS) {
      if (GROUPED_WORDS.has(word) || NEGATION_WORDS.has(word)) continue;
      if (rewrite && !REWORDABLE_WORDS.has(word)) continue;
      const comparison = {
        draft: draft.wordCounts[word] ?? 0,
        draftSize: draftWords,
        author: profile.counts[word] ?? 0,
        authorSize: profile.total,
      };
      if (comparison.draft + comparison.author > 0)
        items.push(countItem(`word:${word}`, `You used '${word}'`, comparison));
    }
  }
  // AI-typical words and phrases: named only when the draft uses them more than the author.
  const { totals, usedGeneric } = model.habits;
  for (const form of GENERIC_FORMS) {
    if (FUNCTION_WORDS.has(form)) continue;
    const count = phraseCount(draft.text, form);
    if (count === 0) continue;
    const author = usedGeneric[form] ?? 0;
    if (count / draftWords <= author / totals.words) continue;
    items.push(
      countItem(`word:${form}`, `You used '${form}'`, {
        draft: count,
        draftSize: draftWords,
        author,
        authorSize: totals.words,
      }),
    );
  }
  return items.filter((item) => item !== undefined);
}

function otherItems(draft: MeasuredDraft, model: StyleModel, rewrite: boolean): FeedbackItem[] {
  const items: (FeedbackItem | undefined)[] = [sentenceLengthItem(draft, model)];
  const profile = model.groundTruth.wordForms;
  if (profile !== undefined && !rewrite) {
    for (const group of PERSON_GROUPS) {
      const sum = (counts: Readonly<Record<string, number>>): number =>
        group.forms.reduce((total, form) => total + (counts[form] ?? 0), 0);
      items.push(
        countItem(group.measure, group.subject, {
          draft: sum(draft.wordCounts),
          draftSize: draft.score.words,
          author: sum(profile.counts),
          authorSize: profile.total,
        }),
      );
    }
  }
  const truth = model.groundTruth.features;
  for (const [mark, name] of Object.entries(MARK_NAMES) as [keyof typeof MARK_NAMES, string][]) {
    items.push(
      countItem(`punctuation:${mark}`, `You used ${name}`, {
        draft: draft.features.punctuation[mark],
        draftSize: draft.features.words,
        author: truth.punctuation[mark],
        authorSize: truth.words,
      }),
    );
  }
  const passive = countItem(
    'passive-voice',
    'You wrote sentences in the passive voice',
    {
      draft: draft.features.voice.passive,
      draftSize: draft.features.voice.passive + draft.features.voice.active,
      author: truth.voice.passive,
      authorSize: truth.voice.passive + truth.voice.active,
    },
    'sentences',
  );
  items.push(passive);
  const { contractions, totals } = model.habits;
  items.push(
    countItem('contractions', "You used contractions ('don't', 'it's')", {
      draft: Object.entries(draft.wordCounts).reduce(
        (sum, [form, count]) => sum + (CONTRACTED_FORMS.has(form) ? count : 0),
        0,
      ),
      draftSize: draft.score.words,
      author: Math.round((contractions.value.perThousandWords * totals.words) / 1000),
      authorSize: totals.words,
    }),
  );
  return items.filter((item) => item !== undefined);
}

/**
 * Every measured difference between `draft` and the author whose statistic reaches
 * CANDIDATE_DEFAULTS.feedbackMinStatistic, largest first (ties by measure): sentence length; how
 * often the draft addresses the reader or speaks as "I" or "we" (full mode only); each function
 * word (negations left out; in rewrite mode only the rewordable ones, see the module's comment) and
 * each AI-typical word or phrase of the lexicon the draft overuses; commas, semicolons, colons,
 * question and exclamation marks and parentheses per word; passive sentences; contractions.
 * `rewrite`: the draft rewrites an input, whose content and point of view it must keep.
 */
export function measuredDifferences(
  draft: MeasuredDraft,
  model: StyleModel,
  { rewrite = false }: { rewrite?: boolean } = {},
): FeedbackItem[] {
  return [...otherItems(draft, model, rewrite), ...wordItems(draft, model, rewrite)]
    .filter((item) => item.statistic >= CANDIDATE_DEFAULTS.feedbackMinStatistic)
    .sort((a, b) => b.statistic - a.statistic || (a.measure < b.measure ? -1 : 1));
}

/**
 * The differences a revision request names: the largest of `differences` (as measuredDifferences
 * orders them), at most CANDIDATE_DEFAULTS.feedbackItems, of which at most feedbackWordItems about
 * single words or phrases.
 */
export function chooseFeedback(differences: readonly FeedbackItem[]): FeedbackItem[] {
  const chosen: FeedbackItem[] = [];
  let wordItemsChosen = 0;
  for (const item of differences) {
    if (chosen.length >= CANDIDATE_DEFAULTS.feedbackItems) break;
    const isWord = item.measure.startsWith('word:');
    if (isWord && wordItemsChosen >= CANDIDATE_DEFAULTS.feedbackWordItems) continue;
    if (isWord) wordItemsChosen += 1;
    chosen.push(item);
  }
  return chosen;
}

const LOSS_NAMES: Record<'number' | 'name' | 'quotation' | 'address' | 'code', string> = {
  number: 'the number',
  name: 'the name',
  quotation: 'the quotation',
  address: 'the link or address',
  code: 'the code',
};

/** A loss in plain words, addressed to the model that wrote the draft. */
export function describeLoss(loss: KeepLoss): string {
  switch (loss.kind) {
    case 'text':
      return 'The draft is empty; rewrite the whole text.';
    case 'negation':
      return (
        `The draft reverses what the original says in "${loss.text}"` +
        (loss.output !== undefined ? ` (the draft: "${loss.output}")` : '') +
        '; keep every statement affirmed or denied as the original has it.'
      );
    case 'modality':
      return (
        `The draft states more firmly than the original in "${loss.text}"` +
        (loss.output !== undefined ? ` (the draft: "${loss.output}")` : '') +
        '; keep what the original says may, should or often happen as it says it.'
      );
    case 'markdown':
      return `The draft's Markdown blocks differ from the original's (${loss.text}); keep the same headings, lists and paragraphs in the same order.`;
    case 'person':
      return `The draft speaks in the first person ('${loss.text}') where the original never does; keep the original's point of view and add no remarks, opinions or experiences of your own.`;
    case 'length': {
      const [words, , , original] = loss.text.split(' ');
      return describeLength(Number(words), Number(original));
    }
    default:
      return loss.change === 'added'
        ? `The draft adds ${LOSS_NAMES[loss.kind]} "${loss.text}", which the original does not have; add no facts.`
        : `The draft lost ${LOSS_NAMES[loss.kind]} "${loss.text}"; keep it exactly as written.`;
  }
}

/** A draft's length against the range asked, with the count and the range (lengthRange). */
function describeLength(words: number, inputWords: number): string {
  const { min, max } = lengthRange(inputWords);
  const side = words > max ? 'too long' : 'too short';
  return `The draft has ${words} words, ${side}; the original has ${inputWords}. Write ${min} to ${max} words: keep every point and add none.`;
}

const REASON_WORDS: Record<RepairReason, string> = {
  negation: 'it reverses what the original affirms or denies',
  modality: 'it states more firmly than the original (a possibility as fact, advice as a rule, or "often" as "always")',
  number: 'it loses or adds a number',
  name: 'it loses or adds a name',
  person: "it speaks as 'I' where the original never does",
};

/** A sentence, shortened for a message. */
function quoted(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return `"${flat.length <= 400 ? flat : `${flat.slice(0, 397).trimEnd()}…`}"`;
}

/** A repaired sentence as a request to redo exactly it, naming the draft's sentence, why, and the original's. */
export function describeRepair(repair: SentenceRepair): string {
  const why = repair.reasons.map((reason) => REASON_WORDS[reason]).join(', and ');
  if (repair.draft === '')
    return `The draft leaves out the original's sentence ${quoted(repair.input)}; say what it says.`;
  if (repair.input === '')
    return `Leave out your sentence ${quoted(repair.draft)}: ${why.replace(/loses or adds/gu, 'adds')}.`;
  return `Redo your sentence ${quoted(repair.draft)}: ${why}. The original says ${quoted(repair.input)}.`;
}

/** What a draft lost and where, for a revision: its repaired sentences, or (none repaired) its losses; its length when outside the range. */
export interface DraftFaults {
  losses: readonly KeepLoss[];
  repairs?: readonly SentenceRepair[];
  length?: LengthCheck;
}

/**
 * What a revision round names, in words: the sentences to redo (describeRepair), or, when none
 * could be repaired, each loss once (describeLoss); the length when outside the range asked; then
 * each difference.
 */
export function revisionLines(items: readonly FeedbackItem[], faults: DraftFaults): string[] {
  const repairs = faults.repairs ?? [];
  const content = repairs.length > 0 ? repairs.map(describeRepair) : faults.losses.map(describeLoss);
  const length =
    faults.length !== undefined && !faults.length.inRange
      ? [describeLength(faults.length.words, faults.length.inputWords)]
      : [];
  return [...new Set(content), ...length, ...items.map((item) => item.text)];
}

/**
 * The user message of a revision round: the sentences to redo or what the draft lost or added
 * (each once), its length when outside the range, the chosen differences, and the request to revise
 * the wording only, keeping every fact and the point of view.
 */
export function revisionMessage(items: readonly FeedbackItem[], faults: DraftFaults): string {
  return [
    "Your draft differs from the author's writing in ways that were measured:",
    ...revisionLines(items, faults).map((line) => `- ${line}`),
    '',
    'Revise the draft to read more like the author by changing how things are said, not what is said: ' +
      'keep its meaning, its point of view and every fact, number, name, quotation, link and Markdown ' +
      'element, and add no facts, examples, opinions or remarks of your own. Reply with the revised text only.',
  ].join('\n');
}
