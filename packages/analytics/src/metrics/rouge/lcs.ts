/**
 * Bit-parallel longest common subsequence (Allison & Dix 1986; Hyyrö 2004, "Bit-parallel LCS-length
 * computation revisited"), over 32-bit words (Int32Array, read as bit patterns).
 *
 * One sequence, the pattern, is held as bits: bit i of a vector stands for pattern position i.
 * The other sequence is read one token at a time ("columns"). With t[i][j] the LCS length of the
 * first i pattern tokens and the first j text tokens, the state vector V after column j has bit i = 0
 * exactly when t[i+1][j] = t[i][j] + 1 (the table steps up going down column j). One column costs
 * at most O(pattern / 32) word operations: V' = (V + U) | (V - U) with U = V & match(token), where
 * V - U = V & ~U since U ⊆ V; only the words between the token's first and last pattern positions,
 * plus any carry leaving them, can change. The LCS length is the number of zero bits left in V.
 *
 * Memory is O(pattern length + alphabet size) words, never the product: tokens occurring more than
 * wordCount / 8 times in the pattern get a precomputed mask (so at most 8 × 32 = 256 of them, 8 words
 * per pattern token at most); rarer ones are written into a scratch vector on the fly and cleared
 * after, adding at most a quarter of a column's cost.
 */

const WORD_BITS = 32;
const ALL_ONES = -1; // 0xffffffff as int32
/** A token gets a precomputed mask when it occurs more than wordCount / DENSE_FACTOR times. */
const DENSE_FACTOR = 8;

/** A pattern sequence prepared for bit-parallel LCS: token ids as position bit masks. */
export interface LcsPattern {
  /** Pattern length in tokens (number of meaningful bits). */
  readonly length: number;
  /** ceil(length / 32): 32-bit words per vector. */
  readonly wordCount: number;
  /** Ids are in [0, alphabetSize); other ids match nothing. */
  readonly alphabetSize: number;
  /** Per id: slot of its precomputed mask in `denseMasks`, -1 for a rare id, -2 for an id absent from the pattern. */
  readonly denseSlot: Int32Array;
  /** Precomputed masks, `wordCount` words each. */
  readonly denseMasks: Int32Array;
  /** Positions of each id, CSR layout: positions[positionStart[id] .. positionStart[id + 1]). */
  readonly positionStart: Int32Array;
  readonly positions: Int32Array;
  /** All-zero work vector for rare ids; every use restores it to zero. */
  readonly scratch: Int32Array;
}

const SLOT_RARE = -1;
const SLOT_ABSENT = -2;

/** Prepares `ids` (each in [0, alphabetSize)) as the bit-vector side of an LCS. */
export function createLcsPattern(ids: Int32Array, alphabetSize: number): LcsPattern {
  const length = ids.length;
  const wordCount = Math.ceil(length / WORD_BITS);
  const positionStart = new Int32Array(alphabetSize + 1);
  for (let i = 0; i < length; i++) positionStart[ids[i]! + 1]!++;
  for (let id = 0; id < alphabetSize; id++) positionStart[id + 1]! += positionStart[id]!;
  const positions = new Int32Array(length);
  const fill = positionStart.slice(0, alphabetSize);
  for (let i = 0; i < length; i++) positions[fill[ids[i]!]!++] = i;

  const denseSlot = new Int32Array(alphabetSize);
  const denseThreshold = wordCount / DENSE_FACTOR;
  let denseCount = 0;
  for (let id = 0; id < alphabetSize; id++) {
    const occurrences = positionStart[id + 1]! - positionStart[id]!;
    if (occurrences === 0) denseSlot[id] = SLOT_ABSENT;
    else if (occurrences > denseThreshold) denseSlot[id] = denseCount++;
    else denseSlot[id] = SLOT_RARE;
  }
  const denseMasks = new Int32Array(denseCount * wordCount);
  for (let id = 0; id < alphabetSize; id++) {
    const slot = denseSlot[id]!;
    if (slot < 0) continue;
    const offset = slot * wordCount;
    for (let p = positionStart[id]!; p < positionStart[id + 1]!; p++) {
      const position = positions[p]!;
      denseMasks[offset + (position >>> 5)]! |= 1 << (position & 31);
    }
  }
  return {
    length,
    wordCount,
    alphabetSize,
    denseSlot,
    denseMasks,
    positionStart,
    positions,
    scratch: new Int32Array(wordCount),
  };
}

/** Whether `id` occurs in the pattern. */
export function patternHas(pattern: LcsPattern, id: number): boolean {
  return id >= 0 && id < pattern.alphabetSize && pattern.denseSlot[id] !== SLOT_ABSENT;
}

/** The initial state vector: no column read yet (all ones; padding bits stay one forever). */
export function initialLcsState(pattern: LcsPattern): Int32Array {
  return new Int32Array(pattern.wordCount).fill(ALL_ONES);
}

/**
 * V' = (V + U) | (V & ~U), U = V & mask, with the carry rippling across words. Words are int32 so
 * the engine stays in integer arithmetic: `| 0` makes the add wrap mod 2^32, and the carry out of
 * bit 31 is bit 31 of (a & b) | ((a | b) & ~sum), which with U ⊆ V is U | (V & ~sum).
 *
 * Only words firstWord..lastWord of the mask can be non-zero. Below them U = 0 and no carry comes
 * in, so V is unchanged; above them V' = (V + carry) | V, so the update goes on only while a carry
 * is still moving. A token occurring once costs a word or two instead of the whole vector.
 */
function advanceWithMask(
  state: Int32Array,
  mask: Int32Array,
  maskOffset: number,
  firstWord: number,
  lastWord: number,
  wordCount: number,
): void {
  let carry = 0;
  let k = firstWord;
  for (; k <= lastWord; k++) {
    const v = state[k]!;
    const u = v & mask[maskOffset + k]!;
    const sum = (v + u + carry) | 0;
    carry = (u | (v & ~sum)) >>> 31;
    state[k] = sum | (v & ~u);
  }
  for (; carry !== 0 && k < wordCount; k++) {
    const v = state[k]!;
    const sum = (v + 1) | 0;
    carry = (v & ~sum) >>> 31;
    state[k] = sum | v;
  }
}

/**
 * Reads one text token into `state` (one DP column). Returns false, leaving `state` untouched,
 * when the token does not occur in the pattern.
 */
export function advanceLcsState(pattern: LcsPattern, state: Int32Array, id: number): boolean {
  if (!patternHas(pattern, id)) return false;
  const slot = pattern.denseSlot[id]!;
  const { positions, wordCount } = pattern;
  const from = pattern.positionStart[id]!;
  const to = pattern.positionStart[id + 1]!;
  // Positions are stored in ascending order, so the first and last give the mask's word span.
  const firstWord = positions[from]! >>> 5;
  const lastWord = positions[to - 1]! >>> 5;
  if (slot >= 0) {
    advanceWithMask(state, pattern.denseMasks, slot * wordCount, firstWord, lastWord, wordCount);
    return true;
  }
  const { scratch } = pattern;
  for (let p = from; p < to; p++) scratch[positions[p]! >>> 5]! |= 1 << (positions[p]! & 31);
  advanceWithMask(state, scratch, 0, firstWord, lastWord, wordCount);
  for (let p = from; p < to; p++) scratch[positions[p]! >>> 5] = 0;
  return true;
}

/** Number of zero bits in a state vector = LCS length so far. */
export function lcsLengthOfState(state: Int32Array): number {
  let ones = 0;
  for (let k = 0; k < state.length; k++) {
    let x = state[k]! >>> 0;
    x -= (x >>> 1) & 0x55555555;
    x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
    ones += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return state.length * WORD_BITS - ones;
}

/**
 * LCS length of a prepared pattern and `text` (ids outside the pattern's alphabet, e.g. -1, match
 * nothing). Time O(text.length × pattern.length / 32); memory O(pattern.length / 32) beyond the pattern.
 */
export function lcsLengthWithPattern(pattern: LcsPattern, text: Int32Array): number {
  if (pattern.length === 0 || text.length === 0) return 0;
  const state = initialLcsState(pattern);
  for (let j = 0; j < text.length; j++) advanceLcsState(pattern, state, text[j]!);
  return lcsLengthOfState(state);
}

/**
 * LCS length of two id sequences (ids in [0, alphabetSize)). The shorter one becomes the bit
 * pattern, so memory is O(min(a, b) + alphabetSize) words and time O(a × b / 32). Never builds an
 * a × b table.
 */
export function lcsLength(a: Int32Array, b: Int32Array, alphabetSize: number): number {
  if (a.length === 0 || b.length === 0) return 0;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return lcsLengthWithPattern(createLcsPattern(shorter, alphabetSize), longer);
}
