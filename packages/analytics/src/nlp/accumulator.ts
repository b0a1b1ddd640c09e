import { emptyCounts } from '../vocabulary/counts.js';
import { FUNCTION_WORD_LIST } from './function-words.js';
import { uposIndex } from './sentence-model/context.js';
import {
  UPOS_TAGS,
  type PunctuationMark,
  type SentenceClass,
  type SentenceStructure,
  type SentenceVoice,
  type TextFeatures,
  type Upos,
} from '../vocabulary/features.js';

const X_INDEX = UPOS_TAGS.indexOf('X');

/**
 * A histogram of non-negative integers: a dense array for the small values words and sentences
 * nearly always have (fast element access), a map beyond it, so one 5 MB token or run-on sentence
 * does not grow an array of millions of holes.
 */
class Histogram {
  static readonly DENSE_LIMIT = 1_024;
  readonly #dense: number[] = [];
  readonly #sparse = new Map<number, number>();

  add(value: number): void {
    if (value >= Histogram.DENSE_LIMIT) {
      this.#sparse.set(value, (this.#sparse.get(value) ?? 0) + 1);
      return;
    }
    // Fill holes so the array stays packed.
    while (this.#dense.length <= value) this.#dense.push(0);
    this.#dense[value] = (this.#dense[value] ?? 0) + 1;
  }

  /** Value → count, values ascending, without zeros. */
  toRecord(): Record<string, number> {
    const record: Record<string, number> = {};
    this.#dense.forEach((count, value) => {
      if (count > 0) record[String(value)] = count;
    });
    for (const value of [...this.#sparse.keys()].sort((a, b) => a - b))
      record[String(value)] = this.#sparse.get(value)!;
    return record;
  }
}

/**
 * Counts gathered while walking tokens, in structures that are cheap to update (Maps and a typed
 * array); `toFeatures` turns them into the plain serialisable TextFeatures.
 */
export class FeatureAccumulator {
  sentences = 0;
  words = 0;
  syllables = 0;
  contentWords = 0;
  readonly punctuation: Record<PunctuationMark, number> = emptyCounts().punctuation;
  private readonly posCounts = new Float64Array(UPOS_TAGS.length);
  private readonly sentenceLengths = new Histogram();
  private readonly wordLengths = new Histogram();
  /** Count of each function word by FUNCTION_WORD_LIST index, and the indices in order of first use. */
  private readonly functionWordCounts = new Int32Array(FUNCTION_WORD_LIST.length);
  private readonly functionWordOrder: number[] = [];
  private readonly structure = emptyCounts().structure;
  private readonly voice = emptyCounts().voice;
  private readonly sentenceClasses: SentenceClass[] = [];

  addTag(tag: string): void {
    const known = uposIndex(tag);
    const index = known >= 0 ? known : X_INDEX;
    this.posCounts[index] = (this.posCounts[index] ?? 0) + 1;
  }

  /** `functionWord`: index in FUNCTION_WORD_LIST, or -1 for any other word. */
  addWord(letters: number, syllables: number, functionWord: number, content: boolean): void {
    this.words += 1;
    this.syllables += syllables;
    if (content) this.contentWords += 1;
    this.wordLengths.add(letters);
    if (functionWord >= 0) {
      if (this.functionWordCounts[functionWord] === 0) this.functionWordOrder.push(functionWord);
      this.functionWordCounts[functionWord]! += 1;
    }
  }

  addSentence(words: number, structure: SentenceStructure, voice: SentenceVoice): void {
    this.sentences += 1;
    this.sentenceLengths.add(words);
    this.structure[structure] += 1;
    this.voice[voice] += 1;
    this.sentenceClasses.push({ words, structure, voice });
  }

  /** Function word → count, in order of first use. */
  #functionWordRecord(): Record<string, number> {
    const record: Record<string, number> = {};
    for (const index of this.functionWordOrder) record[FUNCTION_WORD_LIST[index]!] = this.functionWordCounts[index]!;
    return record;
  }

  toFeatures(): TextFeatures {
    const pos = Object.fromEntries(UPOS_TAGS.map((tag, index) => [tag, this.posCounts[index] ?? 0])) as Record<
      Upos,
      number
    >;
    return {
      sentences: this.sentences,
      words: this.words,
      syllables: this.syllables,
      contentWords: this.contentWords,
      sentenceLengths: this.sentenceLengths.toRecord(),
      wordLengths: this.wordLengths.toRecord(),
      functionWords: this.#functionWordRecord(),
      pos,
      structure: { ...this.structure },
      voice: { ...this.voice },
      punctuation: { ...this.punctuation },
      sentenceClasses: this.sentenceClasses,
    };
  }
}
