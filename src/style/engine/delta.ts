import type { Token } from '../text/token.js';
import { MAX_SENTENCE_WORDS, structureIndex, voiceIndex } from './indices.js';
import { tokenCounts, wordsOf, type TokenCounts } from './profile.js';
import type { SentenceClassCounts } from './state.js';

/** A sentence as the feature state counts it: its length bin and its class (only sentences with words count). */
export interface SentenceShape {
  /** Sentence-length histogram bin: words, capped at MAX_SENTENCE_WORDS. */
  length: number;
  structure: number;
  voice: number;
}

/**
 * The change an edit makes to a text's counts: what the tokens it adds count minus what the tokens
 * it removes count (sparse, netted: [index, count, index, count, ...]), and the sentences it
 * removes and adds. Exact: a text's counts are sums over its tokens and sentences, all integers.
 */
export interface EditDelta {
  words: number;
  syllables: number;
  contentWords: number;
  /** Word-length bins. */
  letters: number[];
  /** FUNCTION_WORD_LIST indices. */
  functionWords: number[];
  /** UPOS_TAGS indices. */
  pos: number[];
  /** PUNCTUATION_MARKS indices. */
  marks: number[];
  removed: SentenceShape[];
  added: SentenceShape[];
  /** True when the structure/voice multiset of the sentences changes. */
  classesChanged: boolean;
}

/** A sentence the delta starts from (its word count known) or arrives at. */
interface Before {
  tokens: readonly Token[];
  words: number;
  classes: SentenceClassCounts;
}
interface After {
  tokens: readonly Token[];
  classes: SentenceClassCounts;
}

/** Adds `by` at `index` of a netted pair list, dropping pairs that reach zero. */
function addNet(list: number[], index: number, by: number): void {
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] !== index) continue;
    const count = (list[i + 1] ?? 0) + by;
    if (count === 0) list.splice(i, 2);
    else list[i + 1] = count;
    return;
  }
  list.push(index, by);
}

function addToken(delta: EditDelta, counts: TokenCounts, sign: 1 | -1): void {
  if (counts.words !== 0) {
    delta.words += sign * counts.words;
    delta.syllables += sign * counts.syllables;
    delta.contentWords += sign * counts.contentWords;
  }
  for (const bin of counts.letters) addNet(delta.letters, bin, sign);
  for (const index of counts.functionWords) addNet(delta.functionWords, index, sign);
  for (const index of counts.pos) addNet(delta.pos, index, sign);
  for (const index of counts.marks) addNet(delta.marks, index, sign);
}

function concat(sentences: ReadonlyArray<{ tokens: readonly Token[] }>): readonly Token[] {
  if (sentences.length === 1) return sentences[0]?.tokens ?? [];
  const out: Token[] = [];
  for (const sentence of sentences) for (const piece of sentence.tokens) out.push(piece);
  return out;
}

function shape(words: number, classes: SentenceClassCounts): SentenceShape {
  return {
    length: Math.min(words, MAX_SENTENCE_WORDS),
    structure: structureIndex(classes.structure),
    voice: voiceIndex(classes.voice),
  };
}

function classKeys(shapes: readonly SentenceShape[]): number[] {
  return shapes.map((s) => s.structure * 2 + s.voice).sort((a, b) => a - b);
}

/**
 * The delta of replacing sentences `before` by `after`, from the tokens that differ (the two token
 * runs compared by identity from both ends: edits share their unchanged tokens), and the word count
 * of each sentence in `after`.
 */
export function editDelta(
  before: readonly Before[],
  after: readonly After[],
): { delta: EditDelta; words: number[] } {
  const delta: EditDelta = {
    words: 0,
    syllables: 0,
    contentWords: 0,
    letters: [],
    functionWords: [],
    pos: [],
    marks: [],
    removed: [],
    added: [],
    classesChanged: false,
  };
  const old = concat(before);
  const next = concat(after);
  const shorter = Math.min(old.length, next.length);
  let prefix = 0;
  while (prefix < shorter && old[prefix] === next[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < shorter - prefix && old[old.length - 1 - suffix] === next[next.length - 1 - suffix]) suffix += 1;
  let removedWords = 0;
  let addedWords = 0;
  for (let i = prefix; i < old.length - suffix; i += 1) {
    const counts = tokenCounts(old[i] as Token);
    removedWords += counts.words;
    addToken(delta, counts, -1);
  }
  for (let i = prefix; i < next.length - suffix; i += 1) {
    const counts = tokenCounts(next[i] as Token);
    addedWords += counts.words;
    addToken(delta, counts, 1);
  }
  let oldWords = 0;
  for (const sentence of before) {
    oldWords += sentence.words;
    if (sentence.words > 0) delta.removed.push(shape(sentence.words, sentence.classes));
  }
  const words =
    after.length === 1 ? [oldWords - removedWords + addedWords] : after.map((sentence) => wordsOf(sentence.tokens));
  after.forEach((sentence, i) => {
    const count = words[i] ?? 0;
    if (count > 0) delta.added.push(shape(count, sentence.classes));
  });
  const removedKeys = classKeys(delta.removed);
  const addedKeys = classKeys(delta.added);
  delta.classesChanged =
    removedKeys.length !== addedKeys.length || removedKeys.some((key, i) => key !== addedKeys[i]);
  return { delta, words };
}
