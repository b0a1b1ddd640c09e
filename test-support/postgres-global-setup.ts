/**
 * vitest global setup: one PostgreSQL for the whole run (see postgres.ts), its admin URL handed to
 * the test workers through the environment they inherit.
 */
import { RUN_DATABASE_URL_VAR, startEmbeddedPostgres, TEST_DATABASE_URL_VAR } from './postgres.js';

export default async function setup(): Promise<() => Promise<void>> {
  const existing = process.env[TEST_DATABASE_URL_VAR];
  if (existing) {
    process.env[RUN_DATABASE_URL_VAR] = existing;
    return async () => undefined;
  }
  const server = await startEmbeddedPostgres();
  process.env[RUN_DATABASE_URL_VAR] = server.url;
  return () => server.stop();
}
