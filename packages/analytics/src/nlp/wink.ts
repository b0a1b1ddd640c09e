import { createRequire } from 'node:module';
import winkNLP from 'wink-nlp';
import { LexemeFacts, type WinkLexemeReader } from './lexeme-facts.js';
import { type FeatureTable, LexemeMemory, type WinkLexemeCache } from './wink-lexemes.js';

/**
 * Only sentence boundaries and part-of-speech tags are needed. Leaving out wink's negation,
 * sentiment, named-entity and custom-entity stages makes a pass about 1.7x faster with the same
 * tokens, types, tags and sentences (checked on the corpora: bench/accuracy/wink-pipeline.mjs).
 */
export const WINK_PIPELINE = Object.freeze(['sbd', 'pos']);

type Stage = 'core' | 'sbd' | 'pos' | 'ner' | 'negation' | 'sa' | 'metaCER';
type Loaders = Record<Stage, () => unknown> & { featureFn: (config: unknown) => WordFeatures };

/** The model's feature extractors; `pos` is handed wink's lexeme cache. */
type WordFeatures = Record<string, unknown> & {
  pos: (word: string, category: number, cache: WinkLexemeCache) => unknown;
};

/**
 * The raw data wink keeps of a document (`rdd` in wink-nlp/src/wink-nlp.js), which its `out()`
 * calls read token by token through `its` functions. The tagger reads it directly: one array walk
 * instead of four `out()` passes, each building an array through a function call per token.
 */
export interface WinkDocumentData {
  /** WINK_TOKEN_SIZE numbers per token (wink-nlp/src/dd-wrapper.js): see the readers below. */
  tokens: readonly number[];
  /** Per sentence: its first and last token index, then two flags. */
  sentences: ReadonlyArray<readonly number[]>;
  /** Spaces before a token that are not plain spaces, by token index (its space count is then 0xFFFF). */
  nonBreakingSpaces: Readonly<Record<number, string>>;
}

// wink-nlp/src/constants.js (checked against it by test/nlp/wink.test.ts).
/** Numbers per token in WinkDocumentData.tokens. */
export const WINK_TOKEN_SIZE = 4;
/** Bits of a token's second number that count its preceding spaces (0xFFFF: see nonBreakingSpaces). */
export const WINK_SPACES_MASK = 0xffff;
/** Bits of a token's third number that hold its part of speech, above the lemma's 20 bits. */
export const WINK_POS_MASK = 0x3f00000;
export const WINK_LEMMA_BITS = 20;

/** Lexeme index of token `index` (what `its.uniqueId` gives). */
export function winkLexemeAt(data: WinkDocumentData, index: number): number {
  return data.tokens[index * WINK_TOKEN_SIZE]!;
}

/** Index into the model's part-of-speech names of token `index` (what `its.pos` names). */
export function winkPosIndexAt(data: WinkDocumentData, index: number): number {
  return (data.tokens[index * WINK_TOKEN_SIZE + 2]! & WINK_POS_MASK) >>> WINK_LEMMA_BITS;
}

/** Whether whitespace precedes token `index` (`its.precedingSpaces` is not empty). */
export function winkSpaceBefore(data: WinkDocumentData, index: number): boolean {
  const count = data.tokens[index * WINK_TOKEN_SIZE + 1]! & WINK_SPACES_MASK;
  return count < WINK_SPACES_MASK ? count > 0 : (data.nonBreakingSpaces[index] ?? '') !== '';
}

/** The installed wink-nlp's version, for the message when its document layout is not the one read here. */
const WINK_NLP_VERSION = (createRequire(import.meta.url)('wink-nlp/package.json') as { version: string }).version;

/**
 * Read once by each new instance to check the raw readers against `out()`: two sentences, plain,
 * non-breaking and no spaces, a clitic and a line break.
 */
const LAYOUT_PROBE = "I\u00a0can't  stop.\nThe cat, quickly, ran home!";

type WinkDocument = ReturnType<ReturnType<typeof winkNLP>['readDoc']>;
type WinkIts = ReturnType<typeof winkNLP>['its'];

/**
 * Whether the raw readers above give, for every token of `doc` (whose raw data is `data`), what
 * `out()` gives: lexeme, part of speech (`posNames` by index), whether a space precedes it, and the
 * same sentence spans.
 */
export function rawReadersAgree(
  data: WinkDocumentData,
  doc: WinkDocument,
  its: WinkIts,
  posNames: readonly string[],
): boolean {
  const tokens = doc.tokens();
  const ids = tokens.out(its.uniqueId) as unknown as number[];
  const tags = tokens.out(its.pos) as string[];
  const spaces = tokens.out(its.precedingSpaces) as string[];
  const spans = doc.sentences().out(its.span) as unknown as Array<[number, number]>;
  return (
    data.tokens.length === ids.length * WINK_TOKEN_SIZE &&
    ids.every(
      (id, i) =>
        winkLexemeAt(data, i) === id &&
        posNames[winkPosIndexAt(data, i)] === tags[i] &&
        winkSpaceBefore(data, i) === ((spaces[i] ?? '') !== ''),
    ) &&
    data.sentences.length === spans.length &&
    spans.every(([first, last], k) => data.sentences[k]?.[0] === first && data.sentences[k]?.[1] === last)
  );
}

/** A word outside the model's vocabulary, read once by each new instance to reach its lexeme cache. */
const UNKNOWN_WORD = 'qzxjvk';

/** A state machine that recognises nothing, for the stages the pipeline leaves out. */
const NO_MACHINE = JSON.stringify([100, 0, {}, {}, {}, {}]);

/** Pipeline stages and the model loaders they need. */
const STAGE_LOADERS: Record<string, Stage> = { ner: 'ner', negation: 'negation', sentiment: 'sa' };

/** Words a thread's instance may add before it is made again (its tables then start afresh). */
const MAX_ADDED_WORDS = 50_000;

/**
 * One wink-nlp instance per thread, which reads every text as a fresh instance would.
 *
 * Why: wink keeps, per instance, every out-of-vocabulary word it has met (added to the core model's
 * lexeme table), and its tokenizer consults them: a form met before is kept whole instead of split
 * ("mother's" became one PROPN token in a letter read after another text that had it). An
 * instance's tags thus depended on the texts it had read before, and a pool thread's on which texts
 * it had been handed: `styler benchmark` gave POS metrics differing by up to 6e-4 between 1 and 2
 * threads. So the words a text added are taken out of the table's lookup before the next text.
 * Their entries stay behind (wink's instance holds their properties by position), unreachable but
 * remembered (LexemeMemory), so a word met again in a later text gets its entry back instead of a new
 * one; their positions, like the indices of new prefixes, suffixes and shapes, are only identities to
 * the sentence and tagging stages: the tokens, tags and sentences are those of a new instance
 * (checked on the corpora, texts in shuffled order). The instance is made again, over the model
 * read once and put back as read, when it has added MAX_ADDED_WORDS words.
 */
class WinkInstance {
  readonly #core: { features: Record<string, unknown> };
  /** The growable tables, with the model's own sizes. */
  readonly #tables: Array<{ table: FeatureTable; size: number }>;
  readonly #lexeme: FeatureTable;
  readonly #loaders: Record<string, unknown>;
  readonly #lexemeSize: number;
  #instance: ReturnType<typeof winkNLP> | undefined;
  #memory: LexemeMemory | undefined;
  #facts: LexemeFacts | undefined;
  /** The lexeme cache of the instance being made, handed to the model's `pos` extractor. */
  #cache: WinkLexemeCache | undefined;
  /** The data of the document read last, handed to the model's part-of-speech setter (its last stage). */
  #document: WinkDocumentData | undefined;
  /** The model's part-of-speech names, by the index a token holds. */
  readonly posNames: readonly string[];

  constructor() {
    // Read here, at the first text, not at import: the model is 22 MB that an import of the library
    // for its formulas or its pool never needs.
    const model = createRequire(import.meta.url)('wink-eng-lite-web-model') as unknown;
    const loaders = model as Loaders;
    this.#core = loaders.core() as { features: Record<string, unknown> };
    this.#tables = Object.values(this.#core.features)
      .filter((f): f is FeatureTable => {
        const table = f as Partial<FeatureTable>;
        return typeof table.hash === 'object' && Array.isArray(table.list) && typeof table.index === 'number';
      })
      .map((table) => ({ table, size: table.list.length }));
    this.#lexeme = this.#core.features.lexeme as FeatureTable;
    this.posNames = (this.#core.features.pos as FeatureTable).list as string[];
    this.#lexemeSize = this.#tables.find(({ table }) => table === this.#lexeme)!.size;
    const once = (name: Stage): (() => unknown) => {
      let loaded: { machines: unknown[] } | undefined;
      // Stages outside the pipeline are never run, yet wink would parse their machines per instance.
      const unused = Object.entries(STAGE_LOADERS).some(
        ([stage, loader]) => loader === name && !WINK_PIPELINE.includes(stage),
      );
      return () => {
        if (loaded === undefined) {
          loaded = loaders[name]() as { machines: unknown[] };
          if (unused) loaded = { ...loaded, machines: loaded.machines.map(() => NO_MACHINE) };
        }
        return loaded;
      };
    };
    const pos = once('pos');
    this.#loaders = {
      ...(model as Record<string, unknown>),
      core: () => this.#reset(),
      sbd: once('sbd'),
      pos: () => this.#withDocumentCapture(pos()),
      ner: once('ner'),
      negation: once('negation'),
      sa: once('sa'),
      // wink-eng-lite-web-model's loader stringifies its machines again on every call.
      metaCER: once('metaCER'),
      featureFn: (config: unknown) => {
        const features = loaders.featureFn(config);
        const pos = features.pos;
        features.pos = (word, category, cache) => {
          this.#cache = cache;
          features.pos = pos;
          return pos(word, category, cache);
        };
        return features;
      },
    };
  }

  /** The instance, with the words the previous text added out of its lookup. */
  forNextText(): ReturnType<typeof winkNLP> {
    if (this.#instance === undefined || this.#lexeme.list.length - this.#lexemeSize > MAX_ADDED_WORDS) {
      const instance = winkNLP(this.#loaders as unknown as Parameters<typeof winkNLP>[0], [...WINK_PIPELINE]);
      instance.readDoc(UNKNOWN_WORD);
      this.#checkLayout(instance);
      this.#memory = new LexemeMemory(this.#lexeme);
      const cache = this.#takeCache();
      this.#memory.install(cache, this.#lexemeSize);
      this.#facts = new LexemeFacts(cache as WinkLexemeCache & WinkLexemeReader);
      this.#instance = instance;
    }
    this.#memory!.hideText();
    return this.#instance;
  }

  /**
   * The data of the document the instance read last (see WinkDocumentData), handed over once: kept
   * here until the next text, it would outlive its reader and be promoted to the old generation.
   */
  takeDocument(): WinkDocumentData {
    const document = this.#document;
    this.#document = undefined;
    if (document === undefined) throw new Error('wink-nlp did not hand a document to the model');
    return document;
  }

  /** The pos stage as loaded, its setter also keeping the document it completes. */
  #withDocumentCapture(loaded: unknown): unknown {
    const stage = loaded as { setter: (data: WinkDocumentData, ...rest: unknown[]) => unknown };
    const setter = stage.setter;
    return {
      ...stage,
      setter: (data: WinkDocumentData, ...rest: unknown[]) => {
        this.#document = data;
        return setter(data, ...rest);
      },
    };
  }

  /**
   * Reads LAYOUT_PROBE through `out()` and through the raw readers and throws if they disagree: the
   * readers follow wink-nlp 2.4's internal layout, and a wink-nlp that stores documents otherwise
   * must stop the analytics with a clear message rather than give wrong numbers. Once per instance;
   * the probe's words are hidden before the first text, like UNKNOWN_WORD's.
   */
  #checkLayout(instance: ReturnType<typeof winkNLP>): void {
    const doc = instance.readDoc(LAYOUT_PROBE);
    if (!rawReadersAgree(this.takeDocument(), doc, instance.its, this.posNames))
      throw new Error(
        `wink-nlp ${WINK_NLP_VERSION} stores documents differently from the 2.4 layout Styler reads; install wink-nlp 2.4`,
      );
  }

  /** Facts of the current instance's lexemes (a new table with each new instance). */
  get facts(): LexemeFacts {
    return this.#facts!;
  }

  /** The lexeme cache the new instance handed to the model while reading UNKNOWN_WORD. */
  #takeCache(): WinkLexemeCache {
    const cache = this.#cache;
    this.#cache = undefined;
    if (cache === undefined) throw new Error('wink-nlp did not hand its lexeme cache to the model');
    return cache;
  }

  /** The core model as read, every table's additions taken out (for a new instance). */
  #reset(): unknown {
    for (const { table, size } of this.#tables) {
      for (let i = size; i < table.list.length; i += 1) delete table.hash[table.list[i] as string];
      table.list.length = size;
      table.index = size;
    }
    return this.#core;
  }
}

let thread: WinkInstance | undefined;

/**
 * This thread's wink-nlp instance, in the same state for every text (see WinkInstance). Read
 * everything needed from a document before asking again: asking hides the previous text's words.
 */
export function wink(): ReturnType<typeof winkNLP> {
  thread ??= new WinkInstance();
  return thread.forNextText();
}

/** The raw data of the document the instance `wink()` last returned has just read (once per document). */
export function winkDocumentData(): WinkDocumentData {
  if (thread === undefined) throw new Error('winkDocumentData() before wink()');
  return thread.takeDocument();
}

/** The model's part-of-speech names, by the index `winkPosIndexAt` gives. */
export function winkPosNames(): readonly string[] {
  if (thread === undefined) throw new Error('winkPosNames() before wink()');
  return thread.posNames;
}

/** Facts of the lexemes of the instance `wink()` last returned, by lexeme index (`its.uniqueId`). */
export function winkLexemeFacts(): LexemeFacts {
  if (thread === undefined) throw new Error('winkLexemeFacts() before wink()');
  return thread.facts;
}
