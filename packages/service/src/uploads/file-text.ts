/**
 * The text of an uploaded file's bytes, on its own so that reading a file (the CLI's documents) does
 * not load the upload pipeline's engine checks.
 */
import type { FileKind } from '../store/index.js';
import { decodeTextFile } from './decode-text.js';
import type { DocxLimits } from './docx-archive.js';
import type { TextOptions } from './docx-text.js';

/**
 * The text of a file's bytes: a .docx through mammoth once its archive passed the checks, text as
 * UTF-8 or UTF-16 with a byte-order mark. Throws ServiceError (file_encoding, docx_*).
 */
export async function textOfFile(
  kind: FileKind,
  bytes: Buffer,
  limits: DocxLimits,
  options: TextOptions = {},
  schedule: ScheduleExtraction = runNow,
): Promise<string> {
  if (kind !== 'docx') return decodeTextFile(bytes);
  // The archive reader and the extraction's thread are loaded with the first .docx, so that a run
  // over plain text (the research commands) does not load them.
  const [{ inspectDocx }, { extractDocxText }] = await Promise.all([
    import('./docx-archive.js'),
    import('./docx-text.js'),
  ]);
  await inspectDocx(bytes, limits);
  return schedule(() => extractDocxText(bytes, options));
}

/** Runs a .docx extraction when the caller's bounds allow (the service's ExtractionGate). */
export type ScheduleExtraction = (extract: () => Promise<string>) => Promise<string>;

export const runNow: ScheduleExtraction = (extract) => extract();
