/** Reading documents for the CLI as the service reads an upload (the listing is @styler-dev/cli-kit's). */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { CliError, expandPaths, type DocumentFile } from '@styler-dev/cli-kit';
import { ServiceError } from '../service-error.js';
import { DEFAULT_DOCX_LIMITS } from '../docx-limits.js';
import type { TextOptions } from '../uploads/docx-text.js';
import { textOfFile } from '../uploads/file-text.js';

/** Why a file could not be read, in words (with the system's code for a search). */
export function unreadableReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const words: Readonly<Record<string, string>> = {
    ENOENT: 'no such file',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EISDIR: 'it is a folder, not a file',
    ENOTDIR: 'a part of the path is not a folder',
  };
  if (code === undefined) return 'unknown error';
  return words[code] ? `${words[code]} (${code})` : code;
}

/**
 * Reads one document as the service reads an upload: a .docx through mammoth (after the same checks
 * of its archive), text as UTF-8 or UTF-16 with a byte-order mark (a leading BOM is dropped).
 * `markdown: true` keeps a .docx's bold, italic and numbered lists as Markdown (to write it back).
 */
export async function readDocument(path: string, options: TextOptions = {}): Promise<DocumentFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${unreadableReason(error)}`);
  }
  try {
    const kind = extname(path).toLowerCase() === '.docx' ? 'docx' : 'txt';
    return { path, text: await textOfFile(kind, bytes, DEFAULT_DOCX_LIMITS, options) };
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
