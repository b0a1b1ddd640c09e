/**
 * vitest global setup: the run's temporary files go to a folder of their own (TMPDIR, which
 * os.tmpdir() reads in every test process and child process started after this), and at the end
 * of the run the entries tests left in it are reported on stderr (how many, their size, the first
 * names) and removed with it. A run leaves nothing in the system's temporary folder, and a test
 * that forgets its cleanup shows in the report. Listed first among the global setups, so that the
 * others' processes (the embedded PostgreSQL) use the folder too and its teardown runs last.
 * Entries named with SHARED_PREFIX are the run's shared fixtures (made once, used by several test
 * files, so no test can remove them): removed with the folder, not reported.
 */
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How the run's temporary folder is named (then random characters). */
export const RUN_DIR_PREFIX = 'styler-test-run-';
/** How the run's shared fixtures in its temporary folder are named. */
export const SHARED_PREFIX = 'styler-run-shared-';

/** Bytes under `path` (files and folders; links not followed). */
function sizeOf(path: string): number {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

/** The report of entries a run left in its temporary folder, or '' when it left none. */
export function leftoverReport(runDir: string): string {
  const names = readdirSync(runDir)
    .filter((name) => !name.startsWith(SHARED_PREFIX))
    .sort();
  if (names.length === 0) return '';
  const mib = names.reduce((sum, name) => sum + sizeOf(join(runDir, name)), 0) / 1024 / 1024;
  const shown = names.slice(0, 10).join(', ');
  const more = names.length > 10 ? `, and ${names.length - 10} more` : '';
  return `tests left ${names.length} temporary entries (${mib.toFixed(1)} MiB), removed now: ${shown}${more}\n`;
}

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const runDir = mkdtempSync(join(tmpdir(), RUN_DIR_PREFIX));
  // Open to every user, sticky, as the system's folder is: the embedded PostgreSQL, started as root,
  // runs initdb as the postgres user, which reads files the setup writes here.
  chmodSync(runDir, 0o1777);
  process.env.TMPDIR = runDir;
  return () => {
    process.stderr.write(leftoverReport(runDir));
    rmSync(runDir, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
