// The kill campaign's checks (kill-campaign-core.mjs): after a restart, that every acknowledged
// operation is still there; at the end, every acknowledged upload's bytes by their sha256, every
// acknowledged job to a terminal status and its model, and the data directory's rows against its blobs.
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { call, jsonOf, setState, sha256 } from './kill-campaign-load.mjs';

// better-sqlite3 is the service's dependency; resolve it from there.
const requireFromService = createRequire(new URL('../../packages/service/package.json', import.meta.url));

const TERMINAL = new Set(['succeeded', 'failed', 'cancelled']);

/** Runs `task` over `items` with at most `width` at a time. */
async function eachLimited(items, width, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[(next += 1) - 1]);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

/**
 * Every item of a list endpoint, following `after` while `has_more`; a page that is not a 200, or
 * an id listed twice, is a violation (and ends the listing).
 */
export async function listAll(ledger, baseUrl, path, limit) {
  const ids = new Set();
  let after;
  for (;;) {
    const query = `?limit=${limit}${after ? `&after=${after}` : ''}`;
    const answer = await call(baseUrl, `${path}${query}`);
    const page = answer.status === 200 ? jsonOf(answer) : undefined;
    if (!page || !Array.isArray(page.data)) {
      ledger.violation({
        kind: 'list_failed',
        id: path,
        expected: `GET ${path}${query} answers a list`,
        actual: `${answer.status} ${answer.error ?? answer.body.toString('utf8').slice(0, 200)}`,
      });
      return ids;
    }
    for (const item of page.data) {
      if (ids.has(item.id)) {
        ledger.violation({ kind: 'list_duplicate', id: item.id, expected: `listed once by ${path}`, actual: 'twice' });
      }
      ids.add(item.id);
    }
    if (!page.has_more) return ids;
    if (page.data.length === 0) {
      ledger.violation({
        kind: 'list_failed',
        id: path,
        expected: 'a page with has_more holds items',
        actual: 'empty',
      });
      return ids;
    }
    after = page.data[page.data.length - 1].id;
  }
}

/**
 * Right after a restart, before load: every acknowledged upload not deleted is listed, no
 * acknowledged delete is, and every acknowledged job is listed. Ids only; attributes a loss to the kill just made.
 */
export async function checkAfterRestart(ledger, baseUrl) {
  const files = await listAll(ledger, baseUrl, '/files', 10_000);
  for (const entry of ledger.uploads.values()) {
    if (entry.state === 'live' && !files.has(entry.id)) {
      setState(ledger, entry, 'lost');
      ledger.violation({
        kind: 'upload_missing',
        id: entry.id,
        expected: 'listed by GET /files',
        actual: 'absent',
        entry,
      });
    } else if (entry.state === 'deleted' && entry.deleteAck && files.has(entry.id)) {
      setState(ledger, entry, 'undeleted');
      ledger.violation({
        kind: 'delete_undone',
        id: entry.id,
        expected: 'not listed: its DELETE answered 200',
        actual: 'listed by GET /files',
        entry,
        ack: entry.deleteAck,
      });
    }
  }
  const jobs = await listAll(ledger, baseUrl, '/fine_tuning/jobs', 100);
  for (const job of ledger.jobs.values()) {
    if (!job.lost && !jobs.has(job.id)) {
      job.lost = true;
      ledger.violation({
        kind: 'job_missing',
        id: job.id,
        expected: 'listed by GET /fine_tuning/jobs',
        actual: 'absent',
        entry: job,
      });
    }
  }
}

/** Polls every acknowledged job until it is terminal or `timeoutMs` has passed; returns them by status. */
async function settleJobs(ledger, baseUrl, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const statuses = {};
  const pending = [...ledger.jobs.values()].filter((job) => !job.lost);
  for (let waiting = pending; waiting.length > 0;) {
    const still = [];
    await eachLimited(waiting, 8, async (job) => {
      const answer = await call(baseUrl, `/fine_tuning/jobs/${job.id}`);
      const body = answer.status === 200 ? jsonOf(answer) : undefined;
      if (!body) {
        ledger.violation({
          kind: 'job_missing',
          id: job.id,
          expected: 'GET /fine_tuning/jobs/{id} answers the job',
          actual: `${answer.status} ${answer.error ?? answer.body.toString('utf8').slice(0, 200)}`,
          entry: job,
        });
      } else if (TERMINAL.has(body.status)) {
        job.final = body;
      } else if (Date.now() > deadline) {
        ledger.violation({
          kind: 'job_not_terminal',
          id: job.id,
          expected: `succeeded, failed or cancelled within ${timeoutMs} ms of the final start`,
          actual: body.status,
          entry: job,
        });
      } else {
        still.push(job);
      }
    });
    waiting = still;
    if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (const job of pending) {
    if (!job.final) continue;
    const status = job.final.error?.code ? `${job.final.status} (${job.final.error.code})` : job.final.status;
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return statuses;
}

async function checkModels(ledger, baseUrl) {
  const succeeded = [...ledger.jobs.values()].filter((job) => job.final?.status === 'succeeded');
  await eachLimited(succeeded, 8, async (job) => {
    const name = job.final.fine_tuned_model;
    const answer = name ? await call(baseUrl, `/models/${encodeURIComponent(name)}`) : { status: 0, error: 'no name' };
    if (answer.status !== 200 || jsonOf(answer)?.id !== name) {
      ledger.violation({
        kind: 'model_missing',
        id: job.id,
        expected: `GET /models/${name} answers the succeeded job's model`,
        actual: `${answer.status} ${answer.error ?? answer.body.toString('utf8').slice(0, 200)}`,
        entry: job,
      });
    }
  });
}

/** Every upload's expected state against the listing and its content (format=original) by sha256. */
async function checkUploads(ledger, baseUrl) {
  const listed = await listAll(ledger, baseUrl, '/files', 1000);
  const entries = [...ledger.uploads.values()];
  await eachLimited(entries, 16, async (entry) => {
    if (entry.state === 'lost' || entry.state === 'undeleted') return;
    const present = listed.has(entry.id);
    if (entry.state === 'deleted') {
      const answer = await call(baseUrl, `/files/${entry.id}`);
      if (present || answer.status !== 404) {
        ledger.violation({
          kind: 'delete_undone',
          id: entry.id,
          expected: entry.deleteAck ? 'gone: its DELETE answered 200' : 'gone: a DELETE answered 404',
          actual: `listed: ${present}; GET /files/{id} answered ${answer.status}`,
          entry,
          ack: entry.deleteAck,
        });
      }
      return;
    }
    if (!present && entry.state === 'maybe') return;
    const answer = await call(baseUrl, `/files/${entry.id}/content?format=original`);
    if (!present || answer.status !== 200 || sha256(answer.body) !== entry.sha256) {
      ledger.violation({
        kind: answer.status === 200 ? 'upload_content_changed' : 'upload_missing',
        id: entry.id,
        expected: `listed, content sha256 ${entry.sha256} (${entry.bytes} bytes)`,
        actual:
          `listed: ${present}; content ${answer.status}` +
          (answer.status === 200 ? ` sha256 ${sha256(answer.body)} (${answer.body.length} bytes)` : ''),
        entry,
      });
    }
  });
  const knownIds = new Set(ledger.uploads.keys());
  return { listed: listed.size, unknownPresent: [...listed].filter((id) => !knownIds.has(id)).length };
}

/** The final checks through the API of the service started after the last kill. */
export async function verifyAcknowledged(ledger, baseUrl, jobTimeoutMs) {
  const jobStatuses = await settleJobs(ledger, baseUrl, jobTimeoutMs);
  await checkModels(ledger, baseUrl);
  const files = await checkUploads(ledger, baseUrl);
  return { jobStatuses, filesListed: files.listed, unknownUploadsPresent: files.unknownPresent };
}

/**
 * The data directory of a stopped service: every files row has both its blobs (`<id>.upload`,
 * `<id>.text`), every blob has its row, and no temporary is left (a start removes a crash's).
 */
export function checkDataDirectory(ledger, dataDir) {
  const Database = requireFromService('better-sqlite3');
  const db = new Database(join(dataDir, 'styler.db'), { readonly: true, fileMustExist: true });
  let rows;
  try {
    rows = new Set(db.prepare('SELECT id FROM files').pluck().all());
  } finally {
    db.close();
  }
  const blobs = new Map();
  for (const name of readdirSync(join(dataDir, 'files'))) {
    const blob = /^(.+)\.(upload|text)$/.exec(name);
    if (!blob) {
      ledger.violation({ kind: 'stray_file', id: name, expected: 'only <id>.upload and <id>.text', actual: name });
      continue;
    }
    blobs.set(blob[1], [...(blobs.get(blob[1]) ?? []), blob[2]]);
  }
  for (const [id, kinds] of blobs) {
    if (!rows.has(id)) {
      ledger.violation({
        kind: 'blob_without_row',
        id,
        expected: 'a files row',
        actual: `only blobs ${kinds.join(', ')}`,
        entry: ledger.uploads.get(id),
      });
    }
  }
  for (const id of rows) {
    const kinds = blobs.get(id) ?? [];
    if (kinds.length !== 2) {
      ledger.violation({
        kind: 'row_without_blob',
        id,
        expected: 'blobs upload and text',
        actual: kinds.length ? `only ${kinds.join(', ')}` : 'no blob',
        entry: ledger.uploads.get(id),
      });
    }
  }
  return { rows: rows.size, blobs: [...blobs.values()].reduce((sum, kinds) => sum + kinds.length, 0) };
}
