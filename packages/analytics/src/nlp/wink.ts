import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/**
 * Only sentence boundaries and part-of-speech tags are needed. Leaving out wink's negation,
 * sentiment, named-entity and custom-entity stages makes a pass about 1.7x faster with the same
 * tokens, types, tags and sentences (checked on the corpora: bench/accuracy/wink-pipeline.mjs).
 */
export const WINK_PIPELINE = Object.freeze(['sbd', 'pos']);

/** The one wink-nlp instance of this thread; loading the model costs ~100 ms, so it is made once. */
let instance: ReturnType<typeof winkNLP> | undefined;

export function wink(): ReturnType<typeof winkNLP> {
  instance ??= winkNLP(model, [...WINK_PIPELINE]);
  return instance;
}
