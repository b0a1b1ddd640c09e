import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    // Safety nets for a hung test, wide enough for the CLI suites that run a whole corpus several times
    // on a loaded two-core machine.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's own default is one fork fewer than the cores, which on a two-core machine (CI's) is one
    // fork and leaves a core idle: most files wait on a tagger load, a child process or a socket.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A build first when dist/ is older than src/ (pool threads, the CLI and packaging run dist/),
    // then one real PostgreSQL per run for the PostgreSQL store's tests (test-support/postgres.ts).
    // Before them, the run's temporary folder and Node's compile cache for every process it starts.
    globalSetup: [
      'test-support/temp-dir-global-setup.ts',
      'test-support/compile-cache-global-setup.ts',
      'test-support/build-global-setup.ts',
      'test-support/postgres-global-setup.ts',
    ],
  },
});
