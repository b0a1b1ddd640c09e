import type { Upos } from '@styler-dev/analytics/metrics';

/**
 * Sentence-opening connectives grouped by the relation they express. Within a group the forms are
 * interchangeable at the start of a sentence, so swapping one for another keeps the meaning.
 * `comma`: the form is followed by a comma ("However, ..."); `tags`: UPOS of its words.
 */
export interface ConnectiveForm {
  text: string;
  comma: boolean;
  tags: Upos[];
  /** False for forms with a nuance of their own (concession: "Still", "Even so"): read, never written. */
  writable: boolean;
}

export type ConnectiveConcept =
  'contrast' | 'consequence' | 'addition' | 'summary' | 'ending' | 'eventually' | 'example';

function form(text: string, comma: boolean, tags: string, writable = true): ConnectiveForm {
  return { text, comma, tags: tags.split(' ') as Upos[], writable };
}

export const CONNECTIVES: Readonly<Record<ConnectiveConcept, readonly ConnectiveForm[]>> = {
  contrast: [
    form('However', true, 'ADV'),
    form('But', false, 'CCONJ'),
    form('Yet', false, 'CCONJ'),
    form('Still', true, 'ADV', false),
    form('Nevertheless', true, 'ADV', false),
    form('Nonetheless', true, 'ADV', false),
    form('On the other hand', true, 'ADP DET ADJ NOUN', false),
    form('Even so', true, 'ADV ADV', false),
  ],
  consequence: [
    form('Therefore', true, 'ADV'),
    form('So', false, 'ADV'),
    form('Thus', true, 'ADV'),
    form('Hence', true, 'ADV'),
    form('Consequently', true, 'ADV'),
    form('As a result', true, 'ADP DET NOUN'),
    form('Accordingly', true, 'ADV'),
  ],
  addition: [
    form('Moreover', true, 'ADV'),
    form('Furthermore', true, 'ADV'),
    form('Additionally', true, 'ADV'),
    form('In addition', true, 'ADP NOUN'),
    form('Also', true, 'ADV'),
    form('Besides', true, 'ADV'),
    form('And', false, 'CCONJ'),
    form('What is more', true, 'PRON AUX ADJ'),
  ],
  // Summing up ("In short") is not ending ("In conclusion", "In the end"): a letter's "In short, I
  // am soothed" became "In conclusion, …" in the labelled swaps. Only forms of one meaning share a concept.
  summary: [
    form('In summary', true, 'ADP NOUN'),
    form('In short', true, 'ADP ADJ'),
    form('Overall', true, 'ADV'),
    form('On the whole', true, 'ADP DET NOUN'),
  ],
  ending: [form('In conclusion', true, 'ADP NOUN'), form('To conclude', true, 'PART VERB')],
  eventually: [form('Ultimately', true, 'ADV'), form('In the end', true, 'ADP DET NOUN')],
  example: [form('For example', true, 'ADP NOUN'), form('For instance', true, 'ADP NOUN')],
};

/** Concepts whose connective may also be left out without changing what the sentence says. */
export const DROPPABLE_CONCEPTS: ReadonlySet<ConnectiveConcept> = new Set(['addition', 'summary']);

export interface ConnectiveMatch {
  concept: ConnectiveConcept;
  form: ConnectiveForm;
  /** Number of words of the form. */
  words: number;
}

const FORMS: ReadonlyArray<readonly [string[], ConnectiveMatch]> = (
  Object.entries(CONNECTIVES) as Array<[ConnectiveConcept, readonly ConnectiveForm[]]>
)
  .flatMap(([concept, forms]) =>
    forms.map(
      (one) => [one.text.toLowerCase().split(' '), { concept, form: one, words: one.text.split(' ').length }] as const,
    ),
  )
  // Longest forms first so "In addition" wins over a shorter prefix.
  .sort((a, b) => b[0].length - a[0].length);

/** FORMS by their first word, each list in FORMS order (longest first). */
const FORMS_BY_FIRST_WORD: ReadonlyMap<string, ReadonlyArray<readonly [string[], ConnectiveMatch]>> = (() => {
  const map = new Map<string, Array<readonly [string[], ConnectiveMatch]>>();
  for (const entry of FORMS) {
    const first = entry[0][0] ?? '';
    map.set(first, [...(map.get(first) ?? []), entry]);
  }
  return map;
})();

/** True when some connective form starts with this lower-cased word. */
export function startsConnective(word: string): boolean {
  return FORMS_BY_FIRST_WORD.has(word);
}

/** The connective that the given lower-cased opening words start with, if any. */
export function matchConnective(openingWords: readonly string[]): ConnectiveMatch | undefined {
  const first = openingWords[0];
  for (const [words, match] of (first === undefined ? undefined : FORMS_BY_FIRST_WORD.get(first)) ?? []) {
    if (words.every((word, i) => openingWords[i] === word)) return match;
  }
  return undefined;
}
