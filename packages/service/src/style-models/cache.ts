/** Resolves a transform's `model` to its learned StyleModel, keeping recently used ones parsed. */
import { ServiceError } from '../errors.js';
import type { StylerStore } from '../store/index.js';
import type { StyleModel } from '@styler-dev/engine';

/**
 * A small LRU cache of parsed StyleModels, scoped by organization. A kept model is handed out only
 * after the store confirms the model still exists (a light row read; while the database is away the
 * store's read cache answers within its TTL), so a model deleted by another process stops working.
 */
export class StyleModelCache {
  readonly #store: StylerStore;
  readonly #capacity: number;
  readonly #entries = new Map<string, StyleModel>();

  /** `capacity` models stay parsed (0 disables the cache). */
  constructor(store: StylerStore, capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError('capacity must be a non-negative integer');
    this.#store = store;
    this.#capacity = capacity;
  }

  /**
   * The organization's model `name`. Throws ServiceError model_not_found (404) for a name this
   * organization does not have; when the name is one of its jobs, the message says the job has
   * not produced a model (yet).
   */
  async get(organizationId: string, name: string): Promise<StyleModel> {
    const key = `${organizationId}\u0000${name}`;
    const cached = this.#entries.get(key);
    if (cached) {
      // Kept in place while the store is asked, so concurrent requests share the parsed model.
      if ((await this.#store.models.get(organizationId, name)) === undefined) {
        this.#entries.delete(key);
        throw await this.#notFound(organizationId, name);
      }
      // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
      if (this.#entries.get(key) === cached) this.#entries.delete(key);
      this.#entries.set(key, cached);
      return cached;
    }
    const json = await this.#store.models.getModelJson(organizationId, name);
    if (json === undefined) throw await this.#notFound(organizationId, name);
    const model = JSON.parse(json) as StyleModel;
    if (this.#capacity > 0) {
      this.#entries.set(key, model);
      if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value as string);
    }
    return model;
  }

  /** Forgets a model (after it is deleted). */
  evict(organizationId: string, name: string): void {
    this.#entries.delete(`${organizationId}\u0000${name}`);
  }

  async #notFound(organizationId: string, name: string): Promise<ServiceError> {
    const job = await this.#store.jobs.get(organizationId, name);
    if (!job) return new ServiceError('model_not_found');
    return new ServiceError(
      'model_not_found',
      job.status === 'succeeded' && job.fineTunedModel
        ? `Model not found: ${name} is a fine-tuning job; use its fine_tuned_model, ${job.fineTunedModel}.`
        : `Model not found: fine-tuning job ${name} is ${job.status} and has no trained model.`,
    );
  }
}
