import type { Token } from '../text/token.js';
import { MAX_SENTENCE_WORDS, structureIndex, voiceIndex } from './indices.js';
import { tokenCounts, wordsOf, type TokenCounts } from './profile.js';
import type { SentenceClassCounts } from './state.js';

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

function concat(sentences: ReadonlyArray<{ tokens: readonly Token[] }>): readonly Token[] {
  if (sentences.length === 1) return (sentences[0] as { tokens: readonly Token[] }).tokens;
  const out: Token[] = [];
  for (const sentence of sentences) for (let i = 0; i < sentence.tokens.length; i += 1) out.push(sentence.tokens[i] as Token);
  return out;
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
export function editDelta(
  before: readonly Before[],
  after: readonly After[],
): { delta: EditDelta; words: number[] } {
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
    if (sentence.words > 0) pushShape(delta.removed, sentence.words, sentence.classes);
  }
  const words =
    after.length === 1 ? [oldWords - removedWords + addedWords] : after.map((sentence) => wordsOf(sentence.tokens));
  after.forEach((sentence, i) => {
    const count = words[i] ?? 0;
    if (count > 0) pushShape(delta.added, count, sentence.classes);
  });
  for (let i = 0; i < delta.changes.length; i += 2) {
    const kind = Math.floor((delta.changes[i] as number) / KIND_STRIDE);
    if (kind === DeltaKind.functionWords) delta.functionWordsChanged = true;
    else if (kind === DeltaKind.pos) delta.posChanged = true;
    else if (kind === DeltaKind.marks) delta.marksChanged = true;
  }
  delta.classesChanged = !sameClasses(delta.removed, delta.added);
  return { delta, words };
}
