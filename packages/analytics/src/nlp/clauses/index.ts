export { classifyTokens, classifyTokensByRules } from './classify-tokens.js';
export type { RuleReading, SentenceClassification } from './rule-reading.js';
export { readSentenceRules, ruleClassification, structureFromCounts } from './rule-reading.js';
export type { ClauseCounts, ClauseReading, ClauseRole } from './clause-counts.js';
export type { PassiveCandidate, PassiveReading } from './voice.js';
