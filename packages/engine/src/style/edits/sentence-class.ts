/** Sentence classes as the classifier gives them and as edits predict them: shared by the operations and the engine. */
import type { SentenceStructure, SentenceVoice } from '@styler-dev/analytics/metrics';

/** The class of one sentence, as the classifier gives it or an edit predicts it. */
export interface SentenceClassCounts {
  structure: SentenceStructure;
  voice: SentenceVoice;
  independentClauses: number;
  dependentClauses: number;
}

/** A sentence class; every one is made here, so all have one shape (fast property access). */
export function sentenceClass(
  structure: SentenceStructure,
  voice: SentenceVoice,
  independentClauses: number,
  dependentClauses: number,
): SentenceClassCounts {
  return { structure, voice, independentClauses, dependentClauses };
}
