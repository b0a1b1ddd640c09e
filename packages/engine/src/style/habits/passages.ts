import { joinTokens, type Token } from '../text/token.js';
import type { CorpusBlock } from './corpus.js';

/** At most this many passages are stored in a model. */
export const PASSAGE_LIMIT = 24;
/** Passage length bounds, in words. */
export const PASSAGE_MIN_WORDS = 30;
export const PASSAGE_MAX_WORDS = 140;

function wordCount(tokens: readonly Token[]): number {
  return tokens.filter((piece) => piece.kind === 'word').length;
}

/** A paragraph's opening sentences, as many as fit in PASSAGE_MAX_WORDS; undefined when too short. */
function passageOf(block: CorpusBlock): string | undefined {
  const kept: Token[][] = [];
  let words = 0;
  for (const sentence of block.sentences) {
    const count = wordCount(sentence);
    if (words + count > PASSAGE_MAX_WORDS) break;
    kept.push(sentence);
    words += count;
  }
  if (words < PASSAGE_MIN_WORDS) return undefined;
  return kept
    .map((sentence) => joinTokens(sentence))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Representative passages for few-shot prompts: paragraphs of 30–140 words (cut at a sentence
 * end), taken round-robin over the documents so every document contributes before any gives a
 * second one. Deterministic; at most PASSAGE_LIMIT.
 */
export function pickPassages(documents: readonly CorpusBlock[][]): string[] {
  const candidates = documents.map((blocks) =>
    blocks
      .filter((block) => block.kind === 'paragraph')
      .map(passageOf)
      .filter((text): text is string => text !== undefined),
  );
  const out: string[] = [];
  for (let round = 0; out.length < PASSAGE_LIMIT; round += 1) {
    let added = false;
    for (const list of candidates) {
      const text = list[round];
      if (text === undefined || out.length >= PASSAGE_LIMIT) continue;
      out.push(text);
      added = true;
    }
    if (!added) break;
  }
  return out;
}
