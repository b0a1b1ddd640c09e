// Rewrite transforms through a PostgreSQL outage (outage-transforms-core.mjs): the real service as a
// child process, a real PostgreSQL stopped for each outage length given, `connections` clients
// sending transforms with one key and one model, and an upload every 200 ms. Prints, per outage,
// the answers by phase and status and the share of transforms served during it.
// Run: npm run build && node bench/service/outage-transforms.mjs [outageSeconds,...=20,60] [connections=2] [cacheTtlSeconds=60]
import '../support/node-version.mjs';
import { runOutageTransforms } from './outage-transforms-core.mjs';

const outages = (process.argv[2] ?? '20,60').split(',').map(Number);
const connections = Number(process.argv[3] ?? 2);
const ttlSeconds = process.argv[4] ?? '60';

for (const seconds of outages) {
  const summary = await runOutageTransforms({
    outageMs: seconds * 1000,
    connections,
    env: { STYLER_CACHE_TTL_SECONDS: ttlSeconds },
  });
  console.log(JSON.stringify({ outageSeconds: seconds, ...summary }));
  const outage = summary.transforms.outage ?? {};
  const total = Object.values(outage).reduce((sum, n) => sum + n, 0);
  console.log(
    `outage ${seconds} s (measured ${(summary.outageMs / 1000).toFixed(1)} s): ${outage[200] ?? 0} of ${total} transforms ` +
      `served (${(summary.outageServedShare * 100).toFixed(2)} %; sent within the ${ttlSeconds} s TTL of the stop: ` +
      `${(summary.withinTtlServedShare * 100).toFixed(2)} %); uploads ${JSON.stringify(summary.uploads.outage ?? {})}; ` +
      `process alive: ${summary.apiAlive}`,
  );
}
