import { FUNCTION_WORDS } from '@styler-dev/analytics/nlp';
import { CONNECTIVES, type ConnectiveConcept } from '../lexicon/connectives.js';
import { FUNCTION_VARIANTS } from '../lexicon/variants.js';
import type { StyleHabits } from '../types.js';
import { measured, share } from './confidence.js';

/**
 * Observations of a choice among interchangeable forms (openers, variants, "upon") at which its
 * confidence reaches 0.5. A tally of one categorical pick, like the dash form or the spelling variety
 * (k = 5 there too): five picks that all agree would happen one time in sixteen (2 · 2⁻⁵) if the author
 * had no preference between two forms.
 */
export const CHOICE_HALF_CONFIDENCE = 5;

/** A form whose share of a choice is below this is written "rarely". */
const RARE_SHARE = 0.2;

/** Heads of "upon" named in a choice's text. */
const UPON_HEADS_NAMED = 4;

/** The words after which an author writes "upon", with counts of "HEAD upon" and "HEAD on". */
type UponHabit = NonNullable<StyleHabits['upon']>;

export type ChoiceName = `opener:${ConnectiveConcept}` | 'contractions' | `variant:${string}` | 'upon';

/** One choice among interchangeable forms that the author's documents give evidence for. */
export interface LearnedChoice {
  choice: ChoiceName;
  /** The forms seen, most used first (ties in the lexicon's order). */
  forms: Array<{ form: string; count: number }>;
  /** The most used form; undefined (absent from the JSON) when the two most used forms tie. */
  preferred: string | undefined;
  /** The top form's share of the evidence, in [0, 1]. */
  share: number;
  /** Times the author made this choice (the sum of the forms' counts). */
  evidence: number;
  /** `evidence / (evidence + k)`, in [0, 1) (habits/confidence.ts). */
  confidence: number;
  /** The choice as a short plain-English phrase ("opens with \"And\" (48), rarely \"Moreover\" (1) when adding"). */
  text: string;
}

/** How an opener's relation reads after the forms in a choice's text. */
const RELATION_PHRASES: Readonly<Record<ConnectiveConcept, string>> = {
  contrast: 'when contrasting',
  consequence: 'for a consequence',
  addition: 'when adding',
  summary: 'when summing up',
  ending: 'when concluding',
  eventually: 'for the outcome',
  example: 'for an example',
};

const quoted = (text: string): string => `"${text}"`;

function listed(forms: ReadonlyArray<{ form: string; count: number }>): string {
  return forms.map((one) => `${quoted(one.form)} (${one.count})`).join(', ');
}

/** Forms most used first; the sort is stable, so ties keep the lexicon's order. */
function byCount(forms: Array<{ form: string; count: number }>): Array<{ form: string; count: number }> {
  return forms.sort((a, b) => b.count - a.count);
}

type Phrase = (forms: ReadonlyArray<{ form: string; count: number }>, preferred: string | undefined) => string;

/**
 * A choice from its counted forms (at least one count above 0), `text` written by `phrase`; the
 * confidence is `evidence / (evidence + halfConfidence)` unless the habit measured its own.
 */
function choiceOf(
  choice: ChoiceName,
  counted: Array<{ form: string; count: number }>,
  confidence: { halfConfidence: number } | { measured: number },
  phrase: Phrase,
): LearnedChoice {
  const forms = byCount(counted);
  const evidence = forms.reduce((sum, one) => sum + one.count, 0);
  const top = forms[0];
  const preferred = top !== undefined && top.count > (forms[1]?.count ?? 0) ? top.form : undefined;
  return {
    choice,
    forms,
    preferred,
    share: share(top?.count ?? 0, evidence),
    evidence,
    confidence:
      'measured' in confidence ? confidence.measured : measured(null, evidence, confidence.halfConfidence).confidence,
    text: phrase(forms, preferred),
  };
}

/**
 * "\"And\" (48), \"But\" (20), rarely \"Moreover\" (1)": the used forms, those under a fifth of the
 * evidence last as "rarely".
 */
function formsPhrase(forms: ReadonlyArray<{ form: string; count: number }>): string {
  const used = forms.filter((one) => one.count > 0);
  const evidence = used.reduce((sum, one) => sum + one.count, 0);
  const common = used.filter((one, i) => i === 0 || one.count / evidence >= RARE_SHARE);
  const rare = used.slice(common.length);
  return rare.length === 0 ? listed(common) : `${listed(common)}, rarely ${listed(rare)}`;
}

const tieNote = (preferred: string | undefined): string => (preferred === undefined ? ', with no favourite' : '');

function openerChoices(habits: StyleHabits): LearnedChoice[] {
  const counts = habits.openers.counts;
  return (Object.entries(CONNECTIVES) as Array<[ConnectiveConcept, (typeof CONNECTIVES)[ConnectiveConcept]]>)
    .map(([concept, forms]) => ({
      concept,
      counted: forms.map((one) => ({ form: one.text, count: counts[one.text] ?? 0 })).filter((one) => one.count > 0),
    }))
    .filter(({ counted }) => counted.length > 0)
    .map(({ concept, counted }) =>
      choiceOf(
        `opener:${concept}`,
        counted,
        { halfConfidence: CHOICE_HALF_CONFIDENCE },
        (forms, preferred) => `opens with ${formsPhrase(forms)} ${RELATION_PHRASES[concept]}${tieNote(preferred)}`,
      ),
    );
}

function contractionChoice(habits: StyleHabits): LearnedChoice[] {
  const { value, evidence, confidence } = habits.contractions;
  if (evidence <= 0) return [];
  // The rate is stored to 4 decimals, which gives the count back exactly below 5,000 places.
  const contracted = Math.round(value.rate * evidence);
  const counted = [
    { form: 'contracted', count: contracted },
    { form: 'full', count: evidence - contracted },
  ];
  const places = `(${evidence} place${evidence === 1 ? '' : 's'} where one fits)`;
  const text =
    contracted === 0
      ? `never contracts ${places}`
      : contracted === evidence
        ? `always contracts ${places}`
        : `contracts ${Math.max(1, Math.min(99, Math.round(value.rate * 100)))} % of the time ${places}`;
  // The habit's own confidence (its k is 20 places), the one the engine enforces contractions by.
  return [choiceOf('contractions', counted, { measured: confidence }, () => text)];
}

function variantChoices(habits: StyleHabits): LearnedChoice[] {
  // A form's vocabulary count includes its uses under other parts of speech ("a while", "though" at
  // the end of a sentence, Darwin's glacial "till"): the tally is of the word, not only of the
  // interchangeable function word. Forms past the vocabulary's bound read as 0.
  return FUNCTION_VARIANTS.map((set) => ({
    name: set.forms.join('/'),
    counted: set.forms.map((form) => ({ form, count: habits.vocabulary[form] ?? 0 })),
  }))
    .filter(({ counted }) => counted.some((one) => one.count > 0))
    .map(({ name, counted }) =>
      choiceOf(`variant:${name}`, counted, { halfConfidence: CHOICE_HALF_CONFIDENCE }, (forms, preferred) => {
        const unused = forms.filter((one) => one.count === 0).map((one) => quoted(one.form));
        const used = forms.filter((one) => one.count > 0);
        if (unused.length > 0 && used.length === 1 && used[0] !== undefined)
          return `writes ${quoted(used[0].form)} (${used[0].count}), never ${unused.join(' or ')}`;
        return `writes ${formsPhrase(forms)}${tieNote(preferred)}`;
      }),
    );
}

/** Up to UPON_HEADS_NAMED heads, each as `show` writes it, ", …" when there are more. */
function headList(
  heads: ReadonlyArray<[string, { upon: number; on: number }]>,
  show: (head: string, counts: { upon: number; on: number }) => string,
): string {
  const named = heads.slice(0, UPON_HEADS_NAMED).map(([head, counts]) => show(head, counts));
  return `${named.join(', ')}${heads.length > UPON_HEADS_NAMED ? ', …' : ''}`;
}

function uponChoice(upon: UponHabit | undefined): LearnedChoice[] {
  const heads = Object.entries(upon?.heads ?? {})
    .filter(([, counts]) => counts.upon + counts.on > 0)
    .sort((a, b) => b[1].upon - a[1].upon || b[1].on - a[1].on || (a[0] < b[0] ? -1 : 1));
  if (heads.length === 0) return [];
  const upons = heads.reduce((sum, [, counts]) => sum + counts.upon, 0);
  const ons = heads.reduce((sum, [, counts]) => sum + counts.on, 0);
  const counted = [
    { form: 'upon', count: upons },
    { form: 'on', count: ons },
  ];
  // Named by the words "upon" completes ("depend upon", "founded upon") before those it only follows
  // ("and upon", "but upon"), which say nothing of the construction.
  const withUpon = heads.filter(([, counts]) => counts.upon > 0);
  withUpon.sort((a, b) => Number(FUNCTION_WORDS.has(a[0])) - Number(FUNCTION_WORDS.has(b[0])));
  const written = headList(withUpon, (head, counts) => `${quoted(`${head} upon`)} (${counts.upon})`);
  const text =
    upons === 0
      ? `writes "on", never "upon", after ${headList(heads, (head, counts) => `${quoted(head)} (${counts.on})`)}`
      : ons === 0
        ? `writes ${written}, never "on" there`
        : `writes ${written}; "on" there ${ons} time${ons === 1 ? '' : 's'}`;
  return [choiceOf('upon', counted, { halfConfidence: CHOICE_HALF_CONFIDENCE }, () => text)];
}

/**
 * The choices among interchangeable forms that the author's documents give evidence for: sentence
 * openers per relation, contractions, function-word variants (while/whilst, …) and "upon" for
 * "on", each with the counts of its forms, the preferred form, its share and a confidence. Pure and
 * deterministic: contractions, then openers in the lexicon's order of relations, variants in the
 * lexicon's order, then "upon".
 */
export function learnedChoices(habits: StyleHabits): LearnedChoice[] {
  // `upon` is optional: models fitted before it was measured do not have it.
  return [
    ...contractionChoice(habits),
    ...openerChoices(habits),
    ...variantChoices(habits),
    ...uponChoice(habits.upon),
  ];
}
