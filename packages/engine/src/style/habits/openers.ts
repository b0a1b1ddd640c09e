import { CONNECTIVES, matchConnective, type ConnectiveConcept } from '../lexicon/connectives.js';
import type { StyleHabits } from '../types.js';
import { measured, share } from './confidence.js';
import type { SentenceWords } from './lexical-habits.js';

/**
 * Sentence openers: how often each connective form of the lexicon opens a sentence, the author's
 * most used form per concept, and the share of sentences that open with any of them.
 */
export function measureOpeners(sentences: SentenceWords): StyleHabits['openers'] {
  const counts: Record<string, number> = {};
  let withConnective = 0;
  for (const words of sentences) {
    const match = matchConnective(words.slice(0, 5));
    if (match === undefined) continue;
    withConnective += 1;
    counts[match.form.text] = (counts[match.form.text] ?? 0) + 1;
  }
  const preferred: Record<string, string> = {};
  for (const [concept, forms] of Object.entries(CONNECTIVES) as Array<
    [ConnectiveConcept, typeof CONNECTIVES.contrast]
  >) {
    let best: string | undefined;
    let bestCount = 0;
    for (const one of forms) {
      const count = counts[one.text] ?? 0;
      if (count > bestCount) {
        best = one.text;
        bestCount = count;
      }
    }
    if (best !== undefined) preferred[concept] = best;
  }
  return {
    counts: Object.fromEntries(Object.entries(counts).sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    preferred,
    connectiveRate: measured(share(withConnective, sentences.length), sentences.length, 50),
  };
}
