import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A build first when dist/ is older than src/ (pool threads, the CLI and packaging run dist/),
    // then one real PostgreSQL per run for the PostgreSQL store's tests (test-support/postgres.ts).
    globalSetup: ['test-support/build-global-setup.ts', 'test-support/postgres-global-setup.ts'],
  },
});
