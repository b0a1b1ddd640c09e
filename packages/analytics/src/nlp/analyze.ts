import { CONTENT_TAGS, type TextFeatures } from '../vocabulary/features.js';
import { FeatureAccumulator } from './accumulator.js';
import { classifyTokens } from './clauses/index.js';
import { FUNCTION_WORD_INDEX } from './function-words.js';
import { normalizeText, parseBlocks } from './markdown.js';
import { countPunctuation } from './punctuation.js';
import { countSyllablesOfLowerCase } from './syllables.js';
import { type LexemeTaggedDocument, tagTextWithLexemes } from './tagger.js';
import { forEachWord, letterCountIfWordlikeType } from './words.js';
import { AnalyticsError } from '../errors.js';

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

/** What counting a batch's words needs: the counts and the tagged batch. */
interface Counting {
  counts: FeatureAccumulator;
  doc: LexemeTaggedDocument;
}

/** Letters and digits of token `i` when word-like, else 0 (words.ts). */
function lettersAt({ doc }: Counting, i: number): number {
  const lexeme = doc.lexemes[i];
  if (lexeme) return lexeme.letters;
  const token = doc.tokens[i]!;
  return letterCountIfWordlikeType(token.text, token.type);
}

/**
 * Counts one word of tokens `first`..`last`. A one-token word reads its syllables and function
 * word from its lexeme's facts; a longer one is joined and looked up as `groupWords` would give it.
 */
function addWord({ counts, doc }: Counting, first: number, last: number, letters: number, isAddress: boolean): void {
  const { tokens, lexemes } = doc;
  let content = false;
  for (let i = first; i <= last && !content; i += 1) content = CONTENT_TAGS.has(tokens[i]!.pos);
  const lexeme = lexemes[first];
  if (first === last && lexeme) {
    counts.addWord(letters, lexeme.syllables, lexeme.functionWord, content);
    return;
  }
  let text = '';
  for (let i = first; i <= last; i += 1) text += tokens[i]!.text;
  const lower = text.toLowerCase();
  const key = lower.includes('\u2019') ? lower.replace(/\u2019/g, "'") : lower;
  counts.addWord(letters, isAddress ? 0 : countSyllablesOfLowerCase(key), FUNCTION_WORD_INDEX.get(key) ?? -1, content);
}

/** Counts the sentence of tokens `first`..`last`: tags, punctuation, its words and its class. */
function addSentence(counting: Counting, first: number, last: number): void {
  const { counts, doc } = counting;
  const tokens = doc.tokens;
  for (let i = first; i <= last; i += 1) {
    const token = tokens[i]!;
    counts.addTag(token.pos);
    if (token.type === 'punctuation') countPunctuation(token.text, counts.punctuation);
  }
  const words = forEachWord(tokens, first, last, counting, lettersAt, addWord);
  if (words === 0) return;
  const { structure, voice } = classifyTokens(tokens.slice(first, last + 1));
  counts.addSentence(words, structure, voice);
}

// Han, kana and Hangul: scripts written without spaces between words, which the English tokenizer
// reads as one word per run (a Chinese paragraph was one word, Flesch 121) and ROUGE drops.
// Letters only: the scripts' radicals and symbols (⺀, ㈀) are not words of any text.
const CJK_LETTER = /(?=\p{L})[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const LETTER = /\p{L}/gu;
const FIRST_CJK_CODE = 0x2e80;

/** Matches of a global `pattern` in `text`, by code point, without an array of them all. */
function countMatches(text: string, pattern: RegExp): number {
  let count = 0;
  for (const _ of text.matchAll(pattern)) count += 1;
  return count;
}

/**
 * Throws `unsupported_language` when most letters of `text` are Chinese, Japanese or Korean: its
 * numbers would be wrong without a word. A few such names or quotations in English text are fine.
 */
function assertNotMostlyCjk(text: string): void {
  let any = false;
  for (let i = 0; i < text.length && !any; i += 1) any = text.charCodeAt(i) >= FIRST_CJK_CODE;
  if (!any) return;
  const cjk = countMatches(text, CJK_LETTER);
  if (cjk === 0) return;
  const letters = countMatches(text, LETTER);
  if (cjk * 2 > letters) {
    throw new AnalyticsError(
      'unsupported_language',
      `Styler measures English text: ${cjk} of the text's ${letters} letters are Chinese, Japanese or Korean, whose words the English tokenizer cannot find`,
    );
  }
}

/**
 * One NLP pass over a text: every count and distribution the metrics need, plus the class of each
 * sentence. Only prose counts (headings, code, tables and HTML are left out); sentences never cross
 * a block boundary. Plain serialisable data.
 */
export function analyzeText(text: string): TextFeatures {
  if (typeof text !== 'string') throw new TypeError(`text must be a string, got ${typeof text}`);
  assertNotMostlyCjk(text);
  const counts = new FeatureAccumulator();
  for (const batch of batches(proseBlocks(text))) {
    const counting: Counting = { counts, doc: tagTextWithLexemes(batch) };
    for (const [first, last] of counting.doc.sentences) addSentence(counting, first, last);
  }
  return counts.toFeatures();
}
