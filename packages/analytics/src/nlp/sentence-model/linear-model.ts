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
  /** Weight rows, one per feature; single precision is ample for weights stored to 1/scale. */
  readonly #weights: Float32Array;
  /**
   * Open-addressing table of [feature key, weight offset] pairs (key -1: empty), side by side so
   * that a lookup touches one cache line.
   */
  readonly #slots: Int32Array;
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
    this.#slots = new Int32Array(2 << bits).fill(-1);
    this.#shift = 32 - bits;
    this.classes = classes;
    this.#bias = Float64Array.from(json.bias, (w) => w / scale);
    this.#weights = new Float32Array(entries.length * width);
    this.#scores = new Float64Array(width);
    const templates = new Map(TEMPLATE_NAMES.map((name, id) => [name, id]));
    entries.forEach(([name, row], index) => {
      if (!isRow(row)) throw new TypeError(`${label}.weights["${name}"] must hold ${width} numbers`);
      const [templateName = '', ...symbols] = name.split('|');
      const template = templates.get(templateName);
      if (template === undefined || symbols.length !== TEMPLATE_ARITIES[template])
        throw new TypeError(`${label}.weights names an unknown feature "${name}"`);
      // An unused symbol slot is 0, as the extractors pass it.
      const [a, b] = symbols.map((symbol) => table.grow(symbol));
      const key = featureKey(template, a ?? 0, b ?? 0);
      const slot = this.#slot(key);
      if (this.#slots[slot] === key) throw new TypeError(`${label}.weights names "${name}" twice`);
      this.#slots[slot] = key;
      this.#slots[slot + 1] = index * width;
      for (let k = 0; k < width; k += 1) this.#weights[index * width + k] = (row[k] ?? 0) / scale;
    });
  }

  /** Index of the pair holding `key`, or of the empty pair where it would go (Fibonacci hashing, linear probing). */
  #slot(key: number): number {
    const slots = this.#slots;
    const mask = slots.length - 1;
    let slot = (Math.imul(key, 0x9e3779b1) >>> this.#shift) << 1;
    for (;;) {
      const found = slots[slot] ?? -1;
      if (found === key || found === -1) return slot;
      slot = (slot + 2) & mask;
    }
  }

  /** Number of features with weights. */
  get features(): number {
    let count = 0;
    for (let slot = 0; slot < this.#slots.length; slot += 2) if (this.#slots[slot] !== -1) count += 1;
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
    // The probe of #slot, inlined: this runs for every feature of every sentence.
    const slots = this.#slots;
    const mask = slots.length - 1;
    let slot = (Math.imul(key, 0x9e3779b1) >>> this.#shift) << 1;
    let found = slots[slot]!;
    while (found !== key) {
      if (found === -1) return;
      slot = (slot + 2) & mask;
      found = slots[slot]!;
    }
    const row = slots[slot + 1]!;
    const scores = this.#scores;
    const weights = this.#weights;
    const width = scores.length;
    for (let k = 0; k < width; k += 1) scores[k] = scores[k]! + weights[row + k]!;
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
