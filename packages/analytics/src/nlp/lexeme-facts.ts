import { type CliticSplit, cliticSplit } from './clitic-split.js';
import { FUNCTION_WORD_INDEX } from './function-words.js';
import { countSyllablesOfLowerCase } from './syllables.js';
import { ADDRESS_TYPES, letterCountIfWordlikeType } from './words.js';

/** What a wink instance can say of one of its lexemes (wink-nlp/src/cache.js). */
export interface WinkLexemeReader {
  value(index: number): string;
  property(index: number, name: string): unknown;
}

/** What the tokenizer and the word counts need of one lexeme, read once. */
export interface LexemeFact {
  /** The lexeme as written (what `its.value` gives). */
  readonly text: string;
  /** Its lower case. */
  readonly lower: string;
  /** Its wink token type (what `its.type` gives). */
  readonly type: string;
  /** Letters and digits when word-like, else 0 (words.ts). */
  readonly letters: number;
  /** Syllables of the lexeme as a one-token word (0 for an address or a token without letters). */
  readonly syllables: number;
  /** Index in FUNCTION_WORD_LIST of its lower case with straight apostrophes, or -1. */
  readonly functionWord: number;
  /** How the tagger splits it ("I'm" → "I" + "'m"), or null. */
  readonly clitic: CliticSplit | null;
  /** A blank line: whitespace holding two line breaks. */
  readonly paragraphBreak: boolean;
}

const PARAGRAPH_BREAK = /\n[ \t]*\n/;

/**
 * Facts about a wink lexeme that depend only on its spelling and token type, read once per
 * lexeme instead of once per token: its text, lower case and type, and what the word counts ask
 * of a one-token word (letters, syllables, function word).
 *
 * Why this is exact: within one wink instance a lexeme index always names the same string with
 * the same token type (LexemeMemory gives a word met again its old index only for the same string
 * and category), and every fact below is a pure function of those two. The table belongs to one
 * instance and is dropped with it (a remade instance hands out indices afresh).
 */
export class LexemeFacts {
  readonly #reader: WinkLexemeReader;
  /** One record per lexeme index, undefined until met (packed: filled, never holey). */
  #facts: Array<LexemeFact | undefined> = new Array<LexemeFact | undefined>(1 << 16).fill(undefined);

  constructor(reader: WinkLexemeReader) {
    this.#reader = reader;
  }

  /** The facts of lexeme `index` (an index of wink's lexeme table, `its.uniqueId`). */
  of(index: number): LexemeFact {
    if (index >= this.#facts.length) {
      let size = this.#facts.length;
      while (size <= index) size *= 2;
      while (this.#facts.length < size) this.#facts.push(undefined);
    }
    return this.#facts[index] ?? this.#learn(index);
  }

  #learn(index: number): LexemeFact {
    const text = this.#reader.value(index);
    const type = this.#reader.property(index, 'tokenType') as string;
    const lower = text.toLowerCase();
    const key = lower.includes('\u2019') ? lower.replace(/\u2019/g, "'") : lower;
    const letters = letterCountIfWordlikeType(text, type);
    const fact: LexemeFact = {
      text,
      lower,
      type,
      letters,
      syllables: letters > 0 && !ADDRESS_TYPES.has(type) ? countSyllablesOfLowerCase(key) : 0,
      functionWord: FUNCTION_WORD_INDEX.get(key) ?? -1,
      clitic: cliticSplit(text, type),
      paragraphBreak: PARAGRAPH_BREAK.test(text),
    };
    this.#facts[index] = fact;
    return fact;
  }
}
