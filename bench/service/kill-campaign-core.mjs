// A bounded kill -9 campaign on the SQLite store (issue 20: an upload answered 200 was gone after a
// kill). The real `styler serve` (the node binary itself, so that SIGKILL hits the server, not a
// wrapper) runs on one data directory under concurrent uploads, deletes, reads and fine-tuning
// jobs; it is killed with SIGKILL every round and restarted on the same directory. What the server
// acknowledged must survive every kill: checked by id after each restart, and at the end by
// content hash, job status, model and the data directory's rows against its blobs. Requests the
// kill cut off are unknown: they count neither as acknowledged nor as lost.
// Used by bench/service/kill-campaign.mjs and packages/service/test/http/kill-campaign.test.ts.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CAMPAIGN_KEY, newClient, runClient } from './kill-campaign-load.mjs';
import { checkAfterRestart, checkDataDirectory, verifyAcknowledged } from './kill-campaign-verify.mjs';

const BIN = fileURLToPath(new URL('../../packages/service/bin/styler.js', import.meta.url));

/** The defaults of runKillCampaign's options. */
export const CAMPAIGN_DEFAULTS = Object.freeze({
  rounds: 30,
  roundMs: 3000,
  concurrency: 16,
  /** At most one job is created per this many ms (the fits share the machine with the load). */
  jobIntervalMs: 300,
  /** How long the final start may take to bring every acknowledged job to a terminal status. */
  jobTimeoutMs: 120_000,
  /** Extra environment of every `styler serve`. */
  env: {},
});

/** `styler serve` on `dataDir` and a free loopback port; resolves once it prints its URL. */
function serve(dataDir, env) {
  const child = spawn(process.execPath, [BIN, 'serve'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      STYLER_DATA_DIR: dataDir,
      STYLER_API_KEY: CAMPAIGN_KEY,
      STYLER_LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (data) => (output += data));
  child.stderr.on('data', (data) => (output += data));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1], exited, output: () => output });
    });
    void exited.then(({ code, signal }) =>
      reject(new Error(`styler serve exited (${code ?? signal}) before listening:\n${output.slice(-4000)}`)),
    );
  });
}

/** SIGKILL (or SIGTERM) and the exit. */
async function stop(server, signal) {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/** What every part of the campaign writes into: the acknowledged operations, the counts, the violations. */
function newLedger() {
  const start = performance.now();
  const ledger = {
    clock: () => Math.round(performance.now() - start),
    round: 0,
    nextJobAtMs: 0,
    uploads: new Map(),
    jobs: new Map(),
    kills: [],
    violations: [],
    unexpected: [],
    serverLines: [],
    counts: {
      uploadsAcked: 0,
      uploadsUnknown: 0,
      deletesAcked: 0,
      deletesUnknown: 0,
      deletesInUse: 0,
      jobsAcked: 0,
      jobsUnknown: 0,
      readsOk: 0,
      refused: 0,
      unexpected: 0,
    },
    /** Records a violation with when the operation was acknowledged (`entry` or `ack`) and when it was found. */
    violation({ entry, ack, ...detail }) {
      const acked = ack ?? entry;
      ledger.violations.push({
        ...detail,
        ...(acked && { ackRound: acked.round, sentAtMs: acked.sentAtMs, ackAtMs: acked.ackAtMs }),
        ...(entry?.fileId && { fileId: entry.fileId }),
        ...(entry?.client !== undefined && { client: entry.client }),
        foundRound: ledger.round,
        foundAtMs: ledger.clock(),
      });
    },
  };
  return ledger;
}

/**
 * Each violation's timing against the kills: ms from its acknowledgement to its round's SIGKILL
 * (negative: the client read the answer after the signal went, so it was sent in the last moments),
 * and how many kills came after it.
 */
function withKillTiming(violation, kills) {
  if (violation.ackAtMs === undefined) return violation;
  const kill = kills.find((k) => k.round === violation.ackRound);
  return {
    ...violation,
    msToRoundKill: kill ? kill.atMs - violation.ackAtMs : null,
    killsAfterAck: kills.filter((k) => k.round >= violation.ackRound).length,
  };
}

/** A random round length: roundMs ± 25 %. */
function roundLength(roundMs) {
  return Math.round(roundMs * (0.75 + Math.random() * 0.5));
}

/**
 * Runs the campaign and returns its summary: counts of acknowledged and unknown operations, kills,
 * the server's unexpected answers, and `violations` (each with the id, what was expected, what was
 * found, and its timing: acknowledged at `ackAtMs` in round `ackRound`, `msToRoundKill` before that round's kill).
 * `dataDir` must be empty or missing; it is left in place. `log` gets one line per round.
 */
export async function runKillCampaign(options) {
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const { rounds, roundMs, concurrency, dataDir, log, jobIntervalMs, jobTimeoutMs, env } = {
    ...CAMPAIGN_DEFAULTS,
    log: () => undefined,
    ...given,
  };
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError('rounds must be a positive integer');
  if (!(roundMs > 0)) throw new RangeError('roundMs must be a positive number of milliseconds');
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be a positive integer');
  if (typeof dataDir !== 'string' || dataDir === '') throw new TypeError('dataDir must be a directory path');
  mkdirSync(dataDir, { recursive: true });

  const ledger = newLedger();
  const clients = Array.from({ length: concurrency }, (_, index) => newClient(index));
  ledger.clients = clients;
  const restarts = [];
  let result = {};
  let server;
  try {
    for (let round = 1; round <= rounds; round += 1) {
      ledger.round = round;
      const startedAt = performance.now();
      server = await serve(dataDir, env);
      restarts.push(performance.now() - startedAt);
      if (round > 1) await checkAfterRestart(ledger, server.url);
      const state = { over: false };
      const load = Promise.all(clients.map((client) => runClient(ledger, server.url, client, state, jobIntervalMs)));
      await new Promise((resolve) => setTimeout(resolve, roundLength(roundMs)));
      state.over = true;
      const atMs = ledger.clock();
      const { signal } = await stop(server, 'SIGKILL');
      ledger.kills.push({ round, atMs, pid: server.child.pid, signal });
      await load;
      const warnings = server
        .output()
        .split('\n')
        .filter((line) => line && !/listening on/.test(line));
      if (warnings.length > 0)
        ledger.serverLines.push(...warnings.slice(0, 5).map((line) => `round ${round}: ${line}`));
      log(
        `round ${round}/${rounds}: kill at ${atMs} ms; acknowledged uploads ${ledger.counts.uploadsAcked}, ` +
          `deletes ${ledger.counts.deletesAcked}, jobs ${ledger.counts.jobsAcked}; violations ${ledger.violations.length}`,
      );
    }
    ledger.round = rounds + 1;
    server = await serve(dataDir, env);
    await checkAfterRestart(ledger, server.url);
    result = await verifyAcknowledged(ledger, server.url, jobTimeoutMs);
    const { code, signal } = await stop(server, 'SIGTERM');
    if (code !== 0) {
      ledger.violation({
        kind: 'unclean_stop',
        id: 'final service',
        expected: 'exit 0 on SIGTERM',
        actual: `${code ?? signal}`,
      });
    }
    result.dataDirectory = checkDataDirectory(ledger, dataDir);
  } catch (error) {
    // A service that no longer starts on the directory a kill left behind is the worst finding of all.
    ledger.violation({
      kind: 'campaign_error',
      id: 'campaign',
      expected: 'the service starts and answers',
      actual: String(error?.stack ?? error),
    });
    if (server) await stop(server, 'SIGKILL');
  }
  return {
    rounds,
    roundMs,
    concurrency,
    kills: ledger.kills.length,
    ...ledger.counts,
    ...result,
    restartMs: {
      max: Math.round(Math.max(0, ...restarts)),
      mean: Math.round(restarts.reduce((a, b) => a + b, 0) / Math.max(1, restarts.length)),
    },
    unexpectedAnswers: ledger.unexpected,
    serverLines: ledger.serverLines.slice(0, 50),
    violations: ledger.violations.map((violation) => withKillTiming(violation, ledger.kills)),
  };
}
