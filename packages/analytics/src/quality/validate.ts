import { PUNCTUATION_MARKS, SENTENCE_STRUCTURES, SENTENCE_VOICES, UPOS_TAGS } from '../metrics/index.js';
import type { GroundTruth } from '../metrics/index.js';

/** Throws a TypeError naming every key of `options` not in `known`: a misspelt option is not ignored. */
export function assertKnownOptions(options: object, known: readonly string[], what: string): void {
  const unknown = Object.keys(options).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new TypeError(`unknown ${what} ${unknown.map((key) => `'${key}'`).join(', ')}; known: ${known.join(', ')}`);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function requireCountRecord(value: unknown, path: string, keys?: readonly string[]): void {
  if (!isRecord(value)) throw new TypeError(`${path} must be an object of counts`);
  for (const key of keys ?? [])
    if (!isCount(value[key])) throw new TypeError(`${path}.${key} must be a non-negative number`);
  // Object.keys rather than Object.entries: the same keys, without an array per entry (this runs per call).
  for (const key of Object.keys(value)) {
    if (!isCount(value[key])) throw new TypeError(`${path}.${key} must be a non-negative number`);
  }
}

/**
 * Throws a TypeError naming the offending field unless `value` is a well-formed GroundTruth. With
 * `references: false` (ROUGE not asked for) only the ROUGE list itself is checked, not its entries.
 */
export function assertGroundTruth(
  value: unknown,
  name = 'groundTruth',
  { references = true }: { references?: boolean } = {},
): asserts value is GroundTruth {
  if (!isRecord(value)) throw new TypeError(`${name} must be a GroundTruth object (from buildGroundTruth)`);
  if (value.version !== 1) throw new TypeError(`${name}.version must be 1`);
  if (!isCount(value.documentCount)) throw new TypeError(`${name}.documentCount must be a non-negative number`);
  const features = value.features;
  if (!isRecord(features)) throw new TypeError(`${name}.features must be an object`);
  for (const key of ['sentences', 'words', 'syllables', 'contentWords']) {
    if (!isCount(features[key])) throw new TypeError(`${name}.features.${key} must be a non-negative number`);
  }
  requireCountRecord(features.sentenceLengths, `${name}.features.sentenceLengths`);
  requireCountRecord(features.wordLengths, `${name}.features.wordLengths`);
  requireCountRecord(features.functionWords, `${name}.features.functionWords`);
  requireCountRecord(features.pos, `${name}.features.pos`, UPOS_TAGS);
  requireCountRecord(features.structure, `${name}.features.structure`, SENTENCE_STRUCTURES);
  requireCountRecord(features.voice, `${name}.features.voice`, SENTENCE_VOICES);
  requireCountRecord(features.punctuation, `${name}.features.punctuation`, PUNCTUATION_MARKS);
  if (!Array.isArray(value.rouge)) throw new TypeError(`${name}.rouge must be an array`);
  if (!references) return;
  // Each token's type is checked where ROUGE indexes the references (only when ROUGE is asked
  // for, once per ground truth), not on every call.
  value.rouge.forEach((reference, index) => {
    if (!isRecord(reference) || !Array.isArray(reference.tokens)) {
      throw new TypeError(`${name}.rouge[${index}].tokens must be an array of strings`);
    }
  });
}

/** Throws a TypeError naming `name` unless `value` is a string. */
export function assertString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string')
    throw new TypeError(`${name} must be a string, got ${value === null ? 'null' : typeof value}`);
}

/** Throws a TypeError naming `name` unless `value` is an array of strings. */
export function assertStringArray(value: unknown, name: string): asserts value is string[] {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array of strings`);
  value.forEach((item, index) => assertString(item, `${name}[${index}]`));
}
