export type { SentenceClassification } from './classify-tokens.js';
export { classifyTokens, structureFromCounts } from './classify-tokens.js';
export type { ClauseCounts } from './clause-counts.js';
