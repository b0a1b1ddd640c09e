import type { SentenceStructure, SentenceVoice } from '../../vocabulary/features.js';
import type { TaggedToken } from '../tagged-token.js';
import { countClauses } from './clause-counts.js';
import { sentenceView } from './sentence-view.js';
import { findVerbGroups } from './verb-groups.js';
import { hasPassiveClause } from './voice.js';

/** Structure, voice and clause counts of one sentence. */
export interface SentenceClassification {
  structure: SentenceStructure;
  voice: SentenceVoice;
  /** Main clauses (0 means a fragment). */
  independentClauses: number;
  /** Finite subordinate clauses. */
  dependentClauses: number;
}

/**
 * Sentence structure class from clause counts I (independent) and D (dependent):
 * I = 0 fragment/unknown; I = 1, D = 0 simple; I ≥ 2, D = 0 compound; I = 1, D ≥ 1 complex;
 * I ≥ 2, D ≥ 1 compound-complex (METRICS.md).
 */
export function structureFromCounts(independentClauses: number, dependentClauses: number): SentenceStructure {
  if (independentClauses === 0) return 'fragment/unknown';
  if (dependentClauses === 0) return independentClauses === 1 ? 'simple' : 'compound';
  return independentClauses === 1 ? 'complex' : 'compound-complex';
}

/**
 * Classifies one tagged sentence by rules over its tokens, UPOS tags and closed word lists (no
 * parser): finite verb groups are clauses, their subject and introducer make them main or
 * subordinate, and be/get + past participle makes the sentence passive. O(n) in tokens; never
 * throws on malformed tokens (they read as unknown words).
 */
export function classifyTokens(tokens: readonly TaggedToken[]): SentenceClassification {
  if (!Array.isArray(tokens)) throw new TypeError('tokens must be an array of TaggedToken');
  const view = sentenceView(tokens);
  const groups = findVerbGroups(view);
  const { independentClauses, dependentClauses } = countClauses(view, groups);
  return {
    structure: structureFromCounts(independentClauses, dependentClauses),
    voice: hasPassiveClause(view) ? 'passive' : 'active',
    independentClauses,
    dependentClauses,
  };
}
