/** Small checks shared by the request parsers: plain objects, known keys, list parameters. */
import { StylerError, type ErrorCode } from '@styler/analytics/errors';
import type { PageQuery } from '../store/index.js';

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The keys of `value` not in `allowed`. */
export function unknownKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>): string[] {
  return Object.keys(value).filter((key) => !allowed.has(key));
}

/** Limits of a list endpoint's `limit` parameter. */
export interface ListLimits {
  defaultLimit: number;
  maxLimit: number;
}

/**
 * Parses `limit` (integer from 1 to maxLimit), `after` (an id) and `order` ('asc' | 'desc') from a
 * query string object. Throws StylerError `code` (default invalid_input) naming the bad parameter.
 */
export function parseListQuery(query: unknown, limits: ListLimits, code: ErrorCode = 'invalid_input'): PageQuery {
  const params = isPlainObject(query) ? query : {};
  const result: PageQuery = { limit: limits.defaultLimit };
  const { limit, after, order } = params;
  if (limit !== undefined) {
    const value = typeof limit === 'string' && /^\d{1,9}$/.test(limit) ? Number(limit) : Number.NaN;
    if (!(value >= 1 && value <= limits.maxLimit)) {
      throw new StylerError(code, `limit must be an integer from 1 to ${limits.maxLimit}.`);
    }
    result.limit = value;
  }
  if (after !== undefined) {
    if (typeof after !== 'string' || after === '')
      throw new StylerError(code, 'after must be an id from an earlier page.');
    result.after = after;
  }
  if (order !== undefined) {
    if (order !== 'asc' && order !== 'desc') throw new StylerError(code, "order must be 'asc' or 'desc'.");
    result.order = order;
  }
  return result;
}
