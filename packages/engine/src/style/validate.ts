import type { FitStyleOptions, RestyleOptions, StyleModel } from './types.js';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Throws a TypeError unless `documents` is an array of strings; a RangeError when it is empty. */
export function assertDocuments(documents: unknown): asserts documents is string[] {
  if (!Array.isArray(documents)) throw new TypeError('documents must be an array of strings');
  documents.forEach((document, index) => {
    if (typeof document !== 'string')
      throw new TypeError(`documents[${index}] must be a string, got ${typeof document}`);
  });
  if (documents.length === 0) throw new RangeError('documents must hold at least one document');
}

function assertBooleanFields(options: unknown, name: string, keys: readonly string[]): void {
  if (options === undefined) return;
  if (!isRecord(options)) throw new TypeError(`${name} must be an object`);
  for (const key of keys) {
    const value = options[key];
    if (value !== undefined && typeof value !== 'boolean') throw new TypeError(`${name}.${key} must be a boolean`);
  }
}

/** Validates fitStyle's options. */
export function assertFitOptions(options: unknown): asserts options is FitStyleOptions | undefined {
  assertBooleanFields(options, 'options', ['matchOutputLength']);
}

/** Validates restyle's options. */
export function assertRestyleOptions(options: unknown): asserts options is RestyleOptions | undefined {
  assertBooleanFields(options, 'options', ['matchOutputLength', 'skipHeadings', 'skipH1']);
  const perspective = (options as RestyleOptions | undefined)?.perspective;
  if (perspective !== undefined && perspective !== 'keep' && perspective !== 'author') {
    throw new TypeError(`options.perspective must be 'keep' or 'author', got ${JSON.stringify(perspective)}`);
  }
  const deadline = (options as RestyleOptions | undefined)?.deadline;
  if (deadline !== undefined && (typeof deadline !== 'number' || Number.isNaN(deadline))) {
    throw new TypeError('options.deadline must be a number (milliseconds since the epoch)');
  }
}

/** Throws a TypeError naming the field unless `model` looks like a StyleModel from fitStyle. */
export function assertStyleModel(model: unknown): asserts model is StyleModel {
  if (!isRecord(model)) throw new TypeError('model must be a StyleModel object (from fitStyle)');
  if (model.version !== 1) throw new TypeError('model.version must be 1');
  if (typeof model.matchOutputLength !== 'boolean') throw new TypeError('model.matchOutputLength must be a boolean');
  if (!isRecord(model.groundTruth) || !isRecord(model.groundTruth.features)) {
    throw new TypeError('model.groundTruth must be a GroundTruth object');
  }
  if (!isRecord(model.habits)) throw new TypeError('model.habits must be an object');
  if (!isRecord(model.habits.vocabulary)) throw new TypeError('model.habits.vocabulary must be an object');
  if (!Array.isArray(model.habits.passages)) throw new TypeError('model.habits.passages must be an array');
  // Absent from models fit before the style brief; present, it must have the shape fitStyle gives it.
  const voice = model.habits.voice;
  if (
    voice !== undefined &&
    (!isRecord(voice) ||
      !Array.isArray(voice.excerpts) ||
      !isRecord(voice.rhythm) ||
      !Array.isArray(voice.rhythm.pairs) ||
      typeof voice.rhythm.binWords !== 'number' ||
      !isRecord(voice.documentFrequency) ||
      !Array.isArray(voice.names))
  ) {
    throw new TypeError('model.habits.voice must hold excerpts, rhythm, documentFrequency and names (from fitStyle)');
  }
}
