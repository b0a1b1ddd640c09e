import { FUNCTION_WORDS, normalizeText, parseBlocks, type BlockKind } from '@styler-dev/analytics/nlp';
import { tokenizeBlock } from '../text/tokenize.js';
import { joinTokens, type Token } from '../text/token.js';
import { alignBlocks, plainBlock } from './align.js';
import { wordsOf } from './profile.js';
import { sentenceClass, type SentenceClassCounts } from '../edits/sentence-class.js';

/** One sentence under edit: its tokens (trailing space included), class and word count. */
export interface EditSentence {
  tokens: Token[];
  classes: SentenceClassCounts;
  /** Words as the analytics count them (the sum of its tokens' words). */
  words: number;
  /** Habit mismatch (habitScore), set once the edit context is known. */
  habit: number;
  /** Bumped by every edit of the sentence, so stale candidates can be recognised. */
  version: number;
  /** False once the sentence was merged into another. */
  alive: boolean;
}

/** One Markdown block: prose blocks hold sentences, headings hold tokens; other blocks stay as they are. */
export interface EditBlock {
  kind: BlockKind;
  level: number;
  start: number;
  end: number;
  raw: string;
  prose: boolean;
  sentences: EditSentence[];
  headingTokens: Token[] | undefined;
}

export interface EditDocument {
  /** The normalised input. */
  text: string;
  blocks: EditBlock[];
  /** Lower-cased words written with a capital inside a sentence somewhere in the input (names). */
  names: ReadonlySet<string>;
}

const FRAGMENT: SentenceClassCounts = sentenceClass('fragment/unknown', 'active', 0, 0);

/**
 * A sentence under edit, or one an edit proposes. Every sentence is made here, so all have one
 * shape (fast property access in the search).
 */
export function newSentence(tokens: Token[], classes: SentenceClassCounts, words: number, habit: number): EditSentence {
  return { tokens, classes, words, habit, version: 0, alive: true };
}

/** A sentence from (tagged) tokens and a class, with its word count. */
export function makeSentence(tokens: Token[], classes: SentenceClassCounts): EditSentence {
  return newSentence(tokens, classes, wordsOf(tokens), 0);
}

/**
 * Reads a text for editing: normalises it, splits it into Markdown blocks, tokenizes prose blocks
 * and headings, and tags all prose in one tagger pass to find sentences, tags and classes.
 */
export function buildDocument(input: string): EditDocument {
  const text = normalizeText(input);
  const blocks: EditBlock[] = parseBlocks(text).map((block) => ({
    kind: block.kind,
    level: block.level ?? 0,
    start: block.start,
    end: block.end,
    raw: block.raw,
    prose: block.prose,
    sentences: [],
    headingTokens: block.kind === 'heading' ? tokenizeBlock(block.raw, 'heading') : undefined,
  }));
  const prose = blocks
    .filter((block) => block.prose)
    .map((block) => {
      const tokens = tokenizeBlock(block.raw, block.kind);
      return { block, tokens, plain: plainBlock(tokens) };
    });
  const aligned = alignBlocks(prose);
  const names = new Set<string>();
  prose.forEach(({ block, tokens }, b) => {
    for (const piece of tokens) {
      const lower = piece.text.toLowerCase();
      if (piece.lock === 'name' && !FUNCTION_WORDS.has(lower)) names.add(lower);
    }
    const { starts, classes } = aligned[b] ?? { starts: [], classes: [] };
    if (starts.length === 0) {
      block.sentences = [makeSentence(tokens, FRAGMENT)];
      return;
    }
    block.sentences = starts.map((start, i) =>
      makeSentence(tokens.slice(start, starts[i + 1] ?? tokens.length), classes[i] ?? FRAGMENT),
    );
  });
  return { text, blocks, names };
}

/** The text of a block as edited. */
export function renderBlock(block: EditBlock): string {
  if (block.headingTokens !== undefined) return joinTokens(block.headingTokens);
  if (!block.prose) return block.raw;
  return block.sentences
    .filter((sentence) => sentence.alive)
    .map((sentence) => joinTokens(sentence.tokens))
    .join('');
}

/** The whole text with every block's edits spliced in; text between blocks is kept as it was. */
export function renderDocument(document: EditDocument): string {
  let out = '';
  let at = 0;
  for (const block of document.blocks) {
    out += document.text.slice(at, block.start) + renderBlock(block);
    at = block.end;
  }
  return out + document.text.slice(at);
}
