import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * Only sentence boundaries and part-of-speech tags are needed. Leaving out wink's negation,
 * sentiment, named-entity and custom-entity stages makes a pass about 1.7x faster with the same
 * tokens, types, tags and sentences (checked on the corpora: bench/accuracy/wink-pipeline.mjs).
 */
export const WINK_PIPELINE = Object.freeze(['sbd', 'pos']);

/** A growable feature table of wink's core model: value → index, index → value, next index. */
interface FeatureTable {
  hash: Record<string, number>;
  list: unknown[];
  index: number;
}

type Loaders = Record<'core' | 'sbd' | 'pos' | 'ner' | 'negation' | 'sa' | 'metaCER', () => unknown>;

/** A state machine that recognises nothing, for the stages the pipeline leaves out. */
const NO_MACHINE = JSON.stringify([100, 0, {}, {}, {}, {}]);

/** Pipeline stages and the model loaders they need. */
const STAGE_LOADERS: Record<string, keyof Loaders> = { ner: 'ner', negation: 'negation', sentiment: 'sa' };

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
 * Their entries stay behind (wink's instance holds their properties by position), unreachable, and
 * their positions, like the indices of new prefixes, suffixes and shapes, are only identities to
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
  #instance: ReturnType<typeof winkNLP> | undefined;
  /** Lexeme entries before this mark are hidden or the model's own. */
  #mark = 0;

  constructor() {
    const loaders = model as unknown as Loaders;
    this.#core = loaders.core() as { features: Record<string, unknown> };
    this.#tables = Object.values(this.#core.features)
      .filter((f): f is FeatureTable => {
        const table = f as Partial<FeatureTable>;
        return typeof table.hash === 'object' && Array.isArray(table.list) && typeof table.index === 'number';
      })
      .map((table) => ({ table, size: table.list.length }));
    this.#lexeme = this.#core.features.lexeme as FeatureTable;
    const once = (name: keyof Loaders): (() => unknown) => {
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
    this.#loaders = {
      ...(model as unknown as Record<string, unknown>),
      core: () => this.#reset(),
      sbd: once('sbd'),
      pos: once('pos'),
      ner: once('ner'),
      negation: once('negation'),
      sa: once('sa'),
      // wink-eng-lite-web-model's loader stringifies its machines again on every call.
      metaCER: once('metaCER'),
    };
  }

  /** The instance, with the words the previous text added out of its lookup. */
  forNextText(): ReturnType<typeof winkNLP> {
    const lexeme = this.#lexeme;
    const size = this.#tables.find(({ table }) => table === lexeme)!.size;
    if (this.#instance === undefined || lexeme.list.length - size > MAX_ADDED_WORDS) {
      this.#instance = winkNLP(this.#loaders as unknown as Parameters<typeof winkNLP>[0], [...WINK_PIPELINE]);
    }
    for (let i = Math.max(this.#mark, size); i < lexeme.list.length; i += 1)
      delete lexeme.hash[lexeme.list[i] as string];
    this.#mark = lexeme.list.length;
    return this.#instance;
  }

  /** The core model as read, every table's additions taken out (for a new instance). */
  #reset(): unknown {
    for (const { table, size } of this.#tables) {
      for (let i = size; i < table.list.length; i += 1) delete table.hash[table.list[i] as string];
      table.list.length = size;
      table.index = size;
    }
    this.#mark = 0;
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
