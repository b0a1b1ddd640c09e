// What durable acknowledgements cost: uploads per second stored with STYLER_SQLITE_SYNCHRONOUS
// NORMAL against FULL (the default). An upload here is what POST /files stores once the upload is
// read and its text extracted: SqliteStylerStore.files.create, with a 2 KB upload and its text, each
// written, fsynced, renamed and their directory fsynced in both settings; FULL adds the fsync of
// SQLite's write-ahead log at the commit of its row. HTTP and text extraction are left out: they
// cost the same in both settings, and on a shared machine their CPU time would drown the
// difference. Two stores (one per setting, each in its own temporary directory under the OS's
// tmpdir, on its disk) take turns for `rounds` rounds of `seconds`, with 1 and with `inFlight`
// uploads in flight, so drift in the machine's load falls on both; the ratio FULL / NORMAL is per
// round, then its median.
// Run: npm run build && node bench/service/upload-durability.mjs [seconds=1] [rounds=15] [inFlight=4]
import '../support/node-version.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nowSeconds, openSqliteStore } from '../../packages/service/dist/store/index.js';
import { callsPerSecond } from '../support/rate.mjs';

const seconds = Number(process.argv[2] ?? 1);
const rounds = Number(process.argv[3] ?? 15);
const inFlight = Number(process.argv[4] ?? 4);
const TEXT = 'We walked home along the shore, and the tide was out. '.repeat(38);

/** A store with `synchronous`, an organization in it, and a function storing one upload. */
async function uploader(synchronous) {
  const dataDir = mkdtempSync(join(tmpdir(), `styler-durability-${synchronous}-`));
  const store = openSqliteStore(dataDir, { synchronous });
  const { info } = await store.tenancy.createKey({ organization: 'bench', project: 'bench' });
  let n = 0;
  const upload = async () => {
    n += 1;
    const text = `${n}. ${TEXT}`;
    const bytes = Buffer.from(text);
    await store.files.create(
      {
        id: `file-${synchronous}-${n}`,
        organizationId: info.organizationId,
        projectId: info.projectId,
        filename: `note-${n}.txt`,
        purpose: 'fine-tune',
        kind: 'txt',
        bytes: bytes.length,
        textChars: text.length,
        documentCount: 1,
        createdAt: nowSeconds(),
      },
      bytes,
      text,
    );
  };
  const close = async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { upload, close };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round1 = (value) => Number(value.toFixed(1));

const stores = { NORMAL: await uploader('NORMAL'), FULL: await uploader('FULL') };
try {
  for (const depth of [1, inFlight]) {
    const results = { NORMAL: [], FULL: [] };
    for (let round = 0; round < rounds; round += 1) {
      for (const synchronous of round % 2 === 0 ? ['NORMAL', 'FULL'] : ['FULL', 'NORMAL']) {
        results[synchronous].push(await callsPerSecond(stores[synchronous].upload, depth, seconds * 1000));
      }
    }
    const ratios = results.FULL.map((full, i) => full / results.NORMAL[i]);
    console.log(
      JSON.stringify({
        inFlight: depth,
        normalMedianPerSecond: round1(median(results.NORMAL)),
        fullMedianPerSecond: round1(median(results.FULL)),
        medianRatioFullToNormal: Number(median(ratios).toFixed(3)),
        normalPerSecond: results.NORMAL.map(round1),
        fullPerSecond: results.FULL.map(round1),
      }),
    );
  }
} finally {
  await stores.NORMAL.close();
  await stores.FULL.close();
}
