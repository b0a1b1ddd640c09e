/**
 * bin/styler.js on a Node older than Styler supports (the machine's /usr/bin/node, 20 here): no
 * segmentation fault in better-sqlite3, but the command re-run under a supported Node where
 * STYLER_NODE_FETCHER names a fetcher (a checkout's .ci/node, as its npm scripts name it), or one
 * line saying what is needed and exit 2.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CI_NODE_SCRIPT, closedRegistryUrl, fakeNodeCache, NODE_PACKAGE } from '../../../../test-support/node-cache.js';
import { FETCHED_LINE } from '../../bin/supported-node.js';

const BIN = fileURLToPath(new URL('../../bin/', import.meta.url));
const SUPPORTED_NODE_SCRIPT = fileURLToPath(new URL('../../../../scripts/supported-node.mjs', import.meta.url));
const OLD_NODE = '/usr/bin/node';
const oldNodeVersion = existsSync(OLD_NODE) ? execFileSync(OLD_NODE, ['--version'], { encoding: 'utf8' }).trim() : '';
const [oldMajor = 0, oldMinor = 0] = oldNodeVersion.slice(1).split('.').map(Number);
const haveOldNode = oldMajor > 0 && (oldMajor < 22 || (oldMajor === 22 && oldMinor < 12));

interface Run {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
}

/** `OLD_NODE script ARGS` in `env` (added to this process's, without STYLER_ variables). */
function runOld(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('STYLER_')));
  return new Promise((resolve) => {
    const child = execFile(
      OLD_NODE,
      [script, ...args],
      { env: { ...base, ...env }, timeout: 50_000 },
      (_e, stdout, stderr) => {
        resolve({ code: child.exitCode, signal: child.signalCode, stdout, stderr });
      },
    );
  });
}

describe.skipIf(!haveOldNode)(`styler on an unsupported Node (${OLD_NODE} ${oldNodeVersion})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'styler-old-node-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('re-runs `keys list` under the supported Node the named fetcher has, offline from its cache', async () => {
    // The cached "Node 24" (the line the bin fetches) is the Node running this test, whichever
    // supported line that is (CI runs the suite on 22 too).
    const cached = process.versions.node.startsWith(`${FETCHED_LINE}.`) ? process.versions.node : `${FETCHED_LINE}.0.0`;
    const cache = fakeNodeCache([{ version: cached, node: process.execPath }]);
    const run = await runOld(join(BIN, 'styler.js'), ['keys', 'list', '--data-dir', dataDir], {
      STYLER_NODE_FETCHER: CI_NODE_SCRIPT,
      STYLER_NODE_CACHE: cache,
      npm_config_registry: await closedRegistryUrl(),
      // npm for .ci/node's look-up: the supported Node's.
      PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    });
    expect(run).toMatchObject({ code: 0, signal: null });
    expect(run.stdout).toBe('No keys yet: the service creates one on first start.\n');
    expect(run.stderr).toContain(
      `styler: Node ${oldNodeVersion} is older than Styler supports (22.12+): running under ${join(cache, `${NODE_PACKAGE}-${cached}`)}/bin/node.`,
    );
  });

  it('with the fetch turned off, says in one line what it needs and exits 2', async () => {
    const run = await runOld(join(BIN, 'styler.js'), ['keys', 'list', '--data-dir', dataDir], {
      STYLER_NODE_FETCHER: CI_NODE_SCRIPT,
      STYLER_NODE_FETCH: '0',
    });
    expect(run).toMatchObject({ code: 2, signal: null, stdout: '' });
    expect(run.stderr).toBe(
      `styler needs Node.js 22.12 or later; this is ${oldNodeVersion}: upgrade Node (README, "Node.js").\n`,
    );
  });

  it('knows no fetcher of its own: in a checkout too, with none named it says what it needs and exits 2', async () => {
    const run = await runOld(join(BIN, 'styler.js'), ['keys', 'list', '--data-dir', dataDir], {});
    expect(run).toMatchObject({ code: 2, signal: null, stdout: '' });
    expect(run.stderr).toBe(
      `styler needs Node.js 22.12 or later; this is ${oldNodeVersion}: upgrade Node (README, "Node.js").\n`,
    );
  });

  it('installed from the package (no fetcher named), says in one line what it needs and exits 2', async () => {
    const installed = join(mkdtempSync(join(tmpdir(), 'styler-installed-')), 'bin');
    mkdirSync(installed);
    for (const file of ['styler.js', 'supported-node.js']) copyFileSync(join(BIN, file), join(installed, file));
    const run = await runOld(join(installed, 'styler.js'), ['keys', 'list', '--data-dir', dataDir], {});
    expect(run).toMatchObject({ code: 2, signal: null, stdout: '' });
    expect(run.stderr).toBe(
      `styler needs Node.js 22.12 or later; this is ${oldNodeVersion}: upgrade Node (README, "Node.js").\n`,
    );
  });
});

describe('scripts/supported-node.mjs', () => {
  it("names the checkout's fetcher to the command it runs, so a styler command under npm can fetch a Node", () => {
    const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('STYLER_')));
    const named = execFileSync(
      process.execPath,
      [SUPPORTED_NODE_SCRIPT, process.execPath, '-e', 'process.stdout.write(process.env.STYLER_NODE_FETCHER ?? "")'],
      { encoding: 'utf8', env: base },
    );
    expect(named).toBe(CI_NODE_SCRIPT);
  });
});
