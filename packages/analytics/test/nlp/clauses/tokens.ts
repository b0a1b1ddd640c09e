import type { Upos } from '../../../src/vocabulary/features.js';
import type { TaggedToken } from '../../../src/nlp/tagged-token.js';

/** Hand-tagged tokens from "word/TAG word/TAG ...", so rules can be tested without the tagger. */
export function tokens(tagged: string): TaggedToken[] {
  return tagged.split(' ').map((item) => {
    const slash = item.lastIndexOf('/');
    const text = item.slice(0, slash);
    return { text, lower: text.toLowerCase(), pos: item.slice(slash + 1) as Upos, type: 'word', spaceBefore: true };
  });
}
