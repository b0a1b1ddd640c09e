import type { StyleHabits } from '../types.js';
import type { SentenceWords } from './lexical-habits.js';

/**
 * Where the author writes "upon" for "on": the words "upon" follows in their documents ("depend
 * upon", "look upon", "based upon"), each with how often it is followed by "upon" and by "on".
 * "upon" is the older form of "on" in these constructions, so a restyle may write it after the
 * same word where the author does; elsewhere ("on Monday", "on the table") it would read wrong.
 */
export function measureUpon(sentences: SentenceWords): NonNullable<StyleHabits['upon']> {
  const heads: Record<string, { upon: number; on: number }> = {};
  for (const words of sentences) {
    for (let i = 1; i < words.length; i += 1) {
      if (words[i] === 'upon') {
        const head = words[i - 1] as string;
        heads[head] ??= { upon: 0, on: 0 };
        heads[head].upon += 1;
      }
    }
  }
  for (const words of sentences) {
    for (let i = 1; i < words.length; i += 1) {
      const head = words[i - 1] as string;
      if (words[i] === 'on' && Object.hasOwn(heads, head)) (heads[head] as { on: number }).on += 1;
    }
  }
  return { heads: Object.fromEntries(Object.entries(heads).sort((a, b) => (a[0] < b[0] ? -1 : 1))) };
}
