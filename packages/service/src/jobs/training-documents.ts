/**
 * The documents a style model is fitted on, from its training files' texts: each text split at
 * lines holding only *** (the engine's splitDocuments). A fine-tuning job and `styler fit` both
 * take their documents from here, so the two fit the same model from the same files.
 */
import { splitDocuments } from '@styler-dev/engine';

/** Why there is nothing to fit: said by the job's error and by the CLI. */
export const NO_DOCUMENTS = 'The training files hold no documents to learn from.';

/** The documents of the files' texts, in order; empty when none holds a document. */
export function trainingDocuments(texts: Iterable<string>): string[] {
  const documents: string[] = [];
  for (const text of texts) documents.push(...splitDocuments(text));
  return documents;
}
