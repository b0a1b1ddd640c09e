#!/usr/bin/env node
// Usage: node scripts/lint.mjs   (npm run lint)
//
// ESLint, then Prettier's check, over packages, test-support, bench and scripts; skipped when the
// last run that passed saw exactly this tree. CI runs `npm test` on each supported Node line in one
// clone, and ESLint's own cache keys every entry by the Node version as well (it cannot know whether
// a rule behaves differently on another Node), so the second line would lint every file again:
// about a minute of type-aware linting that cannot find anything new.
//
// Why the Node version can stay out of the key: ESLint, typescript-eslint, TypeScript and Prettier
// are plain JavaScript (no native code), and what they report is a function of the files they read
// (the sources, the configs, the type declarations under node_modules) and of their own versions.
// The key holds all of those: every file git sees in the working tree (tracked, or new and not
// ignored), with its content, and node_modules/.package-lock.json, npm's record of the exact
// package versions installed. What git ignores is either ignored by both linters too (dist/,
// node_modules/, data/, scratch/, coverage/: eslint.config.js and Prettier's reading of .gitignore)
// or output the linters never read. Anything else (git missing, not a clone) lints every time.
//
// The record of the last pass lives in .cache/ at the root, not in node_modules/, so that it
// outlives a reinstall (`npm ci` removes node_modules/).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PASSED = join(ROOT, '.cache', 'lint', 'passed');
const TARGETS = ['packages', 'test-support', 'bench', 'scripts'];
/** The linters' own entry points, run with this Node (node_modules/.bin holds shell shims). */
const BINS = {
  eslint: join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js'),
  prettier: join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
};

/** The paths git sees under the root (tracked, and untracked but not ignored), sorted; undefined without git. */
function workingTreeFiles() {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'buffer',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (listed.status !== 0) return undefined;
  return [...new Set(listed.stdout.toString('utf8').split('\0').filter(Boolean))].sort();
}

/** What the linters' result depends on, as one hash; undefined when it cannot be known. */
function treeKey() {
  const files = workingTreeFiles();
  if (files === undefined) return undefined;
  const hash = createHash('sha256');
  const add = (name, content) => {
    hash.update(`${name}\0${content.length}\0`);
    hash.update(content);
  };
  for (const name of files) {
    const path = join(ROOT, name);
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (stats === undefined) add(name, Buffer.from('(deleted)'));
    else if (stats.isSymbolicLink()) add(name, Buffer.from(`(link) ${readlinkSync(path)}`));
    else if (stats.isFile()) add(name, readFileSync(path));
    else add(name, Buffer.from('(other)'));
  }
  const installed = join(ROOT, 'node_modules', '.package-lock.json');
  const record = lstatSync(installed, { throwIfNoEntry: false });
  if (record === undefined) return undefined;
  add('node_modules/.package-lock.json', readFileSync(installed));
  return hash.digest('hex');
}

function run(linter, args) {
  const result = spawnSync(process.execPath, [BINS[linter], ...args], { cwd: ROOT, stdio: 'inherit' });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const key = treeKey();
const last = lstatSync(PASSED, { throwIfNoEntry: false }) ? readFileSync(PASSED, 'utf8').trim() : undefined;
if (key !== undefined && key === last) {
  console.log(`lint: skipped, the last passing lint saw this same tree (${key.slice(0, 12)}, in ${PASSED})`);
  process.exit(0);
}

const eslint = run('eslint', [
  '--cache',
  '--cache-strategy',
  'content',
  '--cache-location',
  'node_modules/.cache/eslint/',
  ...TARGETS,
]);
const prettier = eslint === 0 ? run('prettier', ['--check', '--cache', ...TARGETS]) : 1;
if (eslint !== 0 || prettier !== 0) process.exit(1);
// The key of the tree as it was before linting: a file edited meanwhile makes the next run lint again.
if (key !== undefined) {
  mkdirSync(dirname(PASSED), { recursive: true });
  writeFileSync(PASSED, `${key}\n`);
}
