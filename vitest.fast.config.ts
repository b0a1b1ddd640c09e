import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * `npm run test:fast`: the suite without the end-to-end suites (those that start other processes,
 * a browser or a packed install, take a real database down, wait out a timeout on purpose, or
 * measure the process's heap), with test files sharing one module registry per worker instead of a
 * fresh one each (most of a file's start-up). `npm test` runs everything, each file isolated.
 */
export const END_TO_END = [
  'packages/*/test/packaging.test.ts',
  'packages/service/test/console/**',
  'packages/service/test/http/{kill-campaign,multi-process,outage-processes,outage-transforms,restart}.test.ts',
  'packages/service/test/http/{malformed-http,database-outage,queue-sweep,queue-lost-delivery}.test.ts',
  'packages/service/test/http/{durable-acknowledgement,power-cut}.test.ts',
  'packages/service/test/http/{docx-memory,upload-parse-errors}.test.ts',
  'packages/service/test/bin/signals.test.ts',
  'packages/service/test/jobs/pg-boss-job-runner-outage.test.ts',
  'packages/service/test/docs/readme-commands.test.ts',
  'bench/test/style/llm-batch.test.ts',
  'packages/analytics/test/pool/heap-release.test.ts',
];

export default mergeConfig(
  base,
  defineConfig({ test: { exclude: ['**/node_modules/**', ...END_TO_END], isolate: false } }),
);
