import { CONFIDENT } from '../edits/context.js';
import type { StyleHabits } from '../types.js';
import { quotedList } from './phrasing.js';
import type { BriefLine } from './types.js';

/** An opener is named once the author has used it at least this often: fewer is an accident, not a habit. */
export const OPENER_MIN_COUNT = 3;
/** Openers named at most (the most used). */
export const OPENERS_NAMED = 5;
/** Below this share of sentences opening with a connective, the author "rarely" opens with one. */
const RARE_CONNECTIVE_SHARE = 0.04;

/**
 * The sentence openers the author uses: how often a sentence opens with a connective of the lexicon
 * (lexicon/connectives.ts) and the forms used most, each at least OPENER_MIN_COUNT times. Stated
 * only when the share rests on enough sentences (its confidence at least CONFIDENT: 50 sentences).
 * The AI-typical openers the author avoids are listed by avoidedForms.
 */
export function openerLines(habits: StyleHabits): BriefLine[] {
  const rate = habits.openers.connectiveRate;
  if (rate.confidence < CONFIDENT) return [];
  const used = Object.entries(habits.openers.counts)
    .filter(([, count]) => count >= OPENER_MIN_COUNT)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, OPENERS_NAMED);
  const share = rate.value;
  const how =
    share <= 0
      ? 'Never opens a sentence with a connective word ("But", "So", "However")'
      : share < RARE_CONNECTIVE_SHARE
        ? `Rarely opens a sentence with a connective word (about one sentence in ${Math.round(1 / share)})`
        : `Opens about one sentence in ${Math.round(1 / share)} with a connective word`;
  const forms =
    used.length === 0
      ? ''
      : `; most often ${quotedList(used.map(([form]) => form))} (${used.map(([, n]) => n).join(', ')} times)`;
  return [{ topic: 'openers', text: `${how}${forms}.` }];
}
