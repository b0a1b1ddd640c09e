/**
 * Each style model's brief (the voice in words, for an LLM), made once per model object: the model
 * cache hands out the same object while it keeps it, and a model dropped from it takes its brief along.
 */
import { styleBrief, type StyleBrief, type StyleModel } from '@styler/engine';

const briefs = new WeakMap<StyleModel, StyleBrief>();

export function briefOf(model: StyleModel): StyleBrief {
  let brief = briefs.get(model);
  if (brief === undefined) {
    brief = styleBrief(model);
    briefs.set(model, brief);
  }
  return brief;
}
