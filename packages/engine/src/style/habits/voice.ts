import { wordsOf } from '../text/sentences.js';
import type { VoiceHabits } from '../types.js';
import type { CorpusBlock } from './corpus.js';
import { pickExcerpts } from './excerpts.js';
import { measureRhythm } from './rhythm.js';
import { measureWordSpread } from './word-spread.js';

/**
 * The habits the style brief reads beyond the others: candidate example excerpts scored by
 * typicality, the rhythm of sentence lengths within paragraphs, and the document frequency and
 * capitalisation of the frequent words (for keyness that names habits, not one document's topic).
 */
export function measureVoice(corpus: readonly CorpusBlock[][]): VoiceHabits {
  const paragraphs = corpus
    .flat()
    .filter((block) => block.kind === 'paragraph' && block.prose)
    .map((block) => block.sentences.map((sentence) => wordsOf(sentence).length));
  return {
    excerpts: pickExcerpts(corpus),
    rhythm: measureRhythm(paragraphs),
    ...measureWordSpread(corpus.map((blocks) => blocks.filter((block) => block.prose).flatMap((b) => b.sentences))),
  };
}
