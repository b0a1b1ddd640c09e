/**
 * A style pool that starts its threads on its first task: most service tests never restyle or fit,
 * and each pool's threads load the NLP model (a second or more apiece) when they start.
 */
import { createStylePool, type StylePool } from '@styler-dev/engine';
import type { AnalyticsPoolOptions } from '@styler-dev/analytics/pool';

/** What an idle pool reports before any task has started it. */
const IDLE: Partial<Record<keyof StylePool, number>> = { queueSize: 0, running: 0 };

export function lazyStylePool(options: AnalyticsPoolOptions & { threads: number }): StylePool & { started: boolean } {
  let pool: StylePool | undefined;
  return new Proxy({} as StylePool & { started: boolean }, {
    get(_target, key) {
      if (key === 'started') return pool !== undefined;
      if (key === 'close') return async () => pool?.close();
      if (key === 'threads') return options.threads;
      if (pool === undefined && typeof key === 'string' && key in IDLE) return IDLE[key as keyof StylePool];
      pool ??= createStylePool(options);
      const value: unknown = Reflect.get(pool, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(pool) : value;
    },
  });
}
