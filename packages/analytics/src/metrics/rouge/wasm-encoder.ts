/**
 * Just enough of the WebAssembly binary format (core spec 2.0, with fixed-width SIMD) to write a
 * one-function module by hand: LEB128 numbers, the instructions the LCS kernel uses, and a module
 * that exports its memory and its function. Each instruction helper returns its bytes.
 */

/** Value types (binary encoding). */
export const I32 = 0x7f;
export const I64 = 0x7e;
export const V128 = 0x7b;

/** Unsigned LEB128 of a non-negative integer below 2^32. */
export function unsignedLeb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value >>> 0;
  do {
    const low = rest & 0x7f;
    rest >>>= 7;
    bytes.push(rest === 0 ? low : low | 0x80);
  } while (rest !== 0);
  return bytes;
}

/** Signed LEB128 of an integer in [-2^31, 2^31). */
export function signedLeb128(value: number): number[] {
  const bytes: number[] = [];
  let rest = value | 0;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    const done = (rest === 0 && (low & 0x40) === 0) || (rest === -1 && (low & 0x40) !== 0);
    bytes.push(done ? low : low | 0x80);
    if (done) return bytes;
  }
}

const vector = (items: readonly number[][]): number[] => [...unsignedLeb128(items.length), ...items.flat()];
const section = (id: number, content: number[]): number[] => [id, ...unsignedLeb128(content.length), ...content];
const name = (text: string): number[] => vector([...new TextEncoder().encode(text)].map((byte) => [byte]));
const simd = (opcode: number, ...immediates: number[]): number[] => [0xfd, ...unsignedLeb128(opcode), ...immediates];
/** memarg: log2 of the alignment, then the static offset. */
const memory = (opcode: number[], alignLog2: number, offset: number): number[] => [
  ...opcode,
  alignLog2,
  ...unsignedLeb128(offset),
];

/** The instructions the kernel needs, by their text-format names. */
export const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, ...unsignedLeb128(depth)],
  brIf: (depth: number) => [0x0d, ...unsignedLeb128(depth)],
  localGet: (index: number) => [0x20, ...unsignedLeb128(index)],
  localSet: (index: number) => [0x21, ...unsignedLeb128(index)],
  localTee: (index: number) => [0x22, ...unsignedLeb128(index)],
  i32Load: (offset = 0) => memory([0x28], 2, offset),
  i32Store: (offset = 0) => memory([0x36], 2, offset),
  i32Const: (value: number) => [0x41, ...signedLeb128(value)],
  i64Const: (value: number) => [0x42, ...signedLeb128(value)],
  i32LtU: [0x49],
  i32GeU: [0x4f],
  i32Add: [0x6a],
  i32Mul: [0x6c],
  i32Shl: [0x74],
  i64Popcnt: [0x7b],
  i64Add: [0x7c],
  i32WrapI64: [0xa7],
  v128Load: (offset = 0) => memory(simd(0x00), 4, offset),
  v128Store: (offset = 0) => memory(simd(0x0b), 4, offset),
  i64x2Splat: simd(0x12),
  i64x2ExtractLane: (lane: number) => simd(0x1d, lane),
  v128And: simd(0x4e),
  v128AndNot: simd(0x4f),
  v128Or: simd(0x50),
  v128Xor: simd(0x51),
  i64x2ShrU: simd(0xcd),
  i64x2Add: simd(0xce),
};

/** One exported function and the exported memory ("memory", at least one 64 KiB page). */
export interface ModuleSpec {
  functionName: string;
  params: readonly number[];
  /** Extra locals, as (count, type) runs, numbered after the parameters. */
  locals: ReadonlyArray<readonly [count: number, type: number]>;
  /** The function body without its final `end`. */
  body: ReadonlyArray<readonly number[]>;
}

/** The binary of a module with one memory and one function with no results. */
export function encodeModule(spec: ModuleSpec): Uint8Array {
  const functionType = [0x60, ...vector(spec.params.map((type) => [type])), ...vector([])];
  const locals = vector(spec.locals.map(([count, type]) => [...unsignedLeb128(count), type]));
  const code = [...locals, ...spec.body.flat(), ...op.end];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
    ...section(1, vector([functionType])),
    ...section(3, vector([[0]])),
    ...section(5, vector([[0x00, ...unsignedLeb128(1)]])),
    ...section(
      7,
      vector([
        [...name('memory'), 0x02, 0],
        [...name(spec.functionName), 0x00, 0],
      ]),
    ),
    ...section(10, vector([[...unsignedLeb128(code.length), ...code]])),
  ]);
}
