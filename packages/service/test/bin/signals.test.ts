/**
 * `kill -TERM` of `npm start`'s process — what docker stop, systemd and process managers send — and
 * Ctrl-C (SIGINT to its process group) end the server gracefully through every wrapper (npm, its
 * sh -c, scripts/supported-node.mjs, bin/styler.js): it says it is finishing its requests, and its
 * data folder can be opened again at once.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPOSITORY = fileURLToPath(new URL('../../../..', import.meta.url));

interface Started {
  npmPid: number;
  serverPid: number;
  url: string;
  output: () => string;
}

/** `npm start` on a free port with `dataDir`; resolves once the server listens. */
function npmStart(dataDir: string): Promise<Started> {
  const child = spawn('npm', ['start'], {
    cwd: REPOSITORY,
    // Its own process group, as a terminal gives a command: Ctrl-C is a signal to the group.
    detached: true,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', STYLER_DATA_DIR: dataDir, STYLER_API_KEY: 'sk-signals-test' },
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`npm start exited with ${String(code)}:\n${output}`)));
    child.stdout.on('data', () => {
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      const serverPid = /"pid":(\d+)/.exec(output)?.[1];
      if (url && serverPid) resolve({ npmPid: child.pid!, serverPid: Number(serverPid), url, output: () => output });
    });
  });
}

/** Resolves once process `pid` no longer exists (polled; no wall-clock assertion). */
async function gone(pid: number): Promise<void> {
  while (existsSync(`/proc/${pid}`)) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe.runIf(process.platform === 'linux')('signals to npm start', () => {
  const ways = {
    "SIGTERM to npm's process": (started: Started) => process.kill(started.npmPid, 'SIGTERM'),
    'Ctrl-C (SIGINT to the process group)': (started: Started) => process.kill(-started.npmPid, 'SIGINT'),
  };
  for (const [way, stop] of Object.entries(ways)) {
    it(`${way} stops the server gracefully and releases its data`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'styler-signals-'));
      try {
        const first = await npmStart(dataDir);
        expect((await fetch(first.url.replace(/\/v1$/, '/health'))).status).toBe(200);
        stop(first);
        await gone(first.serverPid);
        expect(first.output()).toMatch(/shutting down: finishing in-flight requests/);
        expect(first.output()).toMatch(/Styler service stopped\./);
        // The lock is released: the same data folder opens again.
        const second = await npmStart(dataDir);
        process.kill(second.npmPid, 'SIGTERM');
        await gone(second.serverPid);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 180_000);
  }
});
