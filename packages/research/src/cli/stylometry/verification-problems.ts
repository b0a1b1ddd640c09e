/**
 * Reading the problems of `styler verify`, in either layout:
 *
 * - a JSON Lines file, one problem a line: {"id", "known": [text or path, ...], "unknown": text or
 *   path, "answer": true|false (optional), "author": name (optional)}. A string without a line break
 *   that names an existing file (relative to the JSONL's folder) is read as that file; any other
 *   string is the text itself. PAN 2020–23's pairs.jsonl is read too: {"id", "pair": [known text,
 *   questioned text]} lines, their answers and authors from the truth.jsonl beside it (as below).
 * - a folder as PAN's: one subfolder per problem (its name the id) holding known*.{txt,md,docx} and
 *   unknown.{txt,md,docx}; the answers, optional, in truth.txt ("ID Y" or "ID N" lines, as PAN
 *   2013–15), truth.json ({"ID": true|false|"Y"|"N"}) or truth.jsonl ({"id", "same"|"answer"} lines).
 *   The known author's name, where given: a truth.jsonl row's "author", or the first of its
 *   "authors" (PAN 2020–23 give [known author, questioned author]). Problems without one that share
 *   a known text are taken for one author (stylometry/verification.ts).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { wordFormSequence } from '@styler-dev/analytics/metrics';
import { CliError, parseJsonObject } from '@styler-dev/cli-kit';
import type { VerificationProblem, VerificationText } from '../../stylometry/index.js';
import type { DocumentReader } from '../../host.js';
import type { FeatureSettings } from './options.js';
import { textProfiles } from './profiles.js';

const DOCUMENT = /\.(txt|md|docx)$/i;

/** A problem as read, before its texts are counted. */
interface ReadProblem {
  id: string;
  author?: string;
  known: string[];
  unknown: string;
  same?: boolean;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function answerOf(value: unknown, where: string): boolean {
  if (value === true || value === 'Y' || value === 'y') return true;
  if (value === false || value === 'N' || value === 'n') return false;
  throw new CliError(`${where}: the answer must be true, false, "Y" or "N"`);
}

async function textOrFile(value: unknown, folder: string, where: string, read: DocumentReader): Promise<string> {
  if (typeof value !== 'string' || value.trim() === '') throw new CliError(`${where}: a text or a path is needed`);
  const path = resolve(folder, value);
  if (!/[\r\n]/.test(value) && (await isFile(path))) return (await read(path)).text;
  return value;
}

/** PAN 2020–23's answers and authors for a pairs.jsonl: the truth.jsonl beside it, when there is one. */
async function pairsTruth(path: string): Promise<Truth> {
  const beside = join(dirname(resolve(path)), 'truth.jsonl');
  if (resolve(path) === beside || !(await isFile(beside))) return { answers: new Map(), authors: new Map() };
  return truthJsonl(await readFile(beside, 'utf8'));
}

async function fromJsonLines(path: string, read: DocumentReader): Promise<ReadProblem[]> {
  const folder = dirname(resolve(path));
  let truth: Truth | undefined;
  const lines = (await readFile(path, 'utf8')).replace(/^\uFEFF/, '').split(/\r?\n/);
  const problems: ReadProblem[] = [];
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const where = `${path} line ${index + 1}`;
    let row: Record<string, unknown>;
    try {
      row = parseJsonObject(line, '{"id": "p1", "known": ["..."], "unknown": "...", "answer": true}');
    } catch (error) {
      throw new CliError(`${where}: ${(error as Error).message}`);
    }
    if (typeof row.id !== 'string' && typeof row.id !== 'number') throw new CliError(`${where}: "id" is missing`);
    if (row.pair !== undefined) {
      if (!Array.isArray(row.pair) || row.pair.length !== 2) {
        throw new CliError(`${where}: "pair" must be two texts, the known one first`);
      }
      truth ??= await pairsTruth(path);
      const id = String(row.id);
      const author = typeof row.author === 'string' ? row.author : truth.authors.get(id);
      const same =
        row.answer !== undefined && row.answer !== null ? answerOf(row.answer, where) : truth.answers.get(id);
      problems.push({
        id,
        ...(author !== undefined && { author }),
        known: [await textOrFile(row.pair[0], folder, `${where} pair[0]`, read)],
        unknown: await textOrFile(row.pair[1], folder, `${where} pair[1]`, read),
        ...(same !== undefined && { same }),
      });
      continue;
    }
    if (!Array.isArray(row.known) || row.known.length === 0) {
      throw new CliError(`${where}: "known" must be a list of texts or paths`);
    }
    if (row.author !== undefined && typeof row.author !== 'string')
      throw new CliError(`${where}: "author" must be a string`);
    problems.push({
      id: String(row.id),
      ...(typeof row.author === 'string' && { author: row.author }),
      known: await Promise.all(row.known.map((value, i) => textOrFile(value, folder, `${where} known[${i}]`, read))),
      unknown: await textOrFile(row.unknown, folder, `${where} unknown`, read),
      ...(row.answer !== undefined && row.answer !== null && { same: answerOf(row.answer, where) }),
    });
  }
  return problems;
}

interface Truth {
  answers: Map<string, boolean>;
  authors: Map<string, string>;
}

function authorOfRow(row: { author?: unknown; authors?: unknown }, where: string): string | undefined {
  const author = row.author ?? (Array.isArray(row.authors) ? row.authors[0] : row.authors);
  if (author === undefined || author === null) return undefined;
  if (typeof author !== 'string' && typeof author !== 'number') {
    throw new CliError(`${where}: "author" must be a name, "authors" a list of names`);
  }
  return String(author);
}

/** A truth.jsonl's answers ("same" or "answer") and known authors ("author", or the first of "authors"). */
function truthJsonl(text: string): Truth {
  const answers = new Map<string, boolean>();
  const authors = new Map<string, string>();
  for (const line of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line) as {
      id?: unknown;
      same?: unknown;
      answer?: unknown;
      author?: unknown;
      authors?: unknown;
    };
    const where = `truth.jsonl ${String(row.id)}`;
    if (row.same !== undefined || row.answer !== undefined)
      answers.set(String(row.id), answerOf(row.same ?? row.answer, where));
    const author = authorOfRow(row, where);
    if (author !== undefined) authors.set(String(row.id), author);
  }
  return { answers, authors };
}

async function truthOf(folder: string): Promise<Truth> {
  const truth = new Map<string, boolean>();
  const authors = new Map<string, string>();
  const text = async (name: string): Promise<string | undefined> =>
    (await isFile(join(folder, name))) ? readFile(join(folder, name), 'utf8') : undefined;
  const txt = await text('truth.txt');
  if (txt !== undefined) {
    for (const line of txt.replace(/^\uFEFF/, '').split(/\r?\n/)) {
      const [id, answer] = line.trim().split(/\s+/);
      if (id !== undefined && id !== '') truth.set(id, answerOf(answer, `truth.txt ${id}`));
    }
  }
  const json = await text('truth.json');
  if (json !== undefined) {
    for (const [id, answer] of Object.entries(JSON.parse(json) as Record<string, unknown>)) {
      truth.set(id, answerOf(answer, `truth.json ${id}`));
    }
  }
  const jsonl = await text('truth.jsonl');
  if (jsonl !== undefined) {
    const fromJsonl = truthJsonl(jsonl);
    for (const [id, answer] of fromJsonl.answers) truth.set(id, answer);
    for (const [id, author] of fromJsonl.authors) authors.set(id, author);
  }
  return { answers: truth, authors };
}

async function fromFolder(folder: string, read: DocumentReader): Promise<ReadProblem[]> {
  const { answers, authors } = await truthOf(folder);
  const entries = (await readdir(folder, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  const problems: ReadProblem[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const files = (await readdir(join(folder, entry.name))).filter((name) => DOCUMENT.test(name)).sort();
    const known = files.filter((name) => name.toLowerCase().startsWith('known'));
    const unknown = files.find((name) => name.toLowerCase().startsWith('unknown'));
    if (known.length === 0 || unknown === undefined) {
      throw new CliError(`${join(folder, entry.name)}: a problem needs known*.txt and unknown.txt`);
    }
    const textAt = async (name: string): Promise<string> => (await read(join(folder, entry.name, name))).text;
    const same = answers.get(entry.name);
    const author = authors.get(entry.name);
    problems.push({
      id: entry.name,
      ...(author !== undefined && { author }),
      known: await Promise.all(known.map(textAt)),
      unknown: await textAt(unknown),
      ...(same !== undefined && { same }),
    });
  }
  return problems;
}

function counted(text: string, name: string, settings: FeatureSettings): VerificationText {
  const words = wordFormSequence(text);
  if (words.length === 0) throw new CliError(`${name}: no words to count`);
  const [profiled] = textProfiles(words, name, settings);
  return { key: createHash('sha256').update(text).digest('hex'), profile: profiled!.profile };
}

/** The problems of a JSON Lines file or a PAN-style folder, their texts counted as `settings` say. */
export async function readVerificationProblems(
  path: string,
  settings: FeatureSettings,
  read: DocumentReader,
): Promise<VerificationProblem[]> {
  let folder: boolean;
  try {
    folder = (await stat(path)).isDirectory();
  } catch {
    throw new CliError(`${path}: no such file or folder`);
  }
  const problems = folder ? await fromFolder(path, read) : await fromJsonLines(path, read);
  if (problems.length === 0) throw new CliError(`${path}: no problem to verify`);
  const ids = new Set<string>();
  return problems.map((problem) => {
    if (ids.has(problem.id)) throw new CliError(`${path}: problem ${problem.id} appears twice`);
    ids.add(problem.id);
    return {
      id: problem.id,
      ...(problem.author !== undefined && { author: problem.author }),
      known: problem.known.map((text, i) => counted(text, `problem ${problem.id} known text ${i + 1}`, settings)),
      unknown: counted(problem.unknown, `problem ${problem.id} unknown text`, settings),
      ...(problem.same !== undefined && { same: problem.same }),
    };
  });
}
