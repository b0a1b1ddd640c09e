import { addToHistogram, emptyCounts } from '../analytics/counts.js';
import { UPOS_TAGS, type TextFeatures, type Upos } from '../analytics/features.js';
import { classifyTokens } from './clauses/index.js';
import { FUNCTION_WORDS } from './function-words.js';
import { normalizeText, parseBlocks } from './markdown.js';
import { countPunctuation } from './punctuation.js';
import { countSyllables } from './syllables.js';
import type { TaggedToken } from './tagged-token.js';
import { tagText } from './tagger.js';
import { groupWords } from './words.js';

const CONTENT_TAGS: ReadonlySet<Upos> = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'ADV']);
const KNOWN_TAGS: ReadonlySet<string> = new Set(UPOS_TAGS);
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

function addSentence(features: TextFeatures, tokens: readonly TaggedToken[]): void {
  for (const token of tokens) {
    const tag: Upos = KNOWN_TAGS.has(token.pos) ? token.pos : 'X';
    features.pos[tag] += 1;
    if (token.type === 'punctuation') countPunctuation(token.text, features.punctuation);
  }
  const words = groupWords(tokens);
  if (words.length === 0) return;

  for (const word of words) {
    features.words += 1;
    addToHistogram(features.wordLengths, word.letters);
    if (!word.isAddress) features.syllables += countSyllables(word.text);
    const key = word.text.toLowerCase().replace(/\u2019/g, "'");
    if (FUNCTION_WORDS.has(key)) features.functionWords[key] = (features.functionWords[key] ?? 0) + 1;
    for (let i = word.firstToken; i <= word.lastToken; i += 1) {
      const pos = tokens[i]?.pos;
      if (pos !== undefined && CONTENT_TAGS.has(pos)) {
        features.contentWords += 1;
        break;
      }
    }
  }
  const { structure, voice } = classifyTokens(tokens as TaggedToken[]);
  features.sentences += 1;
  addToHistogram(features.sentenceLengths, words.length);
  features.structure[structure] += 1;
  features.voice[voice] += 1;
  features.sentenceClasses.push({ words: words.length, structure, voice });
}

/**
 * One NLP pass over a text: every count and distribution the metrics need, plus the class of each
 * sentence. Only prose counts (headings, code, tables and HTML are left out); sentences never cross
 * a block boundary. Plain serialisable data.
 */
export function analyzeText(text: string): TextFeatures {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${typeof text}`);
  const features: TextFeatures = { ...emptyCounts(), sentenceClasses: [] };
  for (const batch of batches(proseBlocks(text))) {
    const { tokens, sentences } = tagText(batch);
    for (const [first, last] of sentences) addSentence(features, tokens.slice(first, last + 1));
  }
  return features;
}
