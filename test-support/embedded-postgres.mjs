// A real PostgreSQL for tests and benchmarks, run by embedded-postgres-server.mjs in a child process
// (see there why): { url, stop, pause, resume }, url being the admin URL of its `postgres` database.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('./embedded-postgres-server.mjs', import.meta.url));

/** @returns {Promise<{ url: string, stop(): Promise<void>, pause(): Promise<void>, resume(): Promise<void> }>} */
export async function startEmbeddedPostgres() {
  const child = spawn(process.execPath, [SERVER], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting = [];
  let failed;
  createInterface({ input: child.stdout }).on('line', (text) => {
    const line = text.trim();
    const index = waiting.findIndex((entry) => line.startsWith(entry.prefix));
    if (index >= 0) waiting.splice(index, 1)[0].resolve(line);
  });
  child.on('exit', (code) => {
    failed = new Error(`the PostgreSQL child process exited with ${code}`);
    for (const entry of waiting.splice(0)) entry.reject(failed);
  });
  const expect = (prefix) =>
    new Promise((resolve, reject) => {
      if (failed) reject(failed);
      else waiting.push({ prefix, resolve, reject });
    });
  // Held while a command is answered, released after: the child alone must not keep this process alive.
  const hold = (held) => {
    if (held) {
      child.ref();
      child.stdout.ref?.();
    } else {
      child.unref();
      child.stdout.unref?.();
    }
  };
  const command = async (name, answer) => {
    hold(true);
    try {
      const done = expect(answer);
      child.stdin.write(`${name}\n`);
      return await done;
    } finally {
      hold(false);
    }
  };
  const ready = await expect('ready ');
  hold(false);
  return {
    url: ready.slice('ready '.length),
    async stop() {
      if (child.exitCode !== null) return;
      await command('stop', 'stopped').catch(() => undefined);
    },
    pause: async () => void (await command('pause', 'paused')),
    resume: async () => void (await command('resume', 'resumed')),
  };
}
