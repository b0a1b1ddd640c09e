import type { SerializedError } from '../errors.js';

/** The calls a worker answers; each names a library function. */
export const POOL_METHODS = ['analyzeText', 'buildGroundTruth', 'qualityAnalytics', 'fitStyle', 'restyle'] as const;
export type PoolMethod = (typeof POOL_METHODS)[number];

export interface PoolRequest {
  method: PoolMethod;
  args: unknown[];
}

/** Errors travel as data: structured cloning would drop an error's class and code. */
export type PoolResponse = { ok: true; value: unknown } | { ok: false; error: SerializedError };
