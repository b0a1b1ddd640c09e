/**
 * JSON written to a file piece by piece, as JSON.stringify(value, null, 2) would write it, without
 * the whole text in memory: a summary of 100,000 attributed documents is streamed entry by entry.
 * Large arrays can be given lazily (jsonArray), made as they are written.
 */
import { OutputFile } from '@styler-dev/cli-kit';

/** An array whose items are made as they are written (a generator, or any iterable). */
export class JsonArray {
  constructor(readonly items: () => Iterable<unknown>) {}
}

/** A lazily made array of `items`. */
export function jsonArray(items: () => Iterable<unknown>): JsonArray {
  return new JsonArray(items);
}

const INDENT = '  ';

/** Past this many values a part is written piece by piece, so its whole text is never held at once. */
const WHOLE_VALUES = 10_000;

/**
 * Whether `value` is JSON that JSON.stringify writes as pieces() would, and small: objects and arrays
 * of primitives, without a lazy array or a toJSON method anywhere in them, of at most WHOLE_VALUES
 * values. `budget` counts the values left.
 */
function plainJson(value: unknown, budget = { left: WHOLE_VALUES }): boolean {
  if ((budget.left -= 1) < 0) return false;
  if (value === null || typeof value !== 'object') return true;
  if (value instanceof JsonArray || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  if (Array.isArray(value)) return value.every((item) => plainJson(item, budget));
  for (const key in value) {
    if (Object.hasOwn(value, key) && !plainJson((value as Record<string, unknown>)[key], budget)) return false;
  }
  return true;
}

/** The pieces of `value`'s JSON at nesting `level`; undefined where JSON.stringify would leave the value out. */
function* pieces(value: unknown, level: number): Generator<string> {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  // A plain part (an entry of a lazy array, say) in one piece by JSON.stringify, indented to its level:
  // the same text, made natively rather than a piece at a time.
  if (value !== null && typeof value === 'object' && plainJson(value)) {
    yield JSON.stringify(value, null, INDENT).replaceAll('\n', `\n${INDENT.repeat(level)}`);
    return;
  }
  if (value instanceof JsonArray || Array.isArray(value)) {
    const items = value instanceof JsonArray ? value.items() : value;
    const inner = INDENT.repeat(level + 1);
    let first = true;
    for (const item of items) {
      yield first ? `[\n${inner}` : `,\n${inner}`;
      first = false;
      if (!isWritten(item)) yield 'null';
      else yield* pieces(item, level + 1);
    }
    yield first ? '[]' : `\n${INDENT.repeat(level)}]`;
    return;
  }
  if (value !== null && typeof value === 'object') {
    const inner = INDENT.repeat(level + 1);
    let first = true;
    for (const [key, item] of Object.entries(value)) {
      if (!isWritten(item)) continue;
      yield `${first ? '{\n' : ',\n'}${inner}${JSON.stringify(key)}: `;
      first = false;
      yield* pieces(item, level + 1);
    }
    yield first ? '{}' : `\n${INDENT.repeat(level)}}`;
    return;
  }
  yield JSON.stringify(value);
}

/** Whether JSON.stringify writes a value as an object member (not undefined, a function or a symbol). */
function isWritten(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}

/** Writes `value` as indented JSON (and a final line break) to `path`, under `<path>.partial` until done. */
export async function writeJsonFile(path: string, value: unknown): Promise<void> {
  const file = await OutputFile.create(path);
  try {
    for (const piece of pieces(value, 0)) {
      const full = file.write(piece);
      if (full !== undefined) await full;
    }
    await file.write('\n');
  } catch (error) {
    await file.abort();
    throw error;
  }
  await file.close();
}

/** The text writeJsonFile writes (for tests and small values). */
export function jsonText(value: unknown): string {
  return `${[...pieces(value, 0)].join('')}\n`;
}
