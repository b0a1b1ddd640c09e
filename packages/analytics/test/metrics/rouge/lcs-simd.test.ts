import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAIRED_LCS_MAX_BYTES, PairedLcs, sharedPairedLcs } from '../../../src/metrics/rouge/lcs-simd.js';
import { signedLeb128, unsignedLeb128 } from '../../../src/metrics/rouge/wasm-encoder.js';
import { dpLcsLength } from './reference-lcs.js';

const ALPHABET = 5;

/** Ids over a tiny alphabet (many matches and ties), long enough to cross 64-bit word edges. */
const idSequence = (maxLength: number) =>
  fc.array(fc.integer({ min: 0, max: ALPHABET - 1 }), { maxLength }).map((ids) => Int32Array.from(ids));

function kernel(): PairedLcs {
  const created = sharedPairedLcs();
  // Node 20+ on x64 (SSE4.1) and arm64 has WebAssembly SIMD: the fast path must be the one tested.
  expect(created).not.toBeNull();
  return created!;
}

/** LCS of both patterns with `text` through the kernel. */
function pairedLengths(patterns: [Int32Array, Int32Array], text: Int32Array, maxColumns = text.length): number[] {
  const engine = kernel();
  const columns = engine.load(patterns, ALPHABET, maxColumns);
  expect(columns).not.toBeNull();
  columns!.set(text);
  const lengths = new Int32Array(2);
  engine.lcs(text.length, lengths);
  return [...lengths];
}

describe('LEB128', () => {
  it('encodes the specification examples and edge values', () => {
    expect(unsignedLeb128(0)).toEqual([0x00]);
    expect(unsignedLeb128(127)).toEqual([0x7f]);
    expect(unsignedLeb128(128)).toEqual([0x80, 0x01]);
    expect(unsignedLeb128(624_485)).toEqual([0xe5, 0x8e, 0x26]);
    expect(signedLeb128(-1)).toEqual([0x7f]);
    expect(signedLeb128(63)).toEqual([0x3f]);
    expect(signedLeb128(64)).toEqual([0xc0, 0x00]);
    expect(signedLeb128(-123_456)).toEqual([0xc0, 0xbb, 0x78]);
  });
});

describe('paired SIMD LCS kernel', () => {
  it('gives each lane the textbook LCS of its own pattern with the shared text', () => {
    fc.assert(
      fc.property(idSequence(200), idSequence(200), idSequence(150), (pattern0, pattern1, text) => {
        expect(pairedLengths([pattern0, pattern1], text)).toEqual([
          dpLcsLength(pattern0, text),
          dpLcsLength(pattern1, text),
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it('is exact at 64-bit word edges and with one very frequent token', () => {
    for (const length of [1, 63, 64, 65, 127, 128, 129, 300]) {
      const same = new Int32Array(length).fill(2);
      const alternating = Int32Array.from({ length }, (_, i) => i % 2);
      const text = Int32Array.from({ length: 257 }, (_, i) => (i % 3 === 0 ? 2 : i % 2));
      expect(pairedLengths([same, alternating], text)).toEqual([
        dpLcsLength(same, text),
        dpLcsLength(alternating, text),
      ]);
    }
  });

  it('gives 0 for an empty pattern or an empty text, and reloads cleanly', () => {
    const pattern = Int32Array.from([0, 1, 2, 3]);
    expect(pairedLengths([pattern, new Int32Array(0)], Int32Array.from([3, 2, 1, 0, 1, 2]))).toEqual([3, 0]);
    expect(pairedLengths([pattern, pattern], new Int32Array(0), 8)).toEqual([0, 0]);
    // Masks from a previous, longer load must not leak into a shorter one.
    pairedLengths([new Int32Array(500).fill(1), new Int32Array(500).fill(1)], new Int32Array(500).fill(1));
    expect(pairedLengths([Int32Array.from([0]), Int32Array.from([4])], Int32Array.from([1, 1, 0]))).toEqual([1, 0]);
  });

  it('declines loads above its memory budget and rejects texts longer than the room it made', () => {
    const engine = kernel();
    const pattern = new Int32Array(64 * 4);
    const alphabetTooLarge = Math.ceil(PAIRED_LCS_MAX_BYTES / (4 * 16)) + 1;
    expect(engine.load([pattern, pattern], alphabetTooLarge, 10)).toBeNull();
    expect(engine.load([pattern, pattern], 1, 10)).not.toBeNull();
    expect(() => engine.lcs(11, new Int32Array(2))).toThrow(RangeError);
  });
});
