/**
 * .ci/node, the fetch the styler CLI and `npm start`/`npm test` fall back on under an old Node: it
 * asks the registry at most once a day and uses the cached Node when the registry does not answer.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CI_NODE_SCRIPT,
  closedRegistryUrl,
  fakeNodeCache,
  fakeNodeRegistry,
  NODE_PACKAGE,
} from '../../../../test-support/node-cache.js';

/** `bash .ci/node LINE` with this cache and registry; npm is this test's (a supported Node's). */
function ciNode(
  line: string,
  cache: string,
  registry: string,
  npmCache = mkdtempSync(join(tmpdir(), 'styler-npm-cache-')),
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = {
    ...process.env,
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
    STYLER_NODE_CACHE: cache,
    npm_config_registry: registry,
    npm_config_cache: npmCache,
  };
  return new Promise((resolve) => {
    execFile('bash', [CI_NODE_SCRIPT, line], { env, timeout: 50_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout, stderr });
    });
  });
}

const RELEASES = [{ version: '22.9.0' }, { version: '24.0.5' }, { version: '24.1.0' }];

describe('.ci/node', () => {
  it('uses the newest cached release of the line, saying so, when the registry cannot be reached', async () => {
    const cache = fakeNodeCache(RELEASES);
    const result = await ciNode('24', cache, await closedRegistryUrl());
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${join(cache, `${NODE_PACKAGE}-24.1.0`)}\n`);
    expect(result.stderr).toBe('.ci/node: the npm registry did not answer (offline?): Node 24.1.0 from the cache\n');
    expect((await ciNode('22', cache, await closedRegistryUrl())).stdout).toBe(
      `${join(cache, `${NODE_PACKAGE}-22.9.0`)}\n`,
    );
  });

  it('fails saying why when the registry cannot be reached and nothing of the line is cached', async () => {
    const result = await ciNode('24', fakeNodeCache([{ version: '22.9.0' }]), await closedRegistryUrl());
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/registry did not answer \(offline\?\) and no Node 24 is cached/);
  });

  it('asks the registry, then not again within the day, then again once the day is over', async () => {
    const cache = fakeNodeCache(RELEASES);
    const registry = await fakeNodeRegistry(['22.9.0', '24.0.5', '24.1.0']);
    try {
      const first = await ciNode('24', cache, registry.url);
      expect(first).toMatchObject({ code: 0, stdout: `${join(cache, `${NODE_PACKAGE}-24.1.0`)}\n` });
      expect(first.stderr).toBe('.ci/node: Node 24.1.0, the newest 24 on the registry\n');
      const asked = registry.requests();
      expect(asked).toBeGreaterThan(0);

      const second = await ciNode('24', cache, registry.url);
      expect(second).toMatchObject({ code: 0, stdout: first.stdout });
      expect(second.stderr).toMatch(
        /^\.ci\/node: Node 24\.1\.0 from the cache \(the registry was asked less than 1440 minutes ago\)\n$/,
      );
      expect(registry.requests()).toBe(asked);

      const stamp = join(cache, `.checked-${NODE_PACKAGE}-24`);
      expect(readFileSync(stamp, 'utf8')).toBe('24.1.0\n');
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
      utimesSync(stamp, twoDaysAgo, twoDaysAgo);
      expect((await ciNode('24', cache, registry.url)).code).toBe(0);
      expect(registry.requests()).toBeGreaterThan(asked);
    } finally {
      await registry.close();
    }
  });

  it("offline with no Node cached, uses npm's cache of the registry, saying so", async () => {
    const npmCache = mkdtempSync(join(tmpdir(), 'styler-npm-cache-'));
    const registry = await fakeNodeRegistry(['24.0.5', '24.1.0']);
    const online = await ciNode('24', fakeNodeCache([]), registry.url, npmCache).finally(() => registry.close());
    expect(online).toMatchObject({ code: 0, stderr: '.ci/node: Node 24.1.0, the newest 24 on the registry\n' });

    const cache = fakeNodeCache([]);
    const offline = await ciNode('24', cache, registry.url, npmCache);
    expect(offline.stderr).toBe(
      ".ci/node: the npm registry did not answer (offline?): Node 24.1.0 from npm's cache (the newest 24 when npm last asked)\n",
    );
    expect(offline).toMatchObject({ code: 0, stdout: `${join(cache, `${NODE_PACKAGE}-24.1.0`)}\n` });
    expect(existsSync(join(cache, `${NODE_PACKAGE}-24.1.0`, 'include', 'node', 'node.h'))).toBe(true);
  });

  it('asks the registry when a recent check left no release in the cache', async () => {
    const cache = fakeNodeCache([]);
    writeFileSync(join(cache, `.checked-${NODE_PACKAGE}-24`), '24.1.0\n');
    const result = await ciNode('24', cache, await closedRegistryUrl());
    expect(result.code).not.toBe(0);
    expect(existsSync(join(cache, `${NODE_PACKAGE}-24.1.0`))).toBe(false);
  });
});
