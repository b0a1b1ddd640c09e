import { CONFIDENT } from '../edits/context.js';
import type { StyleHabits } from '../types.js';
import type { BriefLine } from './types.js';

/** The spelling variety, once enough variety-specific words were seen (confidence at least CONFIDENT: 5). */
export function spellingLines(habits: StyleHabits): BriefLine[] {
  const { value, confidence } = habits.spelling;
  if (confidence < CONFIDENT) return [];
  if (value.variety === 'US') return [{ topic: 'spelling', text: 'Spelling: American ("color", "realize").' }];
  if (value.variety === 'UK') return [{ topic: 'spelling', text: 'Spelling: British ("colour", "realise").' }];
  return [];
}
