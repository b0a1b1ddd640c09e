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

/**
 * Stable counting sort of parallel arrays by `keys` (values in [0, keyCount)): returns, for the
 * items in sorted order, the key and each carried value. Carrying the values, rather than sorting
 * indices and looking them up after, keeps every later pass a sequential read.
 */
function sortByKey(
  keys: Int32Array,
  carried: readonly Int32Array[],
  keyCount: number,
): { keys: Int32Array; carried: Int32Array[]; keyStart: Int32Array } {
  const keyStart = new Int32Array(keyCount + 1);
  for (let i = 0; i < keys.length; i++) keyStart[keys[i]! + 1]!++;
  for (let key = 0; key < keyCount; key++) keyStart[key + 1]! += keyStart[key]!;
  const next = keyStart.slice(0, keyCount);
  const sortedKeys = new Int32Array(keys.length);
  const sortedCarried = carried.map(() => new Int32Array(keys.length));
  for (let i = 0; i < keys.length; i++) {
    const to = next[keys[i]!]!++;
    sortedKeys[to] = keys[i]!;
    for (let c = 0; c < carried.length; c++) sortedCarried[c]![to] = carried[c]![i]!;
  }
  return { keys: sortedKeys, carried: sortedCarried, keyStart };
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
  const byToken = sortByKey(tokenIds, [referenceOf], vocabularySize);
  const unigrams = postingsOfGroups(byToken.carried[0]!, byToken.keyStart);

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
  const bySecond = sortByKey(seconds, [firsts, references], vocabularySize);
  const byFirst = sortByKey(bySecond.carried[0]!, [bySecond.keys, bySecond.carried[1]!], vocabularySize);
  const [sortedSeconds, sortedReferences] = byFirst.carried as [Int32Array, Int32Array];
  const sortedFirsts = byFirst.keys;

  // Number the distinct bigrams in sorted order, so that those with the same first token are a range.
  const groupStart: number[] = [];
  const second: number[] = [];
  const firstStart = new Int32Array(vocabularySize + 1);
  for (let i = 0; i < bigramCount; i++) {
    if (i === 0 || sortedFirsts[i] !== sortedFirsts[i - 1] || sortedSeconds[i] !== sortedSeconds[i - 1]) {
      groupStart.push(i);
      second.push(sortedSeconds[i]!);
      firstStart[sortedFirsts[i]! + 1]!++;
    }
  }
  for (let token = 0; token < vocabularySize; token++) firstStart[token + 1]! += firstStart[token]!;
  groupStart.push(bigramCount);
  const bigrams = postingsOfGroups(sortedReferences, Int32Array.from(groupStart));
  return { unigrams, bigrams, bigramTable: { firstStart, second: Int32Array.from(second) } };
}

/** Number of references without tokens (each has no bigram, but is not one token short of one either). */
function countEmpty(tokenStart: Int32Array): number {
  let empty = 0;
  for (let r = 0; r + 1 < tokenStart.length; r++) if (tokenStart[r + 1] === tokenStart[r]) empty++;
  return empty;
}
