import type { SentenceStructure, SentenceVoice } from '../../vocabulary/features.js';
import type { TaggedToken } from '../tagged-token.js';
import type { ClauseReading } from './clause-counts.js';
import { countClauses } from './clause-counts.js';
import type { SentenceView } from './sentence-view.js';
import { sentenceView } from './sentence-view.js';
import { findVerbGroups } from './verb-groups.js';
import type { PassiveCandidate } from './voice.js';
import { findPassiveCandidates } from './voice.js';

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

/** Everything the clause and voice rules read in one sentence, with their counts and voice. */
export interface RuleReading {
  view: SentenceView;
  /** One reading per verb group, in order. */
  readings: ClauseReading[];
  /** Every "be/get … participle" pair the voice rule considered. */
  candidates: PassiveCandidate[];
  independentClauses: number;
  dependentClauses: number;
  /** The voice rule found a passive clause. */
  passive: boolean;
}

/**
 * Runs the clause and voice rules over one tagged sentence and keeps what they read: finite verb
 * groups are clauses, their subject and introducer make them main or subordinate, and be/get +
 * past participle makes the sentence passive. O(n) in tokens; never throws on malformed tokens
 * (they read as unknown words).
 */
export function readSentenceRules(tokens: readonly TaggedToken[]): RuleReading {
  const view = sentenceView(tokens);
  const readings: ClauseReading[] = [];
  const candidates: PassiveCandidate[] = [];
  const { independentClauses, dependentClauses } = countClauses(view, findVerbGroups(view), readings);
  const passive = findPassiveCandidates(view, candidates);
  return { view, readings, candidates, independentClauses, dependentClauses, passive };
}

/** The rules' own answer for a reading: the class of their clause counts and their voice. */
export function ruleClassification(rule: RuleReading): SentenceClassification {
  return {
    structure: structureFromCounts(rule.independentClauses, rule.dependentClauses),
    voice: rule.passive ? 'passive' : 'active',
    independentClauses: rule.independentClauses,
    dependentClauses: rule.dependentClauses,
  };
}
