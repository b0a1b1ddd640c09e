import type { Upos } from '@styler-dev/analytics/metrics';

/**
 * Interchangeable function words: the forms of a set mean the same wherever the word carries the
 * set's part of speech (the noun "a while" is not the conjunction "while"); the choice between
 * them is a habit, which stylometry picks up. An author's most used form is their preference.
 */
export interface VariantSet {
  forms: readonly string[];
  /** The UPOS tags under which the forms are interchangeable. */
  tags: ReadonlySet<Upos>;
}

function set(forms: string, tags: string): VariantSet {
  return { forms: forms.split(' '), tags: new Set(tags.split(' ') as Upos[]) };
}

// Not very/really: "really" grades ("really pretty") but also asserts ("uncertain of its being
// really desirable", "really bad enough"), and read in context the swap was wrong as often as right.
export const FUNCTION_VARIANTS: readonly VariantSet[] = [
  set('while whilst', 'SCONJ'),
  set('although though', 'SCONJ'),
  set('until till', 'SCONJ ADP'),
  set('among amongst', 'ADP'),
  set('amid amidst', 'ADP'),
  set('toward towards', 'ADP'),
  set('afterward afterwards', 'ADV'),
  set('perhaps maybe', 'ADV'),
];

/** Lower-cased form → the set it belongs to. */
export const VARIANT_SET_OF: ReadonlyMap<string, VariantSet> = new Map(
  FUNCTION_VARIANTS.flatMap((one) => one.forms.map((form) => [form, one] as const)),
);
