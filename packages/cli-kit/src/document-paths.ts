/**
 * The document files under the paths a command is given. Reading them is the styler CLI's job (a
 * .docx goes through the service's upload checks); @styler-dev/research is lent that reader.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { CliError } from './io.js';

/** A document as read: its path and its text. */
export interface DocumentFile {
  path: string;
  text: string;
}

const DOCUMENT_EXTENSIONS = new Set(['.txt', '.md', '.docx']);

/** A document file to read and its name in tables and plots. */
export interface NamedPath {
  path: string;
  /**
   * The path from the folder holding the argument it was found under, with `/` between parts:
   * `alice/01.txt` for `corpus/alice/01.txt` under `corpus/alice`, the file's name for a file given
   * alone. A folder per author with files 01.txt, 02.txt… so gives distinct names.
   */
  name: string;
}

/** Why a folder entry was passed over (a dangling link, a loop, a FIFO), for a message on stderr. */
export type SkipNote = (message: string) => void;

async function listFolder(folder: string, seen: Set<string>, onSkip: SkipNote): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const paths: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    const document = DOCUMENT_EXTENSIONS.has(extname(entry.name).toLowerCase());
    let isDirectory = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      // Links are followed: to a file, it is read; to a folder, it is listed unless already listed (a loop).
      let target;
      try {
        target = await stat(path);
      } catch (error) {
        if (document)
          onSkip(`${path}: skipped, a link to nothing (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
        continue;
      }
      isDirectory = target.isDirectory();
      isFile = target.isFile();
    }
    if (isDirectory) {
      const real = await realpath(path);
      if (seen.has(real)) {
        onSkip(`${path}: skipped, a link back to a folder already read (${real})`);
        continue;
      }
      seen.add(real);
      paths.push(...(await listFolder(path, seen, onSkip)));
    } else if (document) {
      if (isFile) paths.push(path);
      else onSkip(`${path}: skipped, not a regular file`);
    }
  }
  return paths;
}

/** `path` from `base`, parts joined by `/` whatever the platform. */
function nameFrom(base: string, path: string): string {
  return relative(base, path).split(sep).join('/');
}

/**
 * Expands files and folders (their .txt, .md and .docx files, recursively, sorted, links followed) to
 * document paths and names (see NamedPath). Entries that cannot be documents (links to nothing,
 * links back to a folder already listed, FIFOs) are passed to `onSkip` and left out.
 */
export async function expandNamedPaths(paths: readonly string[], onSkip: SkipNote = () => {}): Promise<NamedPath[]> {
  const out: NamedPath[] = [];
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch {
      throw new CliError(`no such file or directory: ${path}`);
    }
    const base = dirname(resolve(path));
    if (info.isDirectory()) {
      const inside = await listFolder(path, new Set([await realpath(path)]), onSkip);
      if (inside.length === 0) throw new CliError(`no .txt, .md or .docx files in folder: ${path}`);
      out.push(...inside.map((file) => ({ path: file, name: nameFrom(base, resolve(file)) })));
    } else {
      out.push({ path, name: nameFrom(base, resolve(path)) });
    }
  }
  return out;
}

/** Expands files and folders (their .txt, .md and .docx files, recursively, sorted) to document paths. */
export async function expandPaths(paths: readonly string[], onSkip?: SkipNote): Promise<string[]> {
  return (await expandNamedPaths(paths, onSkip)).map((file) => file.path);
}
