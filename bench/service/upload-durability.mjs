// What durable acknowledgements cost: uploads per second through the real service (one process,
// SQLite in a temporary directory under the OS's tmpdir, on its disk) with STYLER_SQLITE_SYNCHRONOUS
// NORMAL against FULL (the default). Each upload is a 2 KB .txt; its bytes and text are written,
// fsynced, renamed and their directory fsynced in both settings; FULL adds the fsync of SQLite's
// write-ahead log at the commit of its row. The two settings alternate in `rounds` rounds of
// `seconds` each, with 1 and with `inFlight` uploads in flight, so drift in the machine's load
// falls on both; the ratio FULL / NORMAL is per round, then its median.
// Run: npm run build && node bench/service/upload-durability.mjs [seconds=5] [rounds=3] [inFlight=4]
/* global FormData, Blob -- Node 20 globals */
import '../support/node-version.mjs';
import { startBenchService } from '../support/service.mjs';
import { callsPerSecond } from '../support/rate.mjs';

const seconds = Number(process.argv[2] ?? 5);
const rounds = Number(process.argv[3] ?? 3);
const inFlight = Number(process.argv[4] ?? 4);
const TEXT = 'We walked home along the shore, and the tide was out. '.repeat(38);

async function uploadsPerSecond(synchronous, depth) {
  const service = await startBenchService({ env: { STYLER_SQLITE_SYNCHRONOUS: synchronous } });
  try {
    const key = service.keys.bench;
    let n = 0;
    const upload = async () => {
      n += 1;
      const form = new FormData();
      form.set('file', new Blob([`${n}. ${TEXT}`]), `note-${n}.txt`);
      const response = await fetch(`${service.base}/files`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${key}` },
      });
      if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
    };
    await upload();
    return await callsPerSecond(upload, depth, seconds * 1000);
  } finally {
    await service.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

for (const depth of [1, inFlight]) {
  const results = { NORMAL: [], FULL: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const synchronous of round % 2 === 0 ? ['NORMAL', 'FULL'] : ['FULL', 'NORMAL']) {
      results[synchronous].push(await uploadsPerSecond(synchronous, depth));
    }
  }
  const ratios = results.FULL.map((full, i) => full / results.NORMAL[i]);
  console.log(
    JSON.stringify({
      inFlight: depth,
      normalPerSecond: results.NORMAL.map((v) => Number(v.toFixed(1))),
      fullPerSecond: results.FULL.map((v) => Number(v.toFixed(1))),
      medianRatioFullToNormal: Number(median(ratios).toFixed(3)),
    }),
  );
}
