import type { SymbolTable } from './symbols.js';
import type { FeatureSink } from './templates.js';
import { featureKey, TEMPLATE_ARITIES, TEMPLATE_NAMES } from './templates.js';

/** One model of the weights file as stored: classes, biases and one weight row per feature name. */
export interface LinearModelJson {
  classes: string[];
  bias: number[];
  /** Feature name ("c.role-intro|main+|because") → one weight per class. */
  weights: Record<string, number[]>;
}

/**
 * A multinomial logistic regression over sparse binary-count features: score_k = bias_k +
 * Σ_features weight_k, P = softmax(score). Features are packed integer keys (templates.ts).
 */
export class LinearModel implements FeatureSink {
  readonly classes: readonly string[];
  readonly #bias: Float64Array;
  /**
   * Open-addressing table of entries [feature key, one weight per class] (key -1: empty), read
   * through two views of one buffer: the key as an integer, the weights as single precision (ample
   * for weights stored to 1/scale). A lookup touches one entry instead of a key table and a
   * separate weight row.
   */
  readonly #keys: Int32Array;
  readonly #weights: Float32Array;
  /** Entry size in 32-bit words: the key and `classes.length` weights. */
  readonly #stride: number;
  /** Entries - 1 (their number is a power of two). */
  readonly #mask: number;
  readonly #shift: number;
  readonly #scores: Float64Array;

  /**
   * Reads one model of a weights file; `scale` divides the stored integers. Feature names are
   * turned into keys through `table`, which admits the open-class words they name. Throws a
   * TypeError naming what is malformed.
   */
  constructor(json: LinearModelJson, scale: number, table: SymbolTable, label: string) {
    const classes = json.classes;
    if (!Array.isArray(classes) || classes.length < 2 || !classes.every((c) => typeof c === 'string'))
      throw new TypeError(`${label}.classes must list at least two class names`);
    const width = classes.length;
    const isRow = (row: unknown): row is number[] =>
      Array.isArray(row) && row.length === width && row.every((w) => Number.isFinite(w));
    if (!isRow(json.bias)) throw new TypeError(`${label}.bias must hold ${width} numbers`);
    if (typeof json.weights !== 'object' || json.weights === null)
      throw new TypeError(`${label}.weights must be an object`);
    const entries = Object.entries(json.weights);
    // A power of two at least twice the features: short probe runs.
    const bits = Math.max(4, Math.ceil(Math.log2(entries.length * 2 + 1)));
    this.#stride = width + 1;
    this.#mask = (1 << bits) - 1;
    this.#shift = 32 - bits;
    const buffer = new ArrayBuffer((1 << bits) * this.#stride * 4);
    this.#keys = new Int32Array(buffer);
    this.#weights = new Float32Array(buffer);
    for (let entry = 0; entry <= this.#mask; entry += 1) this.#keys[entry * this.#stride] = -1;
    this.classes = classes;
    this.#bias = Float64Array.from(json.bias, (w) => w / scale);
    this.#scores = new Float64Array(width);
    const templates = new Map(TEMPLATE_NAMES.map((name, id) => [name, id]));
    for (const [name, row] of entries) {
      if (!isRow(row)) throw new TypeError(`${label}.weights["${name}"] must hold ${width} numbers`);
      const [templateName = '', ...symbols] = name.split('|');
      const template = templates.get(templateName);
      if (template === undefined || symbols.length !== TEMPLATE_ARITIES[template])
        throw new TypeError(`${label}.weights names an unknown feature "${name}"`);
      // An unused symbol slot is 0, as the extractors pass it.
      const [a, b] = symbols.map((symbol) => table.grow(symbol));
      const key = featureKey(template, a ?? 0, b ?? 0);
      const at = this.#entry(key);
      if (this.#keys[at] === key) throw new TypeError(`${label}.weights names "${name}" twice`);
      this.#keys[at] = key;
      for (let k = 0; k < width; k += 1) this.#weights[at + 1 + k] = (row[k] ?? 0) / scale;
    }
  }

  /** Offset of the entry holding `key`, or of the empty entry where it would go (Fibonacci hashing, linear probing). */
  #entry(key: number): number {
    let entry = Math.imul(key, 0x9e3779b1) >>> this.#shift;
    for (;;) {
      const at = entry * this.#stride;
      const found = this.#keys[at] ?? -1;
      if (found === key || found === -1) return at;
      entry = (entry + 1) & this.#mask;
    }
  }

  /** Number of features with weights. */
  get features(): number {
    let count = 0;
    for (let at = 0; at < this.#keys.length; at += this.#stride) if (this.#keys[at] !== -1) count += 1;
    return count;
  }

  /** Starts a new example: scores back to the biases. */
  reset(): void {
    this.#scores.set(this.#bias);
  }

  /** Adds a feature's weights to the scores (FeatureSink); features the model lacks count nothing. */
  add(template: number, a: number, b: number): void {
    if (a < 0 || b < 0) return;
    const key = featureKey(template, a, b);
    // The probe of #entry, inlined: this runs for every feature of every sentence.
    const keys = this.#keys;
    const stride = this.#stride;
    const mask = this.#mask;
    let entry = Math.imul(key, 0x9e3779b1) >>> this.#shift;
    let at = entry * stride;
    let found = keys[at]!;
    while (found !== key) {
      if (found === -1) return;
      entry = (entry + 1) & mask;
      at = entry * stride;
      found = keys[at]!;
    }
    const scores = this.#scores;
    const weights = this.#weights;
    const width = scores.length;
    for (let k = 0; k < width; k += 1) scores[k] = scores[k]! + weights[at + 1 + k]!;
  }

  /** Softmax of the scores so far into `out` (length = classes); returns `out`. */
  probabilities(out: Float64Array): Float64Array {
    const scores = this.#scores;
    let max = -Infinity;
    for (const score of scores) if (score > max) max = score;
    let total = 0;
    for (let k = 0; k < scores.length; k += 1) {
      const e = Math.exp((scores[k] ?? 0) - max);
      out[k] = e;
      total += e;
    }
    for (let k = 0; k < scores.length; k += 1) out[k] = (out[k] ?? 0) / total;
    return out;
  }
}
