// Does the SQLite store keep everything it acknowledged when the process is killed with SIGKILL?
// A kill -9 campaign (kill-campaign-core.mjs): the real `styler serve` under concurrent uploads,
// deletes, reads and fine-tuning jobs, killed every round and restarted on the same data directory,
// then every acknowledged operation verified (by content hash for uploads). Prints a Markdown
// summary; exits 1 on any violation, and then keeps the data directory for debugging.
// Run: npm run build && node bench/service/kill-campaign.mjs [rounds=30] [roundMs=3000] [concurrency=16]
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAMPAIGN_DEFAULTS, runKillCampaign } from './kill-campaign-core.mjs';

const rounds = Number(process.argv[2] ?? CAMPAIGN_DEFAULTS.rounds);
const roundMs = Number(process.argv[3] ?? CAMPAIGN_DEFAULTS.roundMs);
const concurrency = Number(process.argv[4] ?? CAMPAIGN_DEFAULTS.concurrency);

const dataDir = mkdtempSync(join(tmpdir(), 'styler-kill-campaign-'));
const started = performance.now();
const summary = await runKillCampaign({
  rounds,
  roundMs,
  concurrency,
  dataDir,
  log: (line) => process.stderr.write(`${line}\n`),
});
const minutes = (performance.now() - started) / 60_000;

const count = (n) => n.toLocaleString('en-US');
const lines = [
  `## Kill -9 campaign: ${summary.kills} kills`,
  '',
  `Machine: ${availableParallelism()} vCPU ${cpus()[0]?.model.trim()}, ${process.platform}, Node ${process.version}; ` +
    `data in ${tmpdir()}. ${rounds} rounds of ${roundMs} ms ± 25 %, ${concurrency} clients, ${minutes.toFixed(1)} min; ` +
    `restart to listening: mean ${summary.restartMs.mean} ms, max ${summary.restartMs.max} ms.`,
  '',
  '| Operation | Acknowledged (200) | Unknown (cut off by a kill) | Other |',
  '|---|---:|---:|---|',
  `| Uploads | ${count(summary.uploadsAcked)} | ${count(summary.uploadsUnknown)} | ` +
    `${count(summary.unknownUploadsPresent ?? 0)} unknown ones present at the end |`,
  `| Deletes | ${count(summary.deletesAcked)} | ${count(summary.deletesUnknown)} | ` +
    `${count(summary.deletesInUse)} answered 409 (file in use) |`,
  `| Fine-tuning jobs | ${count(summary.jobsAcked)} | ${count(summary.jobsUnknown)} | ` +
    `final: ${Object.entries(summary.jobStatuses ?? {})
      .map(([status, n]) => `${status} ${n}`)
      .join(', ')} |`,
  `| Reads during load | ${count(summary.readsOk)} | | |`,
  '',
  `At the end: ${count(summary.filesListed ?? 0)} files listed; data directory ` +
    `${count(summary.dataDirectory?.rows ?? 0)} rows, ${count(summary.dataDirectory?.blobs ?? 0)} blobs. ` +
    `Refused (429/503): ${summary.refused}; other unexpected answers: ${summary.unexpected}.`,
  '',
  `**Violations: ${summary.violations.length}**`,
];
for (const violation of summary.violations) lines.push('', '```json', JSON.stringify(violation, null, 2), '```');
for (const answer of summary.unexpectedAnswers.slice(0, 10)) lines.push(`- unexpected: ${JSON.stringify(answer)}`);
for (const line of summary.serverLines.slice(0, 10)) lines.push(`- server: ${line}`);
console.log(lines.join('\n'));

if (summary.violations.length > 0) {
  console.log(`\nData directory kept: ${dataDir}`);
  process.exitCode = 1;
} else {
  rmSync(dataDir, { recursive: true, force: true });
}
