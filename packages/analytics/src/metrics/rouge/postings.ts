/**
 * Inverted indexes of token sequences, built with counting sorts (linear in the number of
 * positions plus the vocabulary size; stable, so positions stay ascending inside each group).
 */

/**
 * For each id (token or bigram), the references it occurs in, ascending, and its count in each:
 * the entries of id k are at [start[k], start[k + 1]).
 */
export interface Postings {
  readonly start: Int32Array;
  readonly reference: Int32Array;
  readonly count: Int32Array;
}

/** Unique bigrams as CSR: bigram ids firstStart[a] .. firstStart[a + 1] - 1 have first token a, seconds ascending. */
export interface BigramTable {
  readonly firstStart: Int32Array;
  readonly second: Int32Array;
}

/** The bigram id of (first, second), or -1 when no reference has that bigram (binary search). */
export function bigramIdOf(table: BigramTable, first: number, second: number): number {
  if (first < 0 || first + 1 >= table.firstStart.length) return -1;
  let low = table.firstStart[first]!;
  let high = table.firstStart[first + 1]! - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = table.second[middle]!;
    if (value < second) low = middle + 1;
    else if (value > second) high = middle - 1;
    else return middle;
  }
  return -1;
}

/** Start of each key's range in a stable counting sort of `keys` (values in [0, keyCount)). */
function keyStarts(keys: Int32Array, keyCount: number): Int32Array {
  const keyStart = new Int32Array(keyCount + 1);
  for (let i = 0; i < keys.length; i++) keyStart[keys[i]! + 1]!++;
  for (let key = 0; key < keyCount; key++) keyStart[key + 1]! += keyStart[key]!;
  return keyStart;
}

/**
 * Stable counting sort by `keys`, moving `values` along: returns the values in key order. Moving
 * the values, rather than sorting indices and looking values up after, keeps later passes sequential.
 */
function sortedByKey(keys: Int32Array, keyStart: Int32Array, values: Int32Array): Int32Array {
  const next = keyStart.slice(0, keyStart.length - 1);
  const sorted = new Int32Array(values.length);
  for (let i = 0; i < keys.length; i++) sorted[next[keys[i]!]!++] = values[i]!;
  return sorted;
}

/** The sorted keys themselves: key k repeated over its range. */
function keysInOrder(keyStart: Int32Array): Int32Array {
  const keys = new Int32Array(keyStart[keyStart.length - 1]!);
  for (let key = 0; key + 1 < keyStart.length; key++) keys.fill(key, keyStart[key]!, keyStart[key + 1]!);
  return keys;
}

/**
 * Postings of groups of occurrences: group g is items [groupStart[g], groupStart[g + 1]) of
 * `references` (the reference of each occurrence, ascending within a group).
 */
function postingsOfGroups(references: Int32Array, groupStart: Int32Array): Postings {
  const groupCount = groupStart.length - 1;
  const start = new Int32Array(groupCount + 1);
  const reference = new Int32Array(references.length);
  const count = new Int32Array(references.length);
  let entries = 0;
  for (let group = 0; group < groupCount; group++) {
    start[group] = entries;
    let current = -1;
    for (let i = groupStart[group]!; i < groupStart[group + 1]!; i++) {
      const r = references[i]!;
      if (r !== current) {
        current = r;
        reference[entries] = r;
        count[entries++] = 0;
      }
      count[entries - 1]!++;
    }
  }
  start[groupCount] = entries;
  return { start, reference: reference.slice(0, entries), count: count.slice(0, entries) };
}

/** Unigram and bigram postings of references given as token ids (reference r at [tokenStart[r], tokenStart[r + 1])). */
export function ngramPostings(
  tokenIds: Int32Array,
  tokenStart: Int32Array,
  vocabularySize: number,
): { unigrams: Postings; bigrams: Postings; bigramTable: BigramTable } {
  const referenceCount = tokenStart.length - 1;
  const referenceOf = new Int32Array(tokenIds.length);
  for (let r = 0; r < referenceCount; r++) referenceOf.fill(r, tokenStart[r]!, tokenStart[r + 1]!);
  const byToken = keyStarts(tokenIds, vocabularySize);
  const unigrams = postingsOfGroups(sortedByKey(tokenIds, byToken, referenceOf), byToken);

  // Each bigram as (first, second, reference), sorted by (first, second) in two stable passes,
  // second token first; references stay ascending within a bigram.
  const bigramCount = tokenIds.length - referenceCount + countEmpty(tokenStart);
  const firsts = new Int32Array(bigramCount);
  const seconds = new Int32Array(bigramCount);
  const references = new Int32Array(bigramCount);
  let b = 0;
  for (let r = 0; r < referenceCount; r++) {
    for (let i = tokenStart[r]! + 1; i < tokenStart[r + 1]!; i++) {
      firsts[b] = tokenIds[i - 1]!;
      seconds[b] = tokenIds[i]!;
      references[b++] = r;
    }
  }
  const bySecond = keyStarts(seconds, vocabularySize);
  const firstsBySecond = sortedByKey(seconds, bySecond, firsts);
  const byFirst = keyStarts(firstsBySecond, vocabularySize);
  const sortedSeconds = sortedByKey(firstsBySecond, byFirst, keysInOrder(bySecond));
  const sortedReferences = sortedByKey(firstsBySecond, byFirst, sortedByKey(seconds, bySecond, references));
  const sortedFirsts = keysInOrder(byFirst);

  // Number the distinct bigrams in sorted order, so that those with the same first token are a range.
  const groupStart = new Int32Array(bigramCount + 1);
  const second = new Int32Array(bigramCount);
  const firstStart = new Int32Array(vocabularySize + 1);
  let groups = 0;
  for (let i = 0; i < bigramCount; i++) {
    if (i === 0 || sortedFirsts[i] !== sortedFirsts[i - 1] || sortedSeconds[i] !== sortedSeconds[i - 1]) {
      groupStart[groups] = i;
      second[groups++] = sortedSeconds[i]!;
      firstStart[sortedFirsts[i]! + 1]!++;
    }
  }
  for (let token = 0; token < vocabularySize; token++) firstStart[token + 1]! += firstStart[token]!;
  groupStart[groups] = bigramCount;
  const bigrams = postingsOfGroups(sortedReferences, groupStart.subarray(0, groups + 1));
  return { unigrams, bigrams, bigramTable: { firstStart, second: second.slice(0, groups) } };
}

/** Number of references without tokens (each has no bigram, but is not one token short of one either). */
function countEmpty(tokenStart: Int32Array): number {
  let empty = 0;
  for (let r = 0; r + 1 < tokenStart.length; r++) if (tokenStart[r + 1] === tokenStart[r]) empty++;
  return empty;
}
