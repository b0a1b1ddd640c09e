import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:fast`: the suite without the end-to-end suites that start other processes, a
 * browser or a packed install, or wait out a timeout on purpose. `npm test` runs everything.
 */
export const SLOW_SUITES = [
  '**/node_modules/**',
  'packages/*/test/packaging.test.ts',
  'packages/service/test/console/**',
  'packages/service/test/http/{kill-campaign,multi-process,outage-processes,restart}.test.ts',
  'packages/service/test/http/{malformed-http,database-outage,queue-sweep,queue-lost-delivery}.test.ts',
  'packages/engine/test/bench/**',
];

export default mergeConfig(base, defineConfig({ test: { exclude: SLOW_SUITES } }));
