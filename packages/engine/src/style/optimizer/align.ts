import { classifyTokens, tagText, type TaggedToken } from '@styler-dev/analytics/nlp';
import type { Token } from '../text/token.js';
import { sentenceClass, type SentenceClassCounts } from '../edits/sentence-class.js';

/** The plain text the tagger reads for a block (markup left out, spaces folded) and where each token sits in it. */
export interface PlainBlock {
  text: string;
  /** Start offset in `text` of each token; -1 for markup. */
  offsets: Int32Array;
}

/** Builds the plain text of a block's tokens: what the analytics read once Markdown markup is removed. */
export function plainBlock(tokens: readonly Token[]): PlainBlock {
  const offsets = new Int32Array(tokens.length).fill(-1);
  const parts: string[] = [];
  let length = 0;
  // Whether the text so far ends with a space (tracked, so the growing string is never read back).
  let spaced = false;
  tokens.forEach((piece, i) => {
    if (piece.kind === 'markup') return;
    if (piece.kind === 'space') {
      if (length > 0 && !spaced) {
        parts.push(' ');
        length += 1;
        spaced = true;
      }
      offsets[i] = length;
      return;
    }
    offsets[i] = length;
    const text = piece.lock === 'code' ? piece.text.replace(/^`+|`+$/g, '') : piece.text;
    if (text.length === 0) return;
    parts.push(text);
    length += text.length;
    spaced = text.endsWith(' ');
  });
  return { text: parts.join('').trimEnd(), offsets };
}

/** Tagging result of one block: sentence starts (token indices) and each sentence's class. */
export interface AlignedBlock {
  starts: number[];
  classes: SentenceClassCounts[];
}

/** Index of the token whose plain range contains `offset` (last token starting at or before it). */
function tokenAt(offsets: Int32Array, offset: number): number {
  let low = 0;
  let high = offsets.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const start = offsets[middle] ?? -1;
    if (start === -1) {
      // Markup has no offset: look at the nearest token with one on the left.
      let left = middle - 1;
      while (left >= low && (offsets[left] ?? -1) === -1) left -= 1;
      if (left < low) {
        low = middle + 1;
        continue;
      }
      if ((offsets[left] ?? 0) <= offset) {
        found = left;
        low = middle + 1;
      } else high = left - 1;
      continue;
    }
    if (start <= offset) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * Tags the plain text of every block in one tagger pass and maps the result back onto the edit
 * tokens: each token gets the UPOS tags of the tagger tokens inside it, each tagger sentence becomes
 * a sentence start (moved back over markup that opens it) with its classification.
 */
export function alignBlocks(blocks: ReadonlyArray<{ tokens: Token[]; plain: PlainBlock }>): AlignedBlock[] {
  const separator = '\n\n';
  const joined = blocks.map((block) => block.plain.text).join(separator);
  const tagged = tagText(joined);
  const blockStarts: number[] = [];
  let at = 0;
  for (const block of blocks) {
    blockStarts.push(at);
    at += block.plain.text.length + separator.length;
  }
  const winkOffsets: number[] = [];
  let cursor = 0;
  for (const winkToken of tagged.tokens) {
    const found = joined.indexOf(winkToken.text, cursor);
    // A token the tagger rewrote is skipped rather than allowed to derail the alignment.
    if (found === -1 || found - cursor > 16) {
      winkOffsets.push(-1);
      continue;
    }
    winkOffsets.push(found);
    cursor = found + winkToken.text.length;
  }
  // Offsets only grow within each pass below, so a moving pointer finds the block.
  const blockFinder = (): ((offset: number) => number) => {
    let index = 0;
    return (offset) => {
      while (index + 1 < blockStarts.length && (blockStarts[index + 1] ?? Infinity) <= offset) index += 1;
      return index;
    };
  };
  const result: AlignedBlock[] = blocks.map(() => ({ starts: [], classes: [] }));
  let blockOf = blockFinder();
  tagged.tokens.forEach((winkToken, i) => {
    const offset = winkOffsets[i] ?? -1;
    if (offset < 0) return;
    const b = blockOf(offset);
    const block = blocks[b];
    if (block === undefined) return;
    block.tokens[tokenAt(block.plain.offsets, offset - (blockStarts[b] ?? 0))]?.tags.push(winkToken.pos);
  });
  blockOf = blockFinder();
  for (const [first, last] of tagged.sentences) {
    const offset = winkOffsets[first] ?? -1;
    if (offset < 0) continue;
    const b = blockOf(offset);
    const block = blocks[b];
    const aligned = result[b];
    if (block === undefined || aligned === undefined) continue;
    let start = tokenAt(block.plain.offsets, offset - (blockStarts[b] ?? 0));
    while (start > 0 && block.tokens[start - 1]?.kind === 'markup' && block.tokens[start - 2]?.kind !== 'word')
      start -= 1;
    const found = classifyTokens(tagged.tokens.slice(first, last + 1) as TaggedToken[]);
    const classification = sentenceClass(
      found.structure,
      found.voice,
      found.independentClauses,
      found.dependentClauses,
    );
    if (aligned.starts.length === 0) start = 0;
    else if (start <= (aligned.starts[aligned.starts.length - 1] ?? 0)) continue;
    aligned.starts.push(start);
    aligned.classes.push(classification);
  }
  return result;
}
