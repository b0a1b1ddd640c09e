/**
 * A pool thread: loads the task modules the pool names (once, so wink's model and the dictionaries
 * stay warm between tasks) and answers Piscina's calls with their tasks.
 */
import { workerData } from 'node:worker_threads';
import { serializeError } from '../errors.js';
import { createHeapReleaser } from './heap-release.js';
import type { PoolRequest, PoolResponse, TaskTable } from './protocol.js';

const { taskModules } = workerData as { taskModules: string[] };
const handlers = new Map<string, TaskTable[string]>();
for (const href of taskModules) {
  const { tasks, warmUp } = (await import(href)) as { tasks: TaskTable; warmUp?: () => unknown };
  for (const [name, task] of Object.entries(tasks)) handlers.set(name, task);
  // Models load at their first use; a thread loads them before its first task, not during it.
  warmUp?.();
}

const releaseHeap = createHeapReleaser();

/** Shared arguments this thread holds, least recently used first. */
const shared = new Map<string, unknown>();
/** Shared arguments a thread keeps (style models and ground truths: a few MiB each at most). */
export const SHARED_CAPACITY = 16;

/** The request's arguments with its shared one filled in, or undefined when this thread lacks it. */
function argumentsOf(request: PoolRequest): unknown[] | undefined {
  const share = request.shared;
  if (share === undefined) return request.args;
  let value: unknown;
  if ('value' in share) {
    value = share.value;
  } else {
    value = shared.get(share.key);
    if (value === undefined) return undefined;
  }
  shared.delete(share.key);
  shared.set(share.key, value);
  if (shared.size > SHARED_CAPACITY) shared.delete(shared.keys().next().value as string);
  const args = [...request.args];
  args[share.index] = value;
  return args;
}

/** Piscina task entry: runs one task and returns its value or its error as data. */
export default function runTask(request: PoolRequest): PoolResponse {
  try {
    const handler = handlers.get(request.method);
    if (handler === undefined) throw new TypeError(`unknown pool method ${String(request.method)}`);
    const args = argumentsOf(request);
    if (args === undefined) return { ok: false, missing: request.shared!.key };
    return { ok: true, value: (handler as (...args: unknown[]) => unknown)(...args) };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  } finally {
    releaseHeap();
  }
}
