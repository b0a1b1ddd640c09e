/**
 * Open-addressing hash tables that hand out dense ids (0, 1, 2 ...) for strings and for pairs of
 * non-negative integers. Built for indexing ~10^5 reference tokens: about twice as fast as a Map on
 * strings the engine has not hashed yet (each structured clone brings new ones), and several times
 * faster on integer pairs. Hashes are seeded once per process, so colliding keys cannot be prepared
 * in advance; linear probing keeps the load factor below one half.
 */

const EMPTY = -1;
const INITIAL_CAPACITY = 1 << 10;

/** The finalizer of MurmurHash3: spreads every input bit over the 32 output bits. */
function mix32(value: number): number {
  let h = value ^ (value >>> 16);
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

const SEED = (Math.random() * 0x1_0000_0000) | 0;

/** Power-of-two capacity that keeps `entries` at most half full. */
function capacityFor(entries: number): number {
  let capacity = INITIAL_CAPACITY;
  while (capacity < entries * 2) capacity *= 2;
  return capacity;
}

/** Seeded FNV-1a over UTF-16 code units, finished by mix32. */
function hashString(text: string): number {
  let h = 0x811c9dc5 ^ SEED;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix32(h);
}

/** Dense ids for strings: the first string interned gets 0, the next new one 1, and so on. */
export class StringIdTable {
  private slotIds: Int32Array;
  private slotHashes: Int32Array;
  private readonly strings: string[] = [];

  constructor(expectedEntries = 0) {
    const capacity = capacityFor(expectedEntries);
    this.slotIds = new Int32Array(capacity).fill(EMPTY);
    this.slotHashes = new Int32Array(capacity);
  }

  /** Number of distinct strings interned; every id is below it. */
  get size(): number {
    return this.strings.length;
  }

  /** The id of `text`, or -1 when it was never interned. */
  idOf(text: string): number {
    const hash = hashString(text);
    const mask = this.slotIds.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = this.slotIds[slot]!;
      if (id === EMPTY) return EMPTY;
      if (this.slotHashes[slot] === hash && this.strings[id] === text) return id;
    }
  }

  /** The id of `text`, giving it the next id if it is new. */
  intern(text: string): number {
    const hash = hashString(text);
    const mask = this.slotIds.length - 1;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const id = this.slotIds[slot]!;
      if (id === EMPTY) break;
      if (this.slotHashes[slot] === hash && this.strings[id] === text) return id;
    }
    const id = this.strings.length;
    this.strings.push(text);
    this.slotIds[slot] = id;
    this.slotHashes[slot] = hash;
    if (this.strings.length * 2 >= this.slotIds.length) this.grow();
    return id;
  }

  private grow(): void {
    const oldIds = this.slotIds;
    const oldHashes = this.slotHashes;
    const capacity = oldIds.length * 2;
    const mask = capacity - 1;
    this.slotIds = new Int32Array(capacity).fill(EMPTY);
    this.slotHashes = new Int32Array(capacity);
    for (let old = 0; old < oldIds.length; old++) {
      const id = oldIds[old]!;
      if (id === EMPTY) continue;
      let slot = oldHashes[old]! & mask;
      while (this.slotIds[slot] !== EMPTY) slot = (slot + 1) & mask;
      this.slotIds[slot] = id;
      this.slotHashes[slot] = oldHashes[old]!;
    }
  }
}

/** Dense ids for pairs (first, second) of integers in [0, 2^31). */
export class PairIdTable {
  private slotIds: Int32Array;
  private firsts: Int32Array;
  private seconds: Int32Array;
  private count = 0;

  constructor(expectedEntries = 0) {
    const capacity = capacityFor(expectedEntries);
    this.slotIds = new Int32Array(capacity).fill(EMPTY);
    this.firsts = new Int32Array(capacity >>> 1);
    this.seconds = new Int32Array(capacity >>> 1);
  }

  /** Number of distinct pairs interned; every id is below it. */
  get size(): number {
    return this.count;
  }

  private static hash(first: number, second: number): number {
    return mix32(Math.imul(first ^ SEED, 0x9e3779b1) ^ second);
  }

  /** The id of (first, second), or -1 when it was never interned. */
  idOf(first: number, second: number): number {
    const mask = this.slotIds.length - 1;
    for (let slot = PairIdTable.hash(first, second) & mask; ; slot = (slot + 1) & mask) {
      const id = this.slotIds[slot]!;
      if (id === EMPTY || (this.firsts[id] === first && this.seconds[id] === second)) return id;
    }
  }

  /** The id of (first, second), giving it the next id if it is new. */
  intern(first: number, second: number): number {
    const mask = this.slotIds.length - 1;
    let slot = PairIdTable.hash(first, second) & mask;
    for (; ; slot = (slot + 1) & mask) {
      const id = this.slotIds[slot]!;
      if (id === EMPTY) break;
      if (this.firsts[id] === first && this.seconds[id] === second) return id;
    }
    const id = this.count++;
    this.slotIds[slot] = id;
    this.firsts[id] = first;
    this.seconds[id] = second;
    // Growing at half full keeps every id below firsts.length.
    if (this.count * 2 >= this.slotIds.length) this.grow();
    return id;
  }

  private grow(): void {
    const capacity = this.slotIds.length * 2;
    const mask = capacity - 1;
    this.slotIds = new Int32Array(capacity).fill(EMPTY);
    const firsts = new Int32Array(capacity >>> 1);
    const seconds = new Int32Array(capacity >>> 1);
    firsts.set(this.firsts);
    seconds.set(this.seconds);
    this.firsts = firsts;
    this.seconds = seconds;
    for (let id = 0; id < this.count; id++) {
      let slot = PairIdTable.hash(firsts[id]!, seconds[id]!) & mask;
      while (this.slotIds[slot] !== EMPTY) slot = (slot + 1) & mask;
      this.slotIds[slot] = id;
    }
  }
}
