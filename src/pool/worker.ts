import { serializeError } from '../errors.js';
import { analyzeText } from '../nlp/index.js';
import { buildGroundTruth, qualityAnalytics } from '../quality/index.js';
import { fitStyle, restyle } from '../style/index.js';
import { createHeapReleaser } from './heap-release.js';
import type { PoolMethod, PoolRequest, PoolResponse } from './protocol.js';

// Loaded once per worker thread: wink's model and the dictionaries stay warm between tasks.
const handlers: Record<PoolMethod, (...args: never[]) => unknown> = {
  analyzeText,
  buildGroundTruth,
  qualityAnalytics,
  fitStyle,
  restyle,
};

const releaseHeap = createHeapReleaser();

/** Piscina task entry: runs one library call and returns its value or its error as data. */
export default function runTask(request: PoolRequest): PoolResponse {
  try {
    const handler = handlers[request.method];
    if (handler === undefined) throw new TypeError(`unknown pool method ${String(request.method)}`);
    return { ok: true, value: (handler as (...args: unknown[]) => unknown)(...request.args) };
  } catch (error) {
    return { ok: false, error: serializeError(error) };
  } finally {
    releaseHeap();
  }
}
