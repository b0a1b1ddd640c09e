import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One real PostgreSQL per run for the PostgreSQL store's tests (test-support/postgres.ts).
    globalSetup: ['test-support/postgres-global-setup.ts'],
  },
});
