import type { Upos } from '../vocabulary/features.js';
import type { TaggedToken } from './tagged-token.js';
import type { LexemeFact } from './lexeme-facts.js';
import { maskLongRuns } from './long-runs.js';
import {
  wink,
  winkDocumentData,
  winkLexemeAt,
  winkLexemeFacts,
  winkPosIndexAt,
  winkPosNames,
  winkSpaceBefore,
  WINK_TOKEN_SIZE,
} from './wink.js';

/** Parallel token arrays of one wink pass, with sentence spans as [first, last] token indices. */
export interface TaggedDocument {
  tokens: TaggedToken[];
  /** Inclusive token index ranges of sentences, whitespace tokens excluded from `tokens`. */
  sentences: Array<[number, number]>;
}

const WHITESPACE_TYPE = 'tabCRLF';
/** A TaggedDocument with the facts of each token's wink lexeme (null for the halves of a clitic split here). */
export interface LexemeTaggedDocument extends TaggedDocument {
  lexemes: Array<LexemeFact | null>;
}

/**
 * Tags a text in one wink-nlp pass: tokens with UPOS, type and spacing, and sentence spans.
 * Whitespace tokens (wink's `tabCRLF`, tagged SPACE) are dropped.
 */
export function tagText(text: string): TaggedDocument {
  const { tokens, sentences } = tagTextWithLexemes(text);
  return { tokens, sentences };
}

/**
 * `tagText` with each token's wink lexeme (see LexemeTaggedDocument). Runs without whitespace longer
 * than MAX_RUN_CHARACTERS are read as placeholders and come back as one token each, with no lexeme
 * (long-runs.ts): wink's time on them would grow with the square of their length.
 */
export function tagTextWithLexemes(text: string): LexemeTaggedDocument {
  const masked = maskLongRuns(text);
  let nextRun = 0;
  wink().readDoc(masked.text);
  const facts = winkLexemeFacts();
  const posNames = winkPosNames();
  // A token's text and type are those of its lexeme (`its.value`, `its.type`): read once per lexeme.
  const data = winkDocumentData();
  const count = data.tokens.length / WINK_TOKEN_SIZE;

  // Map wink token indices to indices in the filtered token list.
  const newIndex = new Int32Array(count + 1);
  const tokens: TaggedToken[] = [];
  const lexemes: Array<LexemeFact | null> = [];
  // Filtered indices before which a blank line stands: sentences never cross a block boundary.
  const blockStarts = new Set<number>();
  let pendingSpace = false;
  for (let i = 0; i < count; i += 1) {
    newIndex[i] = tokens.length;
    const lexeme = facts.of(winkLexemeAt(data, i));
    const type = lexeme.type;
    const value = lexeme.text;
    const tag = posNames[winkPosIndexAt(data, i)];
    if (type === WHITESPACE_TYPE || tag === 'SPACE') {
      pendingSpace = true;
      if (lexeme.paragraphBreak) blockStarts.add(tokens.length);
      continue;
    }
    const spaceBefore = pendingSpace || winkSpaceBefore(data, i);
    const clitic = lexeme.clitic;
    const run = value === masked.placeholder ? masked.runs[nextRun++] : undefined;
    if (run !== undefined) {
      tokens.push({ text: run.text, lower: run.text.toLowerCase(), pos: run.pos, type: run.type, spaceBefore });
      lexemes.push(null);
    } else if (clitic !== null) {
      // wink leaves "I'm" and "here's" whole; UD (and METRICS.md) tag the clitic on its own.
      tokens.push({ text: clitic.base, lower: clitic.baseLower, pos: clitic.baseTag, type, spaceBefore });
      tokens.push({ text: clitic.rest, lower: clitic.restLower, pos: 'AUX', type, spaceBefore: false });
      lexemes.push(null, null);
    } else {
      tokens.push({ text: value, lower: lexeme.lower, pos: (tag ?? 'X') as Upos, type, spaceBefore });
      lexemes.push(lexeme);
    }
    pendingSpace = false;
  }
  newIndex[count] = tokens.length;

  const sentences: Array<[number, number]> = [];
  for (const [start = 0, end = 0] of data.sentences) {
    const first = newIndex[start] ?? 0;
    const afterLast = newIndex[end + 1] ?? tokens.length;
    let from = first;
    for (let k = first + 1; k < afterLast; k += 1) {
      if (blockStarts.has(k)) {
        sentences.push([from, k - 1]);
        from = k;
      }
    }
    if (afterLast > from) sentences.push([from, afterLast - 1]);
  }
  return { tokens, sentences, lexemes };
}

/** Tags a text as exactly one sentence (no re-splitting): all its tokens, in order. */
export function tagSentence(sentence: string): TaggedToken[] {
  return tagText(sentence).tokens;
}
