import type { TaggedToken } from '../tagged-token.js';
import { decideSentence } from '../sentence-model/index.js';
import type { SentenceClassification } from './rule-reading.js';
import { readSentenceRules, ruleClassification } from './rule-reading.js';

/**
 * Classifies one tagged sentence: the clause and voice rules read it (no parser: verb groups,
 * subjects, introducers, be/get + participle), and the learned sentence model, trained on UD
 * English EWT train with the rules' reading among its features, decides structure and voice
 * (docs/ACCURACY.md). O(n) in tokens; never throws on malformed tokens (they read as unknown words).
 */
export function classifyTokens(tokens: readonly TaggedToken[]): SentenceClassification {
  if (!Array.isArray(tokens)) throw new TypeError('tokens must be an array of TaggedToken');
  return decideSentence(readSentenceRules(tokens));
}

/** The rules alone, without the learned decision: for comparison (bench/accuracy) and tests of the rules. */
export function classifyTokensByRules(tokens: readonly TaggedToken[]): SentenceClassification {
  if (!Array.isArray(tokens)) throw new TypeError('tokens must be an array of TaggedToken');
  return ruleClassification(readSentenceRules(tokens));
}
