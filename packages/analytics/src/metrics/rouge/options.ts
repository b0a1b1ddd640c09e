import type { RougeOptions } from './types.js';

/** Defaults for raw-text scoring: rouge-score's own (`use_stemmer=False`). */
export const DEFAULT_ROUGE_OPTIONS: Readonly<Required<RougeOptions>> = Object.freeze({ useStemmer: false });

/** Checks a string argument, naming it in the TypeError. */
export function assertString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') {
    throw new TypeError(`${name} must be a string, got ${value === null ? 'null' : typeof value}`);
  }
}

/** Validates raw-text scoring options once, at the entry point, and fills in defaults. */
export function resolveRougeOptions(options: unknown, name = 'options'): Readonly<Required<RougeOptions>> {
  if (options === undefined) return DEFAULT_ROUGE_OPTIONS;
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${name} must be an object such as { useStemmer: true }`);
  }
  const { useStemmer } = options as { useStemmer?: unknown };
  if (useStemmer === undefined) return DEFAULT_ROUGE_OPTIONS;
  if (typeof useStemmer !== 'boolean') throw new TypeError(`${name}.useStemmer must be a boolean`);
  return { useStemmer };
}
