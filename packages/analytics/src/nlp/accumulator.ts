import { emptyCounts } from '../vocabulary/counts.js';
import {
  UPOS_TAGS,
  type PunctuationMark,
  type SentenceClass,
  type SentenceStructure,
  type SentenceVoice,
  type TextFeatures,
  type Upos,
} from '../vocabulary/features.js';

const TAG_INDEX: ReadonlyMap<string, number> = new Map(UPOS_TAGS.map((tag, index) => [tag, index]));
const X_INDEX = TAG_INDEX.get('X') ?? UPOS_TAGS.length - 1;

function mapToRecord<K extends string | number>(map: ReadonlyMap<K, number>): Record<string, number> {
  const record: Record<string, number> = {};
  for (const [key, count] of map) record[String(key)] = count;
  return record;
}

/** A histogram of small non-negative integers as a dense array (lengths are small; holes are 0). */
function arrayToRecord(counts: readonly number[]): Record<string, number> {
  const record: Record<string, number> = {};
  counts.forEach((count, value) => {
    if (count > 0) record[String(value)] = count;
  });
  return record;
}

function incrementAt(counts: number[], value: number): void {
  // Fill holes so the array stays packed (fast element access).
  while (counts.length <= value) counts.push(0);
  counts[value] = (counts[value] ?? 0) + 1;
}

function increment<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
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
  private readonly sentenceLengths: number[] = [];
  private readonly wordLengths: number[] = [];
  private readonly functionWords = new Map<string, number>();
  private readonly structure = emptyCounts().structure;
  private readonly voice = emptyCounts().voice;
  private readonly sentenceClasses: SentenceClass[] = [];

  addTag(tag: string): void {
    const index = TAG_INDEX.get(tag) ?? X_INDEX;
    this.posCounts[index] = (this.posCounts[index] ?? 0) + 1;
  }

  addWord(letters: number, syllables: number, functionWord: string | undefined, content: boolean): void {
    this.words += 1;
    this.syllables += syllables;
    if (content) this.contentWords += 1;
    incrementAt(this.wordLengths, letters);
    if (functionWord !== undefined) increment(this.functionWords, functionWord);
  }

  addSentence(words: number, structure: SentenceStructure, voice: SentenceVoice): void {
    this.sentences += 1;
    incrementAt(this.sentenceLengths, words);
    this.structure[structure] += 1;
    this.voice[voice] += 1;
    this.sentenceClasses.push({ words, structure, voice });
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
      sentenceLengths: arrayToRecord(this.sentenceLengths),
      wordLengths: arrayToRecord(this.wordLengths),
      functionWords: mapToRecord(this.functionWords),
      pos,
      structure: { ...this.structure },
      voice: { ...this.voice },
      punctuation: { ...this.punctuation },
      sentenceClasses: this.sentenceClasses,
    };
  }
}
