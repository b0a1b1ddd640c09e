import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { deserializeError, StylerError } from '../errors.js';
import type { PoolMethod, PoolRequest, PoolResponse } from './protocol.js';
import type { AnalyticsPool, AnalyticsPoolOptions, PoolCallOptions } from './types.js';

export type { AnalyticsPool, AnalyticsPoolOptions, PoolCallOptions, QualityInput } from './types.js';

const DEFAULTS = Object.freeze({ maxQueue: 256 });

/**
 * Worker threads do not go through a TypeScript loader, so the pool always runs the built worker:
 * beside this file when running from dist/, or dist/pool/worker.js when this module is loaded from src/.
 */
function workerFile(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/pool/worker.js', here) : new URL('./worker.js', here);
}

function validateOptions(options: AnalyticsPoolOptions): { threads: number; maxQueue: number } {
  const threads = options.threads ?? Math.max(1, availableParallelism());
  if (!Number.isInteger(threads) || threads < 1 || threads > 256) {
    throw new RangeError(`threads must be an integer from 1 to 256, got ${String(options.threads)}`);
  }
  const maxQueue = options.maxQueue ?? DEFAULTS.maxQueue;
  if (!Number.isInteger(maxQueue) || maxQueue < 0) {
    throw new RangeError(`maxQueue must be a non-negative integer, got ${String(options.maxQueue)}`);
  }
  return { threads, maxQueue };
}

/**
 * A Piscina pool that runs analyzeText, buildGroundTruth, qualityAnalytics, fitStyle and restyle off
 * the event loop, with the same results as the direct calls. A full queue rejects at once with a
 * `rate_limited` StylerError instead of queueing without bound.
 */
export function createAnalyticsPool(options: AnalyticsPoolOptions = {}): AnalyticsPool {
  if (typeof options !== 'object' || options === null) throw new TypeError('options must be an object');
  const { threads, maxQueue } = validateOptions(options);
  const piscina = new Piscina<PoolRequest, PoolResponse>({
    filename: workerFile().href,
    minThreads: threads,
    maxThreads: threads,
    maxQueue,
    idleTimeout: 60_000,
  });
  let closed = false;

  async function call<T>(method: PoolMethod, args: unknown[], options: PoolCallOptions = {}): Promise<T> {
    if (closed) throw new StylerError('internal', 'The analytics pool is closed.');
    options.signal?.throwIfAborted();
    if (piscina.queueSize >= maxQueue && maxQueue > 0) throw new StylerError('rate_limited');
    let response: PoolResponse;
    try {
      response = await piscina.run({ method, args }, options.signal ? { signal: options.signal } : {});
    } catch (error) {
      if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new StylerError('rate_limited');
      throw error;
    }
    if (!response.ok) throw deserializeError(response.error);
    return response.value as T;
  }

  return {
    analyzeText: (text, options) => call('analyzeText', [text], options),
    buildGroundTruth: (documents, options) => call('buildGroundTruth', [documents], options),
    qualityAnalytics: (input, options) => call('qualityAnalytics', [input], options),
    fitStyle: (documents, fitOptions, options) =>
      call('fitStyle', fitOptions === undefined ? [documents] : [documents, fitOptions], options),
    restyle: (text, model, restyleOptions, options) =>
      call('restyle', restyleOptions === undefined ? [text, model] : [text, model, restyleOptions], options),
    get queueSize() {
      return piscina.queueSize;
    },
    threads,
    async close() {
      if (closed) return;
      closed = true;
      await piscina.close();
    },
  };
}
