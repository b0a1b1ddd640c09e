import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { ServiceError } from '../http/errors.js';
import { SERVICE_DEFAULTS } from '../http/config.js';
import { textOfFile } from '../http/uploads/extract.js';
import { CliError } from './io.js';

export interface DocumentFile {
  path: string;
  text: string;
}

const DOCUMENT_EXTENSIONS = new Set(['.txt', '.md', '.docx']);

async function listFolder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const paths: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) paths.push(...(await listFolder(path)));
    else if (entry.isFile() && DOCUMENT_EXTENSIONS.has(extname(entry.name).toLowerCase())) paths.push(path);
  }
  return paths;
}

/** Expands files and folders (their .txt, .md and .docx files, recursively, sorted) to document paths. */
export async function expandPaths(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    let info;
    try {
      info = await stat(path);
    } catch {
      throw new CliError(`no such file or directory: ${path}`);
    }
    if (info.isDirectory()) {
      const inside = await listFolder(path);
      if (inside.length === 0) throw new CliError(`no .txt, .md or .docx files in folder: ${path}`);
      out.push(...inside);
    } else {
      out.push(path);
    }
  }
  return out;
}

/**
 * Reads one document as the service reads an upload: a .docx through mammoth (after the same checks
 * of its archive), text as UTF-8 or UTF-16 with a byte-order mark (a leading BOM is dropped).
 */
export async function readDocument(path: string): Promise<DocumentFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new CliError(`cannot read ${path}: ${code}`);
  }
  try {
    const kind = extname(path).toLowerCase() === '.docx' ? 'docx' : 'txt';
    const limits = {
      maxExpandedBytes: SERVICE_DEFAULTS.maxDocxExpandedBytes,
      maxEntries: SERVICE_DEFAULTS.maxDocxEntries,
    };
    return { path, text: await textOfFile(kind, bytes, limits) };
  } catch (error) {
    if (error instanceof ServiceError) throw new CliError(`${path}: ${error.message}`);
    throw error;
  }
}

/** Every document under the given paths, one per file. */
export async function readDocuments(paths: readonly string[]): Promise<DocumentFile[]> {
  const files = await expandPaths(paths);
  return Promise.all(files.map((file) => readDocument(file)));
}
