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
  const { tasks } = (await import(href)) as { tasks: TaskTable };
  for (const [name, task] of Object.entries(tasks)) handlers.set(name, task);
}

const releaseHeap = createHeapReleaser();

/** Piscina task entry: runs one task and returns its value or its error as data. */
export default function runTask(request: PoolRequest): PoolResponse {
  try {
    const handler = handlers.get(request.method);
    if (handler === undefined) throw new TypeError(`unknown pool method ${String(request.method)}`);
    return { ok: true, value: (handler as (...args: unknown[]) => unknown)(...request.args) };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  } finally {
    releaseHeap();
  }
}
