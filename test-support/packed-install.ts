/**
 * Installs this repository's packages as a user would get them: `npm pack` of each workspace (once
 * per test run, shared by the packaging suites), then `npm ci --offline` of the tarballs into an
 * empty temporary project. No registry is asked: the
 * temporary project's lockfile pins every third-party dependency to the version, address and
 * integrity of the workspace's own package-lock.json, so npm takes them from its cache (which the
 * workspace's install filled). A broken `files` list or `exports` map fails here as it would for users.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SHARED_PREFIX, RUN_DIR_PREFIX } from './temp-dir-global-setup.js';

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

/** `npm pack` of `names` into `destination`: the tarballs' file names. */
async function pack(names: string[], destination: string): Promise<string[]> {
  const { stdout } = await run(
    'npm',
    ['pack', '--pack-destination', destination, '--silent', ...names.flatMap((name) => ['-w', name])],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout.trim().split('\n').filter(Boolean);
}

/** How long a test process waits for another one's packing before giving up. */
const PACK_WAIT_MS = 300_000;

let runPack: Promise<{ dir: string; files: string[] }> | undefined;

/**
 * The tarballs of `names` (and maybe of other workspace packages): their folder and file names.
 * Inside a vitest run's own temporary folder (temp-dir-global-setup.ts), every workspace package is packed once for the whole run and the packaging suites of all packages
 * share the tarballs: packing runs each package's prepack build, and packing the service alone
 * packs the three packages under it again. The first test process to get here packs, the others
 * wait for its list of files (written last, so a list seen means every tarball is complete).
 * Elsewhere (no run folder whose end removes the tarballs) just `names` are packed, into `own`.
 */
async function packedTarballs(names: string[], own: string): Promise<{ dir: string; files: string[] }> {
  if (!basename(tmpdir()).startsWith(RUN_DIR_PREFIX)) return { dir: own, files: await pack(names, own) };
  runPack ??= sharedPack();
  return runPack;
}

async function sharedPack(): Promise<{ dir: string; files: string[] }> {
  const dir = join(tmpdir(), `${SHARED_PREFIX}tarballs`);
  const list = join(dir, 'files.json');
  const failure = join(dir, 'failed.txt');
  let packer = true;
  try {
    // Creating the folder is the lock: one process wins it.
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    packer = false;
  }
  if (packer) {
    try {
      const files = await pack([...workspaces().keys()], dir);
      writeFileSync(`${list}.partial`, JSON.stringify(files));
      renameSync(`${list}.partial`, list);
      return { dir, files };
    } catch (error) {
      writeFileSync(failure, String((error as Error).message));
      throw error;
    }
  }
  for (const started = Date.now(); Date.now() - started < PACK_WAIT_MS;) {
    if (existsSync(list)) return { dir, files: JSON.parse(readFileSync(list, 'utf8')) as string[] };
    if (existsSync(failure))
      throw new Error(`npm pack failed in another test process: ${readFileSync(failure, 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no tarballs in ${dir} after ${PACK_WAIT_MS / 1000} s of waiting for another test process to pack`);
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
  const packed = await packedTarballs([...wanted], tarballs);

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
    const file = `${name.replace('@', '').replace('/', '-')}-${all.get(name)!.manifest.version}.tgz`;
    if (!packed.files.includes(file))
      throw new Error(`npm pack did not report a tarball for ${name}: ${packed.files.join(', ')}`);
    if (packed.dir !== tarballs) copyFileSync(join(packed.dir, file), join(tarballs, file));
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
