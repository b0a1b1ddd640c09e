import { encodeModule, I32, I64, op, V128 } from './wasm-encoder.js';

/**
 * Bit-parallel LCS of two patterns against the same text at once, in WebAssembly SIMD: lane 0 of
 * every 128-bit vector holds a 64-bit word of pattern 0's state, lane 1 the same word of pattern 1's.
 * Same recurrence as lcs.ts (V' = (V + U) | (V & ~U), U = V & mask), on 64-bit words: one vector
 * operation advances both patterns by 64 rows, where the JavaScript version advances one by 32.
 * Used to score the two texts of a quality comparison against each reference in one pass.
 *
 * Memory layout (bytes, all 16-aligned): the state, wordCount vectors; the result, one vector; the
 * masks, wordCount vectors per pattern-alphabet id (lane l, word k: bits of the positions of that id
 * in pattern l, 64k .. 64k + 63); then the text, one int32 pattern-alphabet id per column.
 */

// Parameters, then locals, in index order.
const COLUMNS_AT = 0;
const COLUMN_COUNT = 1;
const MASKS_AT = 2;
const STATE_AT = 3;
const WORD_COUNT = 4;
const RESULT_AT = 5;
const COLUMN = 6;
const STATE_CURSOR = 7;
const MASK_CURSOR = 8;
const STATE_END = 9;
const ONES_0 = 10;
const ONES_1 = 11;
const V = 12;
const U = 13;
const SUM = 14;
const CARRY = 15;

const VECTOR_BYTES = 16;

/** run(columnsAt, columnCount, masksAt, stateAt, wordCount ≥ 1, resultAt): ones of each lane's final state. */
// prettier-ignore
const KERNEL_BODY = [
  // stateEnd = stateAt + wordCount × 16; the state starts all ones (no column read).
  op.localGet(STATE_AT), op.localGet(WORD_COUNT), op.i32Const(4), op.i32Shl, op.i32Add, op.localSet(STATE_END),
  op.localGet(STATE_AT), op.localSet(STATE_CURSOR),
  op.loop,
  op.localGet(STATE_CURSOR), op.i64Const(-1), op.i64x2Splat, op.v128Store(),
  op.localGet(STATE_CURSOR), op.i32Const(VECTOR_BYTES), op.i32Add, op.localTee(STATE_CURSOR),
  op.localGet(STATE_END), op.i32LtU, op.brIf(0),
  op.end,

  op.block,
  op.loop, // for each column
  op.localGet(COLUMN), op.localGet(COLUMN_COUNT), op.i32GeU, op.brIf(1),
  // maskCursor = masksAt + columns[column] × wordCount × 16
  op.localGet(MASKS_AT),
  op.localGet(COLUMNS_AT), op.localGet(COLUMN), op.i32Const(2), op.i32Shl, op.i32Add, op.i32Load(),
  op.localGet(WORD_COUNT), op.i32Mul, op.i32Const(4), op.i32Shl, op.i32Add, op.localSet(MASK_CURSOR),
  op.localGet(STATE_AT), op.localSet(STATE_CURSOR),
  op.i64Const(0), op.i64x2Splat, op.localSet(CARRY),
  op.loop, // for each word, low to high
  // u = v & mask; sum = v + u + carry, lane by lane
  op.localGet(STATE_CURSOR), op.v128Load(), op.localTee(V),
  op.localGet(MASK_CURSOR), op.v128Load(), op.v128And, op.localTee(U),
  op.localGet(V), op.i64x2Add, op.localGet(CARRY), op.i64x2Add, op.localSet(SUM),
  // v' = sum | (v & ~u), and v & ~u = v ^ u since u ⊆ v
  op.localGet(STATE_CURSOR), op.localGet(SUM), op.localGet(V), op.localGet(U), op.v128Xor, op.v128Or, op.v128Store(),
  // carry out of bit 63 = bit 63 of u | (v & ~sum), as in lcs.ts
  op.localGet(U), op.localGet(V), op.localGet(SUM), op.v128AndNot, op.v128Or, op.i32Const(63), op.i64x2ShrU,
  op.localSet(CARRY),
  op.localGet(MASK_CURSOR), op.i32Const(VECTOR_BYTES), op.i32Add, op.localSet(MASK_CURSOR),
  op.localGet(STATE_CURSOR), op.i32Const(VECTOR_BYTES), op.i32Add, op.localTee(STATE_CURSOR),
  op.localGet(STATE_END), op.i32LtU, op.brIf(0),
  op.end,
  op.localGet(COLUMN), op.i32Const(1), op.i32Add, op.localSet(COLUMN),
  op.br(0),
  op.end,
  op.end,

  // Count the one bits of each lane; the caller turns them into LCS lengths.
  op.localGet(STATE_AT), op.localSet(STATE_CURSOR),
  op.loop,
  op.localGet(STATE_CURSOR), op.v128Load(), op.localTee(V),
  op.i64x2ExtractLane(0), op.i64Popcnt, op.localGet(ONES_0), op.i64Add, op.localSet(ONES_0),
  op.localGet(V), op.i64x2ExtractLane(1), op.i64Popcnt, op.localGet(ONES_1), op.i64Add, op.localSet(ONES_1),
  op.localGet(STATE_CURSOR), op.i32Const(VECTOR_BYTES), op.i32Add, op.localTee(STATE_CURSOR),
  op.localGet(STATE_END), op.i32LtU, op.brIf(0),
  op.end,
  op.localGet(RESULT_AT), op.localGet(ONES_0), op.i32WrapI64, op.i32Store(0),
  op.localGet(RESULT_AT), op.localGet(ONES_1), op.i32WrapI64, op.i32Store(4),
];

const KERNEL_MODULE = encodeModule({
  functionName: 'pairedLcs',
  params: [I32, I32, I32, I32, I32, I32],
  locals: [
    [4, I32],
    [2, I64],
    [4, V128],
  ],
  body: KERNEL_BODY,
});

type KernelRun = (
  columnsAt: number,
  columnCount: number,
  masksAt: number,
  stateAt: number,
  wordCount: number,
  resultAt: number,
) => void;

/** The part of the WebAssembly JavaScript API used here (the project's TypeScript libs leave it out). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}
/** Absent under `node --jitless`. */
const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

/** Above this many bytes of kernel memory (long texts), callers use the JavaScript LCS instead. */
export const PAIRED_LCS_MAX_BYTES = 32 * 1024 * 1024;
const PAGE_BYTES = 65_536;

/** Host typed arrays must be little-endian, as WebAssembly memory is, for the masks written from JS. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * One instance of the kernel (per thread) with its memory. `load` two patterns, then ask for the LCS
 * of both with any number of texts; loading again replaces the patterns.
 */
export class PairedLcs {
  private wordCount = 0;
  private masksAt = 0;
  private resultAt = 0;
  private columnsAt = 0;
  private columnView = new Int32Array(0);

  private constructor(
    private readonly memory: WasmMemory,
    private readonly run: KernelRun,
  ) {}

  /**
   * The kernel, or null where this engine lacks WebAssembly SIMD (e.g. `--jitless`, or a CPU V8
   * does not support for it) or the host is big-endian.
   */
  static create(): PairedLcs | null {
    if (!LITTLE_ENDIAN || wasm === undefined || !wasm.validate(KERNEL_MODULE)) return null;
    const instance = new wasm.Instance(new wasm.Module(KERNEL_MODULE));
    const { memory, pairedLcs } = instance.exports as { memory: WasmMemory; pairedLcs: KernelRun };
    return new PairedLcs(memory, pairedLcs);
  }

  /**
   * Loads patterns 0 and 1 (ids in [0, alphabetSize); either may be empty) and room for texts of up
   * to `maxColumns` ids. Returns the array to write a text into (a view of the kernel memory, valid
   * until the next `load`), or null when that would take more than PAIRED_LCS_MAX_BYTES.
   */
  load(patterns: readonly [Int32Array, Int32Array], alphabetSize: number, maxColumns: number): Int32Array | null {
    const wordCount = Math.max(Math.ceil(Math.max(patterns[0].length, patterns[1].length) / 64), 1);
    const stateBytes = wordCount * VECTOR_BYTES;
    const masksAt = stateBytes + VECTOR_BYTES;
    const columnsAt = masksAt + alphabetSize * stateBytes;
    const totalBytes = columnsAt + maxColumns * 4;
    if (totalBytes > PAIRED_LCS_MAX_BYTES) return null;
    const missingBytes = totalBytes - this.memory.buffer.byteLength;
    if (missingBytes > 0) this.memory.grow(Math.ceil(missingBytes / PAGE_BYTES));

    const words = new Int32Array(this.memory.buffer);
    words.fill(0, masksAt >>> 2, columnsAt >>> 2);
    // Int32 index of (id, 64-bit word k, lane l, half h): masks / 4 + ((id × wordCount + k) × 2 + l) × 2 + h.
    patterns.forEach((pattern, lane) => {
      for (let position = 0; position < pattern.length; position++) {
        const vectorIndex = pattern[position]! * wordCount + (position >>> 6);
        const index = (masksAt >>> 2) + vectorIndex * 4 + lane * 2 + ((position >>> 5) & 1);
        words[index]! |= 1 << (position & 31);
      }
    });
    this.wordCount = wordCount;
    this.masksAt = masksAt;
    this.resultAt = stateBytes;
    this.columnsAt = columnsAt;
    this.columnView = new Int32Array(this.memory.buffer, columnsAt, maxColumns);
    return this.columnView;
  }

  /** LCS lengths of patterns 0 and 1 with the first `columnCount` ids of the text array, into `lengths`. */
  lcs(columnCount: number, lengths: Int32Array): void {
    if (columnCount > this.columnView.length) throw new RangeError('columnCount exceeds the loaded text room');
    this.run(this.columnsAt, columnCount, this.masksAt, 0, this.wordCount, this.resultAt);
    const result = new Int32Array(this.memory.buffer, this.resultAt, 2);
    // Bits above a pattern's length stay one, so the zero bits of a lane are that pattern's LCS.
    lengths[0] = this.wordCount * 64 - result[0]!;
    lengths[1] = this.wordCount * 64 - result[1]!;
  }
}

let shared: PairedLcs | null | undefined;

/** The thread's kernel, created on first use; null where it cannot run. */
export function sharedPairedLcs(): PairedLcs | null {
  if (shared === undefined) shared = PairedLcs.create();
  return shared;
}
