import { PUNCTUATION_MARKS, SENTENCE_STRUCTURES, SENTENCE_VOICES, UPOS_TAGS } from '@styler-dev/analytics/metrics';
import type { CountFeatures } from '@styler-dev/analytics/metrics';
import type { Token } from '../text/token.js';
import { DeltaKind, KIND_STRIDE, type EditDelta } from './edit-delta.js';
import { FUNCTION_WORD_LIST, MAX_SENTENCE_WORDS, MAX_WORD_LETTERS, structureIndex, voiceIndex } from './indices.js';
import { tokenCounts } from './profile.js';
import type { SentenceClassCounts } from '../edits/sentence-class.js';

function bumpEach(values: Float64Array, indices: readonly number[]): void {
  for (let i = 0; i < indices.length; i += 1) {
    const index = indices[i] as number;
    values[index] = (values[index] as number) + 1;
  }
}

/**
 * Running totals of a text's features (the CountFeatures of the analytics, in typed arrays), kept
 * as the sum of its tokens' and sentences' counts so that an edit is tried by applying its delta
 * and undoing it. All counts are integers, so applying and undoing is exact.
 */
export class FeatureState {
  sentences = 0;
  /** Longest sentence ever added (an upper bound for histogram loops). */
  longestSentence = 0;
  words = 0;
  syllables = 0;
  contentWords = 0;
  /** Sum of `functionWords` (kept so the Jensen-Shannon distance need not add it up). */
  functionWordTotal = 0;
  readonly sentenceLengths = new Float64Array(MAX_SENTENCE_WORDS + 1);
  readonly wordLengths = new Float64Array(MAX_WORD_LETTERS + 1);
  readonly functionWords = new Float64Array(FUNCTION_WORD_LIST.length);
  readonly pos = new Float64Array(UPOS_TAGS.length);
  readonly structure = new Float64Array(SENTENCE_STRUCTURES.length);
  readonly voice = new Float64Array(SENTENCE_VOICES.length);
  readonly punctuation = new Float64Array(PUNCTUATION_MARKS.length);

  /**
   * Adds one sentence of the input. As in the analytics, a sentence without words adds its tags
   * and marks, nothing else.
   */
  addSentence(tokens: readonly Token[], words: number, classes: SentenceClassCounts): void {
    for (let t = 0; t < tokens.length; t += 1) {
      const counts = tokenCounts(tokens[t] as Token);
      bumpEach(this.pos, counts.pos);
      bumpEach(this.punctuation, counts.marks);
      if (counts.words === 0) continue;
      this.words += counts.words;
      this.syllables += counts.syllables;
      this.contentWords += counts.contentWords;
      bumpEach(this.wordLengths, counts.letters);
      bumpEach(this.functionWords, counts.functionWords);
      this.functionWordTotal += counts.functionWords.length;
    }
    if (words > 0)
      this.addShape(
        Math.min(words, MAX_SENTENCE_WORDS),
        structureIndex(classes.structure),
        voiceIndex(classes.voice),
        1,
      );
  }

  private addShape(length: number, structure: number, voice: number, sign: 1 | -1): void {
    this.sentences += sign;
    this.sentenceLengths[length] = (this.sentenceLengths[length] as number) + sign;
    this.structure[structure] = (this.structure[structure] as number) + sign;
    this.voice[voice] = (this.voice[voice] as number) + sign;
    if (sign > 0 && length > this.longestSentence) this.longestSentence = length;
  }

  private addShapes(shapes: readonly number[], sign: 1 | -1): void {
    for (let i = 0; i < shapes.length; i += 3)
      this.addShape(shapes[i] as number, shapes[i + 1] as number, shapes[i + 2] as number, sign);
  }

  /** Applies an edit's delta (sign 1) or undoes it (sign −1). */
  applyDelta(delta: EditDelta, sign: 1 | -1): void {
    this.words += sign * delta.words;
    this.syllables += sign * delta.syllables;
    this.contentWords += sign * delta.contentWords;
    const changes = delta.changes;
    for (let i = 0; i < changes.length; i += 2) {
      const key = changes[i] as number;
      const by = sign * (changes[i + 1] as number);
      const index = key % KIND_STRIDE;
      const kind = (key - index) / KIND_STRIDE;
      if (kind === DeltaKind.letters) this.wordLengths[index] = (this.wordLengths[index] as number) + by;
      else if (kind === DeltaKind.functionWords) {
        this.functionWords[index] = (this.functionWords[index] as number) + by;
        this.functionWordTotal += by;
      } else if (kind === DeltaKind.pos) this.pos[index] = (this.pos[index] as number) + by;
      else this.punctuation[index] = (this.punctuation[index] as number) + by;
    }
    if (sign > 0) {
      this.addShapes(delta.removed, -1);
      this.addShapes(delta.added, 1);
    } else {
      this.addShapes(delta.added, -1);
      this.addShapes(delta.removed, 1);
    }
  }

  /** The running totals as the analytics' CountFeatures. */
  toCounts(): CountFeatures {
    const record = <K extends string>(keys: readonly K[], values: Float64Array): Record<K, number> =>
      Object.fromEntries(keys.map((key, i) => [key, values[i] ?? 0])) as Record<K, number>;
    const histogram = (values: Float64Array): Record<string, number> => {
      const out: Record<string, number> = {};
      values.forEach((count, value) => {
        if (count > 0) out[String(value)] = count;
      });
      return out;
    };
    const functionWords: Record<string, number> = {};
    this.functionWords.forEach((count, i) => {
      const word = FUNCTION_WORD_LIST[i];
      if (count > 0 && word !== undefined) functionWords[word] = count;
    });
    return {
      sentences: this.sentences,
      words: this.words,
      syllables: this.syllables,
      contentWords: this.contentWords,
      sentenceLengths: histogram(this.sentenceLengths),
      wordLengths: histogram(this.wordLengths),
      functionWords,
      pos: record(UPOS_TAGS, this.pos),
      structure: record(SENTENCE_STRUCTURES, this.structure),
      voice: record(SENTENCE_VOICES, this.voice),
      punctuation: record(PUNCTUATION_MARKS, this.punctuation),
    };
  }
}
