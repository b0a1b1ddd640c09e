import { FUNCTION_WORDS } from '@styler-dev/analytics/nlp';
import type { ConnectiveConcept } from '../lexicon/connectives.js';
import { CONNECTIVES } from '../lexicon/connectives.js';
import { FUNCTION_VARIANTS } from '../lexicon/variants.js';
import type { DashStyle, EllipsisStyle, StyleHabits, StyleModel } from '../types.js';

/** Habits are enforced only from this confidence up (docs/style-engine.md). */
export const CONFIDENT = 0.5;

/**
 * What the edit operations need to know about the author, read once from the model: preferred
 * forms (each only when the data make it confident) and the vocabulary.
 */
export interface EditContext {
  habits: StyleHabits;
  vocabulary: Readonly<Record<string, number>>;
  /** Lower-cased words the input writes with a capital inside sentences. */
  names: ReadonlySet<string>;
  /** Filler and hedge removal is allowed (the output need not keep the input's length). */
  allowShortening: boolean;
  /** Share of contractible spots the author contracts, and how strongly to pull toward it (0–1). */
  contractionRate: number;
  /** How many contraction edits a restyle may apply (see engine/contraction-plan.ts); undefined: no bound. */
  contractionChanges: number | undefined;
  contractionPull: number;
  spelling: 'US' | 'UK' | undefined;
  dash: DashStyle | undefined;
  curlyQuotes: boolean | undefined;
  ellipsis: EllipsisStyle | undefined;
  oxfordComma: boolean | undefined;
  /** Generic forms the author never uses. */
  avoided: ReadonlySet<string>;
  /** Connective form → author's count, and the concepts the author expresses with an opener at all. */
  connectiveCounts: Readonly<Record<string, number>>;
  connectiveConcepts: ReadonlySet<ConnectiveConcept>;
  /** Function-word variant (lower-case) → the author's preferred form of its set. */
  variantPreference: ReadonlyMap<string, string>;
  /** Words after which the author writes "upon" rather than "on"; and whether the author writes "upon" at all. */
  uponAfter: ReadonlySet<string>;
  writesUpon: boolean;
  /** Edits that go against a confident habit are not proposed at all (see `proposes`). */
  proposes: { contract: boolean; expand: boolean; dashes: boolean; parentheses: boolean; colons: boolean };
}

/** Uses of "word upon" from which the author's choice of "upon" after that word counts. */
const UPON_EVIDENCE = 2;

/** How far a restyle may move the input's contractions (made by engine/contraction-plan.ts). */
export interface ContractionPlan {
  /** Share of the input's contractible places written contracted. */
  share: number;
  /** How many places may change: as many as bring the input to the author's rate. */
  changes: number;
}

/** An author writes a mark "at all" from this many per 1,000 words. */
const MARK_IN_USE = 0.5;

/** How often the author uses a word (lower-case), 0 if never. */
export function usage(context: EditContext, word: string): number {
  return context.vocabulary[word] ?? 0;
}

function confident<T>(habit: { value: T; confidence: number }): T | undefined {
  return habit.confidence >= CONFIDENT ? habit.value : undefined;
}

/**
 * Contractions move toward the author's rate from the input's side only: an input contracting less
 * than the author gets contractions, one contracting more gets full forms, never both (an author who
 * contracts 56 % of the time must not have an input's contractions expanded). Within this margin of
 * the author's rate the input is left as it is.
 */
const CONTRACTION_MARGIN = 0.05;

/**
 * Reads the preferences of a model. `contractions`: the input's contraction plan (its share of
 * contracted places, which sets the direction contractions move, and how many may change);
 * without it every place may change in both directions the habit allows.
 */
/**
 * The share of places the author contracts, as the contraction plan and the habit's pull steer by:
 * on running prose, or on all prose for a model fit before that was measured or an author whose
 * running prose has no place.
 */
export function authorContractionRate(habits: StyleHabits): number {
  const running = habits.runningProse?.value.contractions;
  return running !== undefined && running.places > 0 ? running.rate : habits.contractions.value.rate;
}

export function editContext(
  model: StyleModel,
  names: ReadonlySet<string>,
  allowShortening: boolean,
  contractions?: ContractionPlan,
): EditContext {
  const inputContractionShare = contractions?.share;
  const habits = model.habits;
  const rate = authorContractionRate(habits);
  const spelling = confident(habits.spelling)?.variety;
  const dash = confident(habits.punctuation.dash)?.style;
  const curly = confident(habits.punctuation.curlyQuotes);
  const ellipsis = confident(habits.punctuation.ellipsis)?.style;
  const oxford = confident(habits.punctuation.oxfordComma);
  const connectiveCounts = habits.openers.counts;
  const concepts = new Set<ConnectiveConcept>();
  for (const [concept, forms] of Object.entries(CONNECTIVES) as Array<
    [ConnectiveConcept, typeof CONNECTIVES.contrast]
  >) {
    if (forms.some((form) => (connectiveCounts[form.text] ?? 0) > 0)) concepts.add(concept);
  }
  const variantPreference = new Map<string, string>();
  for (const set of FUNCTION_VARIANTS) {
    const counts = set.forms.map((form) => habits.vocabulary[form] ?? 0);
    const best = Math.max(...counts);
    // Two uses at least, and clearly ahead of the other forms.
    if (best < 2) continue;
    const preferred = set.forms[counts.indexOf(best)];
    if (preferred === undefined || counts.some((count, i) => i !== counts.indexOf(best) && count * 2 > best)) continue;
    for (const form of set.forms) variantPreference.set(form, preferred);
  }
  const uponAfter = new Set<string>();
  for (const [head, counts] of Object.entries(habits.upon?.heads ?? {}))
    // After a function word ("and upon", "but upon") the choice says nothing of the construction:
    // "and on Monday" is no "and upon Monday". Only verbs, nouns and adjectives ("depend upon") count.
    if (counts.upon >= UPON_EVIDENCE && counts.upon > counts.on && !FUNCTION_WORDS.has(head)) uponAfter.add(head);
  return {
    habits,
    vocabulary: habits.vocabulary,
    uponAfter,
    // Models fit before "upon" was measured say nothing of it: read as writing it (no edit away from it).
    writesUpon: habits.upon === undefined || (habits.vocabulary['upon'] ?? 0) > 0,
    names,
    allowShortening,
    contractionRate: rate,
    contractionChanges: contractions?.changes,
    contractionPull: habits.contractions.confidence * Math.abs(2 * rate - 1),
    spelling: spelling === 'US' || spelling === 'UK' ? spelling : undefined,
    dash: dash === undefined || dash === 'none' ? undefined : dash,
    curlyQuotes: curly === undefined ? undefined : curly >= 0.8 ? true : curly <= 0.2 ? false : undefined,
    ellipsis: ellipsis === undefined || ellipsis === 'none' ? undefined : ellipsis,
    oxfordComma: oxford === undefined ? undefined : oxford >= 0.75 ? true : oxford <= 0.25 ? false : undefined,
    avoided: new Set(habits.avoidedGeneric),
    connectiveCounts,
    connectiveConcepts: concepts,
    variantPreference,
    proposes: {
      contract:
        (habits.contractions.confidence < CONFIDENT || rate >= 0.2) &&
        (inputContractionShare === undefined || inputContractionShare < rate - CONTRACTION_MARGIN),
      expand:
        (habits.contractions.confidence < CONFIDENT || rate <= 0.8) &&
        (inputContractionShare === undefined || inputContractionShare > rate + CONTRACTION_MARGIN),
      dashes: habits.punctuation.dash.value.perThousandWords >= MARK_IN_USE,
      parentheses: habits.punctuation.parenthesesPerThousandWords.value >= MARK_IN_USE,
      colons: habits.punctuation.colonPerThousandWords.value >= MARK_IN_USE,
    },
  };
}
