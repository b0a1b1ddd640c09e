import type { SerializedError } from '../errors.js';

/**
 * An argument a thread keeps between calls (a style model, a ground truth): sent by `key` alone,
 * with its `value` only when the thread answered that it does not hold it yet.
 */
export interface SharedArgument {
  /** Which argument it is; the request's `args[index]` is a placeholder. */
  index: number;
  key: string;
  value?: unknown;
}

/** One call of a task by name, as sent to a pool thread. */
export interface PoolRequest {
  method: string;
  args: unknown[];
  shared?: SharedArgument;
}

/**
 * Errors travel as data: structured cloning would drop an error's class and code. `missing`: the
 * thread does not hold the shared argument; send it again with its value.
 */
export type PoolResponse =
  { ok: true; value: unknown } | { ok: false; error: SerializedError } | { ok: false; missing: string };

/** What a task module exports: its tasks by name. */
export type TaskTable = Readonly<Record<string, (...args: never[]) => unknown>>;
