/**
 * Each style model's brief (the voice in words, for an LLM). The words it says the author favours
 * are measured by keyness against the other texts the service knows: the organization's other
 * models (the newest few, so the first brief stays quick). A brief is made once per model object:
 * the model cache hands out the same object while it keeps it, and a model dropped from it takes
 * its brief along.
 */
import { briefMessages, keynessReference, styleBrief, type StyleBrief, type StyleModel } from '@styler-dev/engine';
import type { ChatMessage } from '@styler-dev/engine/providers';
import type { StylerStore } from '../store/index.js';
import type { StyleModelCache } from './cache.js';

/** Other models of the organization read for the keyness reference. */
const REFERENCE_MODELS = 8;

export class StyleBriefs {
  readonly #store: StylerStore;
  readonly #models: StyleModelCache;
  readonly #briefs = new WeakMap<StyleModel, Promise<StyleBrief>>();

  constructor(store: StylerStore, models: StyleModelCache) {
    this.#store = store;
    this.#models = models;
  }

  /** The brief of `model`, the organization's model named `name`. */
  of(organizationId: string, name: string, model: StyleModel): Promise<StyleBrief> {
    let brief = this.#briefs.get(model);
    if (brief === undefined) {
      brief = this.#make(organizationId, name, model);
      // A failure (the database away) is not kept: the next request tries again.
      brief.catch(() => this.#briefs.delete(model));
      this.#briefs.set(model, brief);
    }
    return brief;
  }

  /** Full mode's messages for `model`: its brief as a system message, then the user's `messages`. */
  async fullModeMessages(
    organizationId: string,
    name: string,
    model: StyleModel,
    messages: readonly ChatMessage[],
  ): Promise<ChatMessage[]> {
    return briefMessages(await this.of(organizationId, name, model), { kind: 'full', messages });
  }

  /** A rewrite's messages for `model`: the rewrite rules and its brief, then the text to rewrite. */
  async rewriteMessages(organizationId: string, name: string, model: StyleModel, text: string): Promise<ChatMessage[]> {
    return briefMessages(await this.of(organizationId, name, model), {
      kind: 'rewrite',
      text,
      matchLength: model.matchOutputLength,
    });
  }

  async #make(organizationId: string, name: string, model: StyleModel): Promise<StyleBrief> {
    const page = await this.#store.models.list(organizationId, { limit: REFERENCE_MODELS + 1 });
    const others = (page?.data ?? []).filter((record) => record.name !== name).slice(0, REFERENCE_MODELS);
    const references = await Promise.all(others.map((record) => this.#models.get(organizationId, record.name)));
    return references.length > 0 ? styleBrief(model, { reference: keynessReference(references) }) : styleBrief(model);
  }
}
