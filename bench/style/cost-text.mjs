// The text of the cost benchmarks: the AI inputs in order, whole paragraphs, until 1,000 words.
import { readFolder } from './corpora.mjs';

/** The cost text and its whitespace word count (about 1,000). */
export function costText(limitWords = 1000) {
  const blocks = readFolder('ai-inputs').flatMap((f) => f.text.split(/\n\s*\n/).filter((b) => b.trim().length > 0));
  const kept = [];
  let words = 0;
  for (const block of blocks) {
    if (words >= limitWords) break;
    kept.push(block);
    words += block.split(/\s+/).filter(Boolean).length;
  }
  return { text: `${kept.join('\n\n')}\n`, words };
}
