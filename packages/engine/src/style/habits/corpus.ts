import { normalizeText, parseBlocks, type BlockKind } from '@styler-dev/analytics/nlp';
import { splitSentences } from '../text/sentences.js';
import { tokenizeBlock } from '../text/tokenize.js';
import type { Token } from '../text/token.js';

/** One Markdown block of a training document, tokenized, with punctuation-split sentences. */
export interface CorpusBlock {
  kind: BlockKind;
  level: number;
  prose: boolean;
  tokens: Token[];
  sentences: Token[][];
}

/** The blocks of each document, in order (code, tables and HTML kept but never measured). */
export function readCorpus(documents: readonly string[]): CorpusBlock[][] {
  return documents.map((document) =>
    parseBlocks(normalizeText(document)).map((block) => {
      const measurable = block.prose || block.kind === 'heading';
      const tokens = measurable ? tokenizeBlock(block.raw, block.kind) : [];
      const sentences = block.prose ? splitSentences(tokens).map(([first, last]) => tokens.slice(first, last + 1)) : [];
      return { kind: block.kind, level: block.level ?? 0, prose: block.prose, tokens, sentences };
    }),
  );
}

/** Every prose block of a corpus. */
export function proseOf(corpus: readonly CorpusBlock[][]): CorpusBlock[] {
  return corpus.flat().filter((block) => block.prose);
}
