import type { Token } from '../text/token.js';
import { MAX_SENTENCE_WORDS, structureIndex, voiceIndex } from './indices.js';
import { tokenCounts, wordsOf, type TokenCounts } from './profile.js';
import type { SentenceClassCounts } from '../edits/sentence-class.js';

/** Which counts an entry of EditDelta.changes refers to (its key is kind · KIND_STRIDE + index). */
export const DeltaKind = { letters: 0, functionWords: 1, pos: 2, marks: 3 } as const;
/** Keys of EditDelta.changes: kind · KIND_STRIDE + index (every index is below it). */
export const KIND_STRIDE = 1024;

/**
 * The change an edit makes to a text's counts: what the tokens it adds count minus what the tokens
 * it removes count, and the sentences it removes and adds. Exact: a text's counts are sums over its
 * tokens and sentences, all integers.
 */
export interface EditDelta {
  words: number;
  syllables: number;
  contentWords: number;
  /**
   * Netted changes of the word-length bins, function words, tags and marks, as pairs
   * [key, count, key, count, ...] with key = DeltaKind · KIND_STRIDE + index; no count is 0.
   */
  changes: number[];
  /** Sentences (with words) removed and added, as triples [length bin, structure index, voice index, ...]. */
  removed: number[];
  added: number[];
  /** Which distribution groups can move: some function word, tag or mark changes, or the sentence classes do. */
  functionWordsChanged: boolean;
  posChanged: boolean;
  marksChanged: boolean;
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

/** Adds `by` at `key` of a netted pair list, dropping pairs that reach zero. */
function addNet(list: number[], key: number, by: number): void {
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] !== key) continue;
    const count = (list[i + 1] as number) + by;
    if (count === 0) list.splice(i, 2);
    else list[i + 1] = count;
    return;
  }
  list.push(key, by);
}

function addEach(list: number[], kind: number, indices: readonly number[], by: number): void {
  for (let i = 0; i < indices.length; i += 1) addNet(list, kind * KIND_STRIDE + (indices[i] as number), by);
}

function addToken(delta: EditDelta, counts: TokenCounts, sign: 1 | -1): void {
  if (counts.words !== 0) {
    delta.words += sign * counts.words;
    delta.syllables += sign * counts.syllables;
    delta.contentWords += sign * counts.contentWords;
  }
  addEach(delta.changes, DeltaKind.letters, counts.letters, sign);
  addEach(delta.changes, DeltaKind.functionWords, counts.functionWords, sign);
  addEach(delta.changes, DeltaKind.pos, counts.pos, sign);
  addEach(delta.changes, DeltaKind.marks, counts.marks, sign);
}

/** The tokens of one or more sentences read as one run, without copying them. */
class TokenRun {
  readonly length: number;
  private readonly first: readonly Token[];

  constructor(private readonly parts: ReadonlyArray<{ tokens: readonly Token[] }>) {
    this.first = parts[0]?.tokens ?? [];
    let length = 0;
    for (const part of parts) length += part.tokens.length;
    this.length = length;
  }

  at(index: number): Token {
    if (index < this.first.length) return this.first[index] as Token;
    let offset = index;
    for (let p = 0; p < this.parts.length; p += 1) {
      const part = (this.parts[p] as { tokens: readonly Token[] }).tokens;
      if (offset < part.length) return part[offset] as Token;
      offset -= part.length;
    }
    throw new RangeError(`index must be below ${this.length}, got ${index}`);
  }
}

function pushShape(list: number[], words: number, classes: SentenceClassCounts): void {
  list.push(Math.min(words, MAX_SENTENCE_WORDS), structureIndex(classes.structure), voiceIndex(classes.voice));
}

/** True when two shape lists hold the same multiset of (structure, voice) classes. */
function sameClasses(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const keys = (list: readonly number[]): number[] => {
    const out: number[] = [];
    for (let i = 0; i < list.length; i += 3) out.push((list[i + 1] as number) * 2 + (list[i + 2] as number));
    return out.sort((x, y) => x - y);
  };
  if (a.length === 3) return a[1] === b[1] && a[2] === b[2];
  const left = keys(a);
  const right = keys(b);
  return left.every((key, i) => key === right[i]);
}

/**
 * The delta of replacing sentences `before` by `after`, from the tokens that differ (the two token
 * runs compared by identity from both ends: edits share their unchanged tokens), and the word count
 * of each sentence in `after`.
 */
export function editDelta(before: readonly Before[], after: readonly After[]): { delta: EditDelta; words: number[] } {
  const delta: EditDelta = {
    words: 0,
    syllables: 0,
    contentWords: 0,
    changes: [],
    removed: [],
    added: [],
    functionWordsChanged: false,
    posChanged: false,
    marksChanged: false,
    classesChanged: false,
  };
  const old = new TokenRun(before);
  const next = new TokenRun(after);
  const shorter = Math.min(old.length, next.length);
  let prefix = 0;
  while (prefix < shorter && old.at(prefix) === next.at(prefix)) prefix += 1;
  let suffix = 0;
  while (suffix < shorter - prefix && old.at(old.length - 1 - suffix) === next.at(next.length - 1 - suffix))
    suffix += 1;
  let removedWords = 0;
  let addedWords = 0;
  for (let i = prefix; i < old.length - suffix; i += 1) {
    const counts = tokenCounts(old.at(i));
    removedWords += counts.words;
    addToken(delta, counts, -1);
  }
  for (let i = prefix; i < next.length - suffix; i += 1) {
    const counts = tokenCounts(next.at(i));
    addedWords += counts.words;
    addToken(delta, counts, 1);
  }
  let oldWords = 0;
  for (let i = 0; i < before.length; i += 1) {
    const sentence = before[i] as Before;
    oldWords += sentence.words;
    if (sentence.words > 0) pushShape(delta.removed, sentence.words, sentence.classes);
  }
  const words: number[] = [];
  for (let i = 0; i < after.length; i += 1) {
    const sentence = after[i] as After;
    const count = after.length === 1 ? oldWords - removedWords + addedWords : wordsOf(sentence.tokens);
    words.push(count);
    if (count > 0) pushShape(delta.added, count, sentence.classes);
  }
  for (let i = 0; i < delta.changes.length; i += 2) {
    const kind = Math.floor((delta.changes[i] as number) / KIND_STRIDE);
    if (kind === DeltaKind.functionWords) delta.functionWordsChanged = true;
    else if (kind === DeltaKind.pos) delta.posChanged = true;
    else if (kind === DeltaKind.marks) delta.marksChanged = true;
  }
  delta.classesChanged = !sameClasses(delta.removed, delta.added);
  return { delta, words };
}
