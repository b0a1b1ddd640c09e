import { CONTENT_TAGS, type TextFeatures } from '../vocabulary/features.js';
import { FeatureAccumulator } from './accumulator.js';
import { classifyTokens } from './clauses/index.js';
import { FUNCTION_WORDS } from './function-words.js';
import { normalizeText, parseBlocks } from './markdown.js';
import { countPunctuation } from './punctuation.js';
import { countSyllablesOfLowerCase } from './syllables.js';
import type { TaggedToken } from './tagged-token.js';
import { tagText } from './tagger.js';
import { groupWords } from './words.js';

// Prose is tagged in batches of whole blocks so a huge text never builds one huge wink document.
const BATCH_CHARACTERS = 64_000;

/** The prose of a text (METRICS.md text preparation): block texts of paragraphs, list items, quotes. */
export function proseBlocks(text: string): string[] {
  return parseBlocks(normalizeText(text))
    .filter((block) => block.prose && block.text.length > 0)
    .map((block) => block.text);
}

function batches(blocks: readonly string[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const block of blocks) {
    if (size + block.length > BATCH_CHARACTERS && current.length > 0) {
      out.push(current.join('\n\n'));
      current = [];
      size = 0;
    }
    current.push(block);
    size += block.length + 2;
  }
  if (current.length > 0) out.push(current.join('\n\n'));
  return out;
}

function addSentence(counts: FeatureAccumulator, tokens: readonly TaggedToken[]): void {
  for (const token of tokens) {
    counts.addTag(token.pos);
    if (token.type === 'punctuation') countPunctuation(token.text, counts.punctuation);
  }
  const words = groupWords(tokens);
  if (words.length === 0) return;

  for (const word of words) {
    const lower = word.text.toLowerCase();
    const key = lower.includes('\u2019') ? lower.replace(/\u2019/g, "'") : lower;
    let content = false;
    for (let i = word.firstToken; i <= word.lastToken && !content; i += 1) {
      const pos = tokens[i]?.pos;
      content = pos !== undefined && CONTENT_TAGS.has(pos);
    }
    counts.addWord(
      word.letters,
      word.isAddress ? 0 : countSyllablesOfLowerCase(key),
      FUNCTION_WORDS.has(key) ? key : undefined,
      content,
    );
  }
  const { structure, voice } = classifyTokens(tokens as TaggedToken[]);
  counts.addSentence(words.length, structure, voice);
}

/**
 * One NLP pass over a text: every count and distribution the metrics need, plus the class of each
 * sentence. Only prose counts (headings, code, tables and HTML are left out); sentences never cross
 * a block boundary. Plain serialisable data.
 */
export function analyzeText(text: string): TextFeatures {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${typeof text}`);
  const counts = new FeatureAccumulator();
  for (const batch of batches(proseBlocks(text))) {
    const { tokens, sentences } = tagText(batch);
    for (const [first, last] of sentences) addSentence(counts, tokens.slice(first, last + 1));
  }
  return counts.toFeatures();
}
