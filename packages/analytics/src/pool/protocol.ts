import type { SerializedError } from '../errors.js';

/** One call of a task by name, as sent to a pool thread. */
export interface PoolRequest {
  method: string;
  args: unknown[];
}

/** Errors travel as data: structured cloning would drop an error's class and code. */
export type PoolResponse = { ok: true; value: unknown } | { ok: false; error: SerializedError };

/** What a task module exports: its tasks by name. */
export type TaskTable = Readonly<Record<string, (...args: never[]) => unknown>>;
