/** A growable feature table of wink's core model: value → index, index → value, next index. */
export interface FeatureTable {
  hash: Record<string, number | undefined>;
  list: unknown[];
  index: number;
}

/** wink-nlp's per-instance lexeme cache (wink-nlp/src/cache.js): the method its documents call to add a word. */
export interface WinkLexemeCache {
  add(text: string, category: number): number;
}

/** Most model words LexemeMemory answers from its own Map. */
const MAX_MODEL_WORDS = 4096;

/** A lexeme wink added: its token category, its index in the lexeme table, the index of its normal. */
interface AddedLexeme {
  category: number;
  index: number;
  normal: number;
}

/**
 * The words a wink instance added, kept across texts but visible to its tokenizer only in the text
 * that adds them, so that each text is read as by a new instance while a word met again costs a map
 * lookup instead of wink's feature extraction and a new table entry.
 *
 * Why this is exact: wink's `add(text, category)` gives a new lexeme (a text and, if different, its
 * lower case) a record of features that depend only on the string and the category (prefix, suffix,
 * shape, case, abbreviation, and a part of speech from the category and whether the lower case is in
 * the model's own vocabulary), plus the index of its normal (the lower-case lexeme). A kept record is
 * therefore reused only for the same string, the same category and, for a word that is not lower
 * case, a normal that is the one visible now; otherwise wink adds the word afresh, as a new instance
 * would. Hiding a word sets its lookup entry to undefined (wink's tokenizer and `add` both read
 * undefined as absent) rather than deleting the key, which kept a huge dictionary churning.
 */
export class LexemeMemory {
  readonly #hash: FeatureTable['hash'];
  readonly #list: unknown[];
  readonly #added = new Map<string, AddedLexeme[]>();
  /** Words made visible in the current text (model words excepted). */
  #visible: string[] = [];
  /** Lexemes below this index are the model's own: their lookup entries never change. */
  #modelSize = 0;
  /**
   * Model words met through `add` (mostly punctuation, which wink's tokenizer adds without a lookup
   * first), with their index, when their lower case is a model word too. Why: such an `add` only
   * returns the index, and a small Map answers it without a probe of wink's huge lookup table.
   */
  readonly #modelWords = new Map<string, number>();

  constructor(lexeme: FeatureTable) {
    this.#hash = lexeme.hash;
    this.#list = lexeme.list;
  }

  /**
   * Routes a wink cache's `add` through this memory; lexemes wink added from `firstAdded` on (before
   * this call) are hidden at the next text.
   */
  install(cache: WinkLexemeCache, firstAdded: number): void {
    const add = cache.add;
    this.#modelSize = firstAdded;
    // Added before the memory was in place (their categories unknown): only hidden.
    for (let i = firstAdded; i < this.#list.length; i += 1) this.#visible.push(this.#list[i] as string);
    cache.add = (text, category) => this.#add(add, text, category);
  }

  /** Hides every word the current text made visible. */
  hideText(): void {
    const hash = this.#hash;
    for (const word of this.#visible) hash[word] = undefined;
    this.#visible = [];
  }

  #add(add: WinkLexemeCache['add'], text: string, category: number): number {
    const known = this.#modelWords.get(text);
    if (known !== undefined) return known;
    const hash = this.#hash;
    const lower = text.toLowerCase();
    const index = hash[text];
    if (index !== undefined) {
      // wink adds the lower case of a visible word if it is missing.
      if (lower !== text && hash[lower] === undefined && this.#restore(lower, category, undefined) === undefined)
        this.#create(add, text, category);
      else if (index < this.#modelSize && (lower === text || hash[lower]! < this.#modelSize))
        this.#keepModelWord(text, index);
      return index;
    }
    const normal = lower === text ? undefined : (hash[lower] ?? this.#restore(lower, category, undefined));
    if (lower === text || normal !== undefined) {
      const restored = this.#restore(text, category, normal);
      if (restored !== undefined) return restored;
    }
    return this.#create(add, text, category);
  }

  #keepModelWord(text: string, index: number): void {
    // Bounded: a text of unusual spellings never grows the Map past a few hundred kilobytes.
    if (this.#modelWords.size >= MAX_MODEL_WORDS) this.#modelWords.clear();
    this.#modelWords.set(text, index);
  }

  /** Makes a kept lexeme visible: `word` with `category` whose normal is `normal` (undefined: itself). */
  #restore(word: string, category: number, normal: number | undefined): number | undefined {
    const kept = this.#added.get(word);
    if (kept === undefined) return undefined;
    for (const lexeme of kept) {
      if (lexeme.category === category && lexeme.normal === (normal ?? lexeme.index)) {
        this.#hash[word] = lexeme.index;
        this.#visible.push(word);
        return lexeme.index;
      }
    }
    return undefined;
  }

  /** Lets wink add the word (and its lower case) and remembers what it added. */
  #create(add: WinkLexemeCache['add'], text: string, category: number): number {
    const from = this.#list.length;
    const index = add(text, category);
    this.#remember(from, category);
    return index;
  }

  #remember(from: number, category: number): void {
    for (let i = from; i < this.#list.length; i += 1) {
      const word = this.#list[i] as string;
      const lexeme = { category, index: i, normal: this.#hash[word.toLowerCase()] ?? i };
      const kept = this.#added.get(word);
      if (kept === undefined) this.#added.set(word, [lexeme]);
      else kept.push(lexeme);
      this.#visible.push(word);
    }
  }
}
