// The kill campaign's load (kill-campaign-core.mjs): concurrent clients uploading, deleting, reading
// and training against one `styler serve`, each writing down in the shared ledger what the server
// acknowledged (answered 200 with a complete body) and what it never got to answer (unknown).
/* global AbortSignal, FormData, Blob -- Node 20 globals */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The seeded key every request goes with. */
export const CAMPAIGN_KEY = 'sk-styler-kill-campaign-key';

/** Long enough for a loaded two-core machine; a request still open then counts as unknown. */
const REQUEST_TIMEOUT_MS = 30_000;

/** Shares of the operations a client picks (the rest are uploads); a job also waits its turn (jobIntervalMs). */
const OP_SHARES = Object.freeze({ delete: 0.25, read: 0.1, job: 0.06 });

/** Sentences of the service tests' Darwin letters: real prose, so that uploads pass and jobs can learn. */
const SENTENCES = [1, 2, 3, 4, 5, 6, 7]
  .map((n) =>
    readFileSync(new URL(`../../packages/service/test/http/fixtures/darwin-0${n}.txt`, import.meta.url), 'utf8'),
  )
  .join(' ')
  .replace(/\s+/g, ' ')
  .split(/(?<=[.!?])\s+(?=[A-Z])/)
  .filter((sentence) => sentence.split(' ').length >= 4);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function randomWord(length) {
  return Array.from({ length }, () => LETTERS[randomInt(LETTERS.length)]).join('');
}

/** A small training text no other upload has: 6 to 14 random Darwin sentences and a random closing line. */
export function uniqueText() {
  const sentences = Array.from({ length: 6 + randomInt(9) }, () => SENTENCES[randomInt(SENTENCES.length)]);
  const marker = `Yours ever, ${randomWord(8)} ${randomWord(9)} ${randomWord(7)}.`;
  return `${sentences.join(' ')}\n\n${marker} ${randomBytes(4).toString('hex')}\n`;
}

export function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * One request with the campaign's key: `{ status, body }` (body a Buffer, read to its end), or
 * `{ status: 0, error }` when no complete answer came (connection refused or reset, timeout).
 */
export async function call(baseUrl, path, init = {}) {
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${CAMPAIGN_KEY}`, ...init.headers },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = Buffer.from(await response.arrayBuffer());
    return { status: response.status, body };
  } catch (error) {
    return { status: 0, error: String(error?.cause?.code ?? error?.name ?? error) };
  }
}

/** The JSON of a complete answer; undefined when the body is not JSON (a 200 whose body broke off). */
export function jsonOf(answer) {
  try {
    return JSON.parse(answer.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** An answer that is neither 200 nor a refusal the campaign expects, kept for the summary. */
function unexpected(ledger, op, answer, detail = {}) {
  ledger.counts.unexpected += 1;
  if (ledger.unexpected.length < 50) {
    ledger.unexpected.push({
      op,
      status: answer.status,
      body: answer.body?.toString('utf8').slice(0, 300),
      atMs: ledger.clock(),
      round: ledger.round,
      ...detail,
    });
  }
}

async function upload(ledger, baseUrl, client) {
  const text = uniqueText();
  const bytes = Buffer.from(text, 'utf8');
  const form = new FormData();
  form.set('file', new Blob([bytes]), `kill-campaign-${client.index}-${(client.sent += 1)}.txt`);
  form.set('purpose', 'fine-tune');
  const sentAt = ledger.clock();
  const answer = await call(baseUrl, '/files', { method: 'POST', body: form });
  const file = answer.status === 200 ? jsonOf(answer) : undefined;
  if (file?.id) {
    const entry = {
      id: file.id,
      sha256: sha256(bytes),
      bytes: bytes.length,
      client: client.index,
      round: ledger.round,
      sentAtMs: sentAt,
      ackAtMs: ledger.clock(),
      withJob: false,
    };
    ledger.uploads.set(entry.id, entry);
    setState(ledger, entry, 'live');
    ledger.counts.uploadsAcked += 1;
  } else if (answer.status === 0 || answer.status === 200) {
    ledger.counts.uploadsUnknown += 1;
  } else if (answer.status === 429 || answer.status === 503) {
    ledger.counts.refused += 1;
  } else {
    unexpected(ledger, 'upload', answer);
  }
}

/**
 * Moves an upload to `state`: `live` (acknowledged, must exist), `maybe` (a delete got no answer),
 * `deleted` (a delete answered 200, or 404 after one that got no answer), `lost` or `undeleted`
 * (a violation was recorded). Its client keeps the live and maybe ones in lists to pick from.
 */
export function setState(ledger, entry, state) {
  const client = ledger.clients[entry.client];
  const from = client[entry.state];
  if (from) {
    const last = from.pop();
    if (last !== entry) {
      from[entry.slot] = last;
      last.slot = entry.slot;
    }
  }
  entry.state = state;
  if (state === 'live' || state === 'maybe') {
    entry.slot = client[state].length;
    client[state].push(entry);
  }
}

/** A random upload of the client's among `states` (a few tries for one no job trains on), or undefined. */
function pick(client, states, preferNoJob = false) {
  const total = states.reduce((sum, state) => sum + client[state].length, 0);
  if (total === 0) return undefined;
  let chosen;
  for (let attempt = 0; attempt < (preferNoJob ? 4 : 1) && !(chosen && !chosen.withJob); attempt += 1) {
    let index = randomInt(total);
    for (const state of states) {
      if (index < client[state].length) {
        chosen = client[state][index];
        break;
      }
      index -= client[state].length;
    }
  }
  return chosen;
}

async function remove(ledger, baseUrl, client, entry) {
  const sentAt = ledger.clock();
  const answer = await call(baseUrl, `/files/${entry.id}`, { method: 'DELETE' });
  if (answer.status === 200) {
    // A retried delete whose first attempt went through answers 404, not 200: every 200 is its own ack.
    setState(ledger, entry, 'deleted');
    entry.deleteAck = { round: ledger.round, sentAtMs: sentAt, ackAtMs: ledger.clock() };
    ledger.counts.deletesAcked += 1;
  } else if (answer.status === 404 && entry.state === 'maybe') {
    // The earlier delete that got no answer did go through.
    setState(ledger, entry, 'deleted');
  } else if (answer.status === 404) {
    setState(ledger, entry, 'lost');
    ledger.violation({
      kind: 'upload_missing',
      id: entry.id,
      expected: 'an acknowledged upload never acknowledged-deleted: DELETE answers 200 or 409',
      actual: `DELETE answered 404 ${answer.body.toString('utf8').slice(0, 100)}`,
      entry,
    });
  } else if (answer.status === 409) {
    ledger.counts.deletesInUse += 1;
  } else if (answer.status === 0) {
    setState(ledger, entry, 'maybe');
    entry.deleteUnknown = { round: ledger.round, sentAtMs: sentAt };
    ledger.counts.deletesUnknown += 1;
  } else if (answer.status === 429 || answer.status === 503) {
    ledger.counts.refused += 1;
  } else {
    unexpected(ledger, 'delete', answer, { id: entry.id });
  }
}

async function read(ledger, baseUrl, entry) {
  const answer = await call(baseUrl, `/files/${entry.id}/content?format=original`);
  if (answer.status === 200) {
    ledger.counts.readsOk += 1;
    if (entry.state !== 'deleted' && sha256(answer.body) !== entry.sha256) {
      ledger.violation({
        kind: 'upload_content_changed',
        id: entry.id,
        expected: `content with sha256 ${entry.sha256} (${entry.bytes} bytes)`,
        actual: `sha256 ${sha256(answer.body)} (${answer.body.length} bytes), read during load`,
        entry,
      });
    }
  } else if (answer.status === 404 && entry.state === 'live') {
    setState(ledger, entry, 'lost');
    ledger.violation({
      kind: 'upload_missing',
      id: entry.id,
      expected: 'GET /files/{id}/content answers the uploaded bytes',
      actual: 'GET …/content answered 404 during load',
      entry,
    });
  } else if (answer.status !== 0 && answer.status !== 404 && answer.status !== 429 && answer.status !== 503) {
    unexpected(ledger, 'read', answer, { id: entry.id });
  }
}

async function createJob(ledger, baseUrl, entry) {
  const sentAt = ledger.clock();
  const answer = await call(baseUrl, '/fine_tuning/jobs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ training_file: entry.id }),
  });
  const job = answer.status === 200 ? jsonOf(answer) : undefined;
  // Even a job that never got its answer may keep the file in use: prefer other files for deletes.
  entry.withJob = true;
  if (job?.id) {
    ledger.jobs.set(job.id, {
      id: job.id,
      fileId: entry.id,
      round: ledger.round,
      sentAtMs: sentAt,
      ackAtMs: ledger.clock(),
    });
    ledger.counts.jobsAcked += 1;
  } else if (answer.status === 0 || answer.status === 200) {
    ledger.counts.jobsUnknown += 1;
  } else if (answer.status === 400 && /Training file not found/.test(answer.body.toString('utf8'))) {
    setState(ledger, entry, 'lost');
    ledger.violation({
      kind: 'upload_missing',
      id: entry.id,
      expected: 'a fine-tuning job on an acknowledged, undeleted upload is accepted',
      actual: `POST /fine_tuning/jobs answered 400 ${answer.body.toString('utf8').slice(0, 100)}`,
      entry,
    });
  } else if (answer.status === 429 || answer.status === 503) {
    ledger.counts.refused += 1;
  } else {
    unexpected(ledger, 'job', answer, { fileId: entry.id });
  }
}

/** A new client: its index and its uploads that are live or maybe deleted (across rounds). */
export function newClient(index) {
  return { index, sent: 0, live: [], maybe: [] };
}

/**
 * Runs one client's operations back to back until `round.over` (the kill): an upload, or with the
 * shares of OP_SHARES a delete or a read of one of its files, or a job when the shared job interval
 * has passed.
 */
export async function runClient(ledger, baseUrl, client, round, jobIntervalMs) {
  while (!round.over) {
    const roll = Math.random();
    const live = () => client.live.length > 0;
    if (roll < OP_SHARES.delete && live()) {
      await remove(ledger, baseUrl, client, pick(client, ['live', 'maybe'], true));
    } else if (roll < OP_SHARES.delete + OP_SHARES.read && live()) {
      await read(ledger, baseUrl, pick(client, ['live', 'maybe']));
    } else if (
      roll < OP_SHARES.delete + OP_SHARES.read + OP_SHARES.job &&
      live() &&
      ledger.clock() >= ledger.nextJobAtMs
    ) {
      ledger.nextJobAtMs = ledger.clock() + jobIntervalMs;
      await createJob(ledger, baseUrl, pick(client, ['live'], true));
    } else {
      await upload(ledger, baseUrl, client);
    }
  }
}
