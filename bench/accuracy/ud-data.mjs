// Gold sentences of four UD English treebanks, labelled by shared/tools/ud_gold.py's rules, for
// training the sentence model (EWT train) and measuring it (EWT dev, GUM, ParTUT, LinES).
// The EWT test split is the project's held-out set: it is never read here.
//
// Run: node bench/accuracy/ud-data.mjs --repos DIR [--out data/ud] [--ud-gold ../shared/tools/ud_gold.py]
// DIR holds the treebanks as git clones (`git clone https://github.com/UniversalDependencies/UD_English-EWT`
// gives DIR/UD_English-EWT; likewise GUM, ParTUT, LinES) or as bare mirrors
// (DIR/UniversalDependencies+UD_English-EWT/repo). The files are read at the clone's HEAD.
import '../support/node-version.mjs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const DEFAULT_DATA_DIR = join(ROOT, 'data/ud');
const DEFAULT_UD_GOLD = join(ROOT, '../shared/tools/ud_gold.py');
const HELPER = join(ROOT, 'bench/accuracy/ud_clauses.py');

/** The splits used, by treebank. EWT test is absent on purpose; GUM's train file is not in its repository. */
export const UD_SPLITS = [
  { name: 'ewt-train', treebank: 'EWT', file: 'en_ewt-ud-train.conllu', role: 'fit' },
  { name: 'ewt-dev', treebank: 'EWT', file: 'en_ewt-ud-dev.conllu', role: 'development' },
  { name: 'gum-dev', treebank: 'GUM', file: 'en_gum-ud-dev.conllu', role: 'held out' },
  { name: 'gum-test', treebank: 'GUM', file: 'en_gum-ud-test.conllu', role: 'held out' },
  { name: 'partut-train', treebank: 'ParTUT', file: 'en_partut-ud-train.conllu', role: 'held out' },
  { name: 'partut-dev', treebank: 'ParTUT', file: 'en_partut-ud-dev.conllu', role: 'held out' },
  { name: 'partut-test', treebank: 'ParTUT', file: 'en_partut-ud-test.conllu', role: 'held out' },
  { name: 'lines-train', treebank: 'LinES', file: 'en_lines-ud-train.conllu', role: 'held out' },
  { name: 'lines-dev', treebank: 'LinES', file: 'en_lines-ud-dev.conllu', role: 'held out' },
  { name: 'lines-test', treebank: 'LinES', file: 'en_lines-ud-test.conllu', role: 'held out' },
];

const FORBIDDEN = 'en_ewt-ud-test.conllu';

function gitArgs(repos, treebank) {
  const clone = join(repos, `UD_English-${treebank}`);
  if (existsSync(join(clone, '.git'))) return ['-C', clone];
  const mirror = join(repos, `UniversalDependencies+UD_English-${treebank}`, 'repo');
  if (existsSync(mirror)) return [`--git-dir=${mirror}`];
  throw new Error(
    `UD_English-${treebank} not found under ${repos}: git clone https://github.com/UniversalDependencies/UD_English-${treebank}`,
  );
}

const git = (args, rest, options = {}) =>
  execFileSync('git', [...args, ...rest], { maxBuffer: 1 << 30, ...options }).toString('utf8');

const blobId = (buffer) =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${buffer.length}\0`), buffer]))
    .digest('hex');

/**
 * A split's file at HEAD. Some mirrors leave out their largest blobs; then the file is rebuilt
 * from the treebank's per-document sources in the order of not-to-release/file-lists (how the
 * release concatenates them), and accepted only if it hashes to the blob id HEAD names.
 */
function readSplit(args, file) {
  if (file === FORBIDDEN) throw new Error(`${FORBIDDEN} is the project's held-out set and is never read`);
  const blob = git(args, ['rev-parse', `HEAD:${file}`]).trim();
  try {
    const text = execFileSync('git', [...args, 'cat-file', 'blob', blob], {
      maxBuffer: 1 << 30,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return { text, blob, rebuilt: false };
  } catch {
    const split = file.replace(/^.*-ud-(\w+)\.conllu$/, '$1');
    const list = git(args, ['show', `HEAD:not-to-release/file-lists/files.${split}`])
      .split('\n')
      .filter(Boolean);
    const text = Buffer.concat(
      list.map((doc) =>
        execFileSync('git', [...args, 'show', `HEAD:not-to-release/sources/${doc}`], { maxBuffer: 1 << 30 }),
      ),
    );
    if (blobId(text) !== blob) throw new Error(`${file}: rebuilt from sources, but it does not hash to ${blob}`);
    return { text, blob, rebuilt: true };
  }
}

/** Writes DIR/<split>.jsonl for every split (ud_gold.py's records plus clause anchors) and DIR/manifest.json. */
export function prepareUdData({ repos, out = DEFAULT_DATA_DIR, udGold = DEFAULT_UD_GOLD }) {
  mkdirSync(out, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'styler-ud-'));
  const manifest = { udGold: createHash('sha256').update(readFileSync(udGold)).digest('hex'), splits: {} };
  try {
    for (const split of UD_SPLITS) {
      const args = gitArgs(repos, split.treebank);
      const { text, blob, rebuilt } = readSplit(args, split.file);
      const conllu = join(scratch, split.file);
      writeFileSync(conllu, text);
      const jsonl = join(out, `${split.name}.jsonl`);
      execFileSync('python3', [HELPER, udGold, conllu, jsonl]);
      rmSync(conllu);
      const sentences = readFileSync(jsonl, 'utf8').split('\n').filter(Boolean).length;
      const commit = git(args, ['rev-parse', 'HEAD']).trim();
      manifest.splits[split.name] = { file: split.file, commit, blob, rebuilt, sentences };
      console.error(
        `${split.name}: ${sentences} sentences (${split.file} at ${commit.slice(0, 8)}${rebuilt ? ', rebuilt from sources' : ''})`,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** The gold sentences of one split prepared by `prepareUdData`. */
export function loadUdSplit(name, dir = DEFAULT_DATA_DIR) {
  const path = join(dir, `${name}.jsonl`);
  if (!existsSync(path)) throw new Error(`${path} is missing: run node bench/accuracy/ud-data.mjs --repos DIR first`);
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** Reads --name value pairs from argv. */
export function cliOptions(argv = process.argv.slice(2)) {
  const options = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i]?.replace(/^--/, '');
    if (key === undefined || argv[i + 1] === undefined)
      throw new Error(`expected --name value pairs, got ${argv.join(' ')}`);
    options[key.replace(/-(\w)/g, (_, c) => c.toUpperCase())] = argv[i + 1];
  }
  return options;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { repos, out, udGold } = cliOptions();
  if (repos === undefined)
    throw new Error('usage: node bench/accuracy/ud-data.mjs --repos DIR [--out DIR] [--ud-gold PATH]');
  prepareUdData({ repos, ...(out && { out: resolve(out) }), ...(udGold && { udGold: resolve(udGold) }) });
}
