/**
 * `--encoding`: text files (.txt, .md) in an encoding other than UTF-8, decoded by the WHATWG
 * TextDecoder (latin1 and iso-8859-1 are windows-1252 there, as in browsers; utf-16le, utf-16be,
 * the other windows- and iso-8859- code pages, koi8-r, shift_jis, gbk, …). A leading byte-order
 * mark is dropped. A .docx is read as it always is (its XML says its encoding).
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { CliError } from '@styler-dev/cli-kit';
import type { DocumentReader } from '../../host.js';

export const ENCODING_HELP = [
  '  --encoding NAME                  how .txt and .md files are decoded: utf-8 (default), latin1,',
  '                                   windows-1252, utf-16le, … (any TextDecoder label)',
];

/** The TextDecoder's name of `--encoding`; a CliError when it names none. */
export function parseEncoding(label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    throw new CliError(
      `--encoding ${label}: not an encoding TextDecoder knows (utf-8, latin1, windows-1252, utf-16le, …)`,
    );
  }
}

/** `readDocument` with text files decoded from `encoding` (none, or utf-8: `readDocument` itself). */
export function encodedReader(readDocument: DocumentReader, encoding: string | undefined): DocumentReader {
  if (encoding === undefined || encoding === 'utf-8') return readDocument;
  const decoder = new TextDecoder(encoding);
  return async (path) => {
    if (extname(path).toLowerCase() === '.docx') return readDocument(path);
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch (error) {
      throw new CliError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unknown error'}`);
    }
    // TextDecoder drops a byte-order mark of its own encoding.
    return { path, text: decoder.decode(bytes) };
  };
}
