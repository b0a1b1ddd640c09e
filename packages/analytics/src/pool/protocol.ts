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

/** What a task module offers: its tasks by name, each with its own arguments and result. */
export type TaskSignatures = Record<string, (...args: never[]) => unknown>;

/**
 * The message of one call: one type per task of `Tasks`, its name and its own argument list (a
 * shared argument travels as a null placeholder beside `shared`).
 */
export type TaskRequest<Tasks extends TaskSignatures> = {
  [M in keyof Tasks & string]: { method: M; args: Parameters<Tasks[M]>; shared?: SharedArgument };
}[keyof Tasks & string];

/** A call as a thread receives it, before it is matched to its task. */
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
export type TaskTable = Readonly<TaskSignatures>;
