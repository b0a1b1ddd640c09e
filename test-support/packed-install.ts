/**
 * Installs this repository's packages as a user would get them: `npm pack` of each workspace, then
 * `npm ci --offline` of the tarballs into an empty temporary project. No registry is asked: the
 * temporary project's lockfile pins every third-party dependency to the version, address and
 * integrity of the workspace's own package-lock.json, so npm takes them from its cache (which the
 * workspace's install filled). A broken `files` list or `exports` map fails here as it would for users.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [key: string]: unknown;
}

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

/** The workspaces of this repository by package name: folder and manifest. */
function workspaces(): Map<string, { dir: string; manifest: Manifest }> {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  return new Map(
    root.workspaces.map((folder) => {
      const manifest = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as Manifest;
      return [manifest.name, { dir: folder, manifest }];
    }),
  );
}

/** Where Node would find `name` from the lockfile path `from` (its own node_modules, then each parent's). */
function locate(lock: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock[candidate]) return candidate;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

/** The lockfile entries of every third-party package `names` need, transitively, keyed as in the workspace. */
function closure(lock: Record<string, LockEntry>, names: string[], ours: Set<string>): Map<string, LockEntry> {
  const found = new Map<string, LockEntry>();
  const visit = (from: string, name: string, optional: boolean): void => {
    if (ours.has(name)) return;
    const key = locate(lock, from, name);
    if (key === undefined) {
      if (optional) return;
      throw new Error(`package-lock.json has no entry for ${name} (needed from '${from || 'the root'}')`);
    }
    if (found.has(key)) return;
    const entry = lock[key]!;
    found.set(key, entry);
    for (const dep of Object.keys(entry.dependencies ?? {})) visit(key, dep, false);
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) visit(key, dep, true);
    // npm installs a peer dependency too unless it is marked optional (pg-boss's @opentelemetry/api).
    for (const dep of Object.keys(entry.peerDependencies ?? {}))
      visit(key, dep, entry.peerDependenciesMeta?.[dep]?.optional === true);
  };
  for (const name of names) visit('', name, false);
  return found;
}

export interface PackedInstall {
  /** The temporary project the packages were installed into. */
  dir: string;
  /** Runs a script file's text with Node in the project (ESM), returning its stdout. */
  node(script: string, timeoutMs?: number): Promise<string>;
}

/**
 * Packs `names` (workspace package names, with the workspaces they depend on) and installs them
 * into a new temporary project without the registry. Install scripts do not run (`--ignore-scripts`),
 * and none is needed: better-sqlite3 ships its compiled binding (Node-API, one for every supported
 * Node.js) in its package. docs/BENCHMARKS.md measures a real install.
 */
export async function packedInstall(names: string[]): Promise<PackedInstall> {
  const all = workspaces();
  const ours = new Set(all.keys());
  const wanted = new Set<string>();
  const add = (name: string): void => {
    if (wanted.has(name)) return;
    const workspace = all.get(name);
    if (!workspace) throw new Error(`${name} is not a workspace package`);
    wanted.add(name);
    for (const dep of Object.keys(workspace.manifest.dependencies ?? {})) if (ours.has(dep)) add(dep);
  };
  names.forEach(add);

  const dir = mkdtempSync(join(tmpdir(), 'styler-packed-'));
  const tarballs = join(dir, 'tarballs');
  mkdirSync(tarballs);
  const workspaceFlags = [...wanted].flatMap((name) => ['-w', name]);
  const { stdout } = await run('npm', ['pack', '--pack-destination', tarballs, '--silent', ...workspaceFlags], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  const files = stdout.trim().split('\n').filter(Boolean);

  const rootLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const thirdParty = [...wanted].flatMap((name) =>
    Object.keys(all.get(name)!.manifest.dependencies ?? {}).filter((dep) => !ours.has(dep)),
  );
  const entries = closure(rootLock.packages, thirdParty, ours);

  const packages: Record<string, LockEntry> = {
    '': { name: 'consumer', version: '1.0.0', dependencies: {} },
  };
  for (const name of wanted) {
    const file = files.find(
      (f) => f === `${name.replace('@', '').replace('/', '-')}-${all.get(name)!.manifest.version}.tgz`,
    );
    if (!file) throw new Error(`npm pack did not report a tarball for ${name}: ${stdout}`);
    const bytes = readFileSync(join(tarballs, file));
    const spec = `file:tarballs/${file}`;
    packages['']!.dependencies![name] = spec;
    packages[`node_modules/${name}`] = {
      version: all.get(name)!.manifest.version,
      resolved: spec,
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
      ...(all.get(name)!.manifest.dependencies && { dependencies: all.get(name)!.manifest.dependencies }),
    };
  }
  for (const [key, entry] of entries) {
    const {
      dev: _dev,
      devOptional: _devOptional,
      ...kept
    } = entry as LockEntry & { dev?: boolean; devOptional?: boolean };
    packages[key] = kept;
  }
  const manifest = {
    name: 'consumer',
    version: '1.0.0',
    private: true,
    type: 'module',
    dependencies: packages['']!.dependencies,
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(
    join(dir, 'package-lock.json'),
    `${JSON.stringify({ name: 'consumer', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`,
  );
  await run('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: dir,
    maxBuffer: 16 * 1024 * 1024,
  });
  return {
    dir,
    async node(script, timeoutMs = 60_000) {
      const file = join(dir, `script-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`);
      writeFileSync(file, script);
      const result = await run(process.execPath, [file], { cwd: dir, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
      return result.stdout;
    },
  };
}
