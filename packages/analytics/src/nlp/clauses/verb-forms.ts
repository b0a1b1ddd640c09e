import { IRREGULAR_BASE_FORMS, IRREGULAR_PARTICIPLES, IRREGULAR_PAST_FORMS } from './irregular-verbs.js';

/** Bit flags for the inflectional forms a verb spelling can have (several may be set). */
export const VerbFormFlag = {
  /** Bare form: infinitive, imperative, non-3rd-singular present ("take", "work"). */
  base: 1,
  /** Third person singular present ("takes", "works"). */
  present3: 2,
  /** Simple past ("took", "worked"). */
  past: 4,
  /** Past participle ("taken", "worked"). */
  participle: 8,
  /** -ing form ("taking"). */
  ing: 16,
} as const;

/** Base forms that happen to end in -ed or -s and are not inflected forms. */
const BASE_FORMS_LOOKING_INFLECTED = new Set([
  'need',
  'succeed',
  'exceed',
  'proceed',
  'heed',
  'feed',
  'seed',
  'bleed',
  'breed',
  'speed',
  'weed',
  'shed',
  'embed',
  'shred',
  'wed',
  'focus',
  'bias',
  'canvas',
  'gas',
  'bus',
]);

/**
 * Possible inflectional forms of a lower-cased verb spelling, as a bitmask of `VerbFormFlag`.
 * Irregular forms come from the irregular-verb table; otherwise English regular morphology
 * decides: -ing, -ed (past and participle), -s (3rd singular), anything else is a base form.
 */
export function verbFormFlags(lower: string): number {
  const known = FLAGS_OF.get(lower);
  if (known !== undefined) return known;
  const flags = computeFlags(lower);
  // Bounded: a text of unusual words never grows the memo past a few hundred kilobytes.
  if (FLAGS_OF.size >= MAX_REMEMBERED) FLAGS_OF.clear();
  FLAGS_OF.set(lower, flags);
  return flags;
}

/**
 * Flags of spellings already met: one Map lookup instead of three irregular-table lookups and
 * the suffix tests (the rules and the model features ask about the same verbs over and over).
 */
const FLAGS_OF = new Map<string, number>();
const MAX_REMEMBERED = 8192;

function computeFlags(lower: string): number {
  let flags = 0;
  if (IRREGULAR_BASE_FORMS.has(lower)) flags |= VerbFormFlag.base;
  if (IRREGULAR_PAST_FORMS.has(lower)) flags |= VerbFormFlag.past;
  if (IRREGULAR_PARTICIPLES.has(lower)) flags |= VerbFormFlag.participle;
  if (flags !== 0) return flags;
  if (BASE_FORMS_LOOKING_INFLECTED.has(lower)) return VerbFormFlag.base;
  const length = lower.length;
  if (length > 4 && lower.endsWith('ing')) return VerbFormFlag.ing;
  if (length > 3 && lower.endsWith('ed')) return VerbFormFlag.past | VerbFormFlag.participle;
  if (length > 2 && lower.endsWith('s') && !lower.endsWith('ss') && !lower.endsWith('us')) {
    return VerbFormFlag.present3;
  }
  return VerbFormFlag.base;
}

/** True when the spelling can be a past participle ("taken", "tested", "made"). */
export function canBeParticiple(lower: string): boolean {
  return (verbFormFlags(lower) & VerbFormFlag.participle) !== 0;
}
