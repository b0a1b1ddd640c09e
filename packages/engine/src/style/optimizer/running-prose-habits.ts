/**
 * The habits a restyle steers by, measured on the author's running prose (text/running-prose.ts)
 * with the counters the restyle uses: the direction gate's marks and words per sentence, and the
 * contraction plan's places. The rest of the model reads all prose; these rates would otherwise
 * take an author's labels ("Note: …") and list items for habits and steer a text past the author's
 * prose.
 */
import { contractionPlaces } from '../ops/contractions.js';
import { buildDocument } from './document.js';
import { dashFormAt } from '../habits/punctuation-habits.js';
import { isRunningProse } from '../text/running-prose.js';
import type { Token } from '../text/token.js';
import type { RunningProseHabits } from '../types.js';
import { measured, perThousand, share } from '../habits/confidence.js';

/** The counted marks, in the order of markCounts' result. */
export const DIRECTED_HABITS = ['dash', 'semicolon', 'colon', 'parenthesis'] as const;

/**
 * Marks of one sentence's tokens, per DIRECTED_HABITS. Locked marks (a quotation's) count too: no
 * edit changes them, but a reader sees them, and so the rate of the text is theirs with the rest.
 */
export function markCounts(tokens: readonly Token[]): number[] {
  const marks = DIRECTED_HABITS.map(() => 0);
  tokens.forEach((piece, index) => {
    if (piece.kind !== 'punct') return;
    if (dashFormAt(tokens, index) !== undefined) marks[0]! += 1;
    else if (piece.text === ';') marks[1]! += 1;
    else if (piece.text === ':') marks[2]! += 1;
    else if (piece.text === '(') marks[3]! += 1;
  });
  return marks;
}

/** Sentences of running prose whose rates are trusted half-way (the k of their confidence). */
const HALF_CONFIDENCE_SENTENCES = 30;

/**
 * Rates of the author's running prose: each document read as restyle reads a text (buildDocument:
 * the tagger's sentences and tags, which the label rule needs), its running-prose sentences counted.
 */
export function measureRunningProse(documents: readonly string[]): RunningProseHabits {
  let words = 0;
  let sentences = 0;
  const marks = DIRECTED_HABITS.map(() => 0);
  let contracted = 0;
  let places = 0;
  for (const text of documents) {
    for (const block of buildDocument(text).blocks) {
      for (const sentence of block.sentences) {
        if (!isRunningProse(block.kind, sentence.tokens)) continue;
        words += sentence.words;
        sentences += 1;
        markCounts(sentence.tokens).forEach((count, i) => {
          marks[i]! += count;
        });
        const here = contractionPlaces(sentence.tokens);
        contracted += here.contracted;
        places += here.places;
      }
    }
  }
  const [dash, semicolon, colon, parentheses] = marks.map((count) => perThousand(count, words));
  return measured(
    {
      words,
      sentences,
      wordsPerSentence: sentences > 0 ? Math.round((words / sentences) * 1000) / 1000 : 0,
      perThousandWords: { dash: dash!, semicolon: semicolon!, colon: colon!, parentheses: parentheses! },
      contractions: { rate: share(contracted, places), places },
    },
    sentences,
    HALF_CONFIDENCE_SENTENCES,
  );
}
