/** The upload pipeline: name → kind → checked bytes → text → documents. */
import { ServiceError } from '../service-error.js';
import { documentParts } from '@styler-dev/engine';
import type { FileKind } from '../store/index.js';
import type { DocxLimits } from './docx-archive.js';
import { runNow, textOfFile, type ScheduleExtraction } from './file-text.js';
import { fileKindOf, sanitizeFilename } from './filename.js';
import { hasProse } from './prose.js';

/** An accepted upload, ready to store. */
export interface ExtractedUpload {
  kind: FileKind;
  /** Sanitised name, as stored and returned. */
  filename: string;
  /** The text the style is learned from; documents are separated by a line holding only `***`. */
  text: string;
  documentCount: number;
}

/**
 * Validates and extracts an upload. Throws ServiceError: unsupported_file_type (not .txt/.docx),
 * file_empty, file_content_mismatch, file_encoding, docx_encrypted, docx_corrupt, docx_too_large,
 * file_no_prose (a document without running text).
 */
export async function extractUpload(
  upload: { filename: string; bytes: Buffer },
  limits: DocxLimits,
  schedule: ScheduleExtraction = runNow,
): Promise<ExtractedUpload> {
  const filename = sanitizeFilename(upload.filename);
  const kind = fileKindOf(filename);
  if (kind === undefined) throw new ServiceError('unsupported_file_type');
  if (upload.bytes.length === 0) throw new ServiceError('file_empty');

  const text = await textOfFile(kind, upload.bytes, limits, {}, schedule);
  if (text.trim() === '') throw new ServiceError('file_empty', 'File is empty: it holds no text.');

  const parts = documentParts(text);
  // A file that separates several documents must not leave one empty between two others
  // ("…\n***\n\n***\n…"); a separator before the first or after the last is only a separator.
  const empty = parts.findIndex((part, i) => i > 0 && i < parts.length - 1 && part.trim() === '');
  if (empty >= 0) {
    throw new ServiceError(
      'file_no_prose',
      `Document ${empty + 1} of ${parts.length} in the file is empty: remove the extra *** line or fill it in.`,
    );
  }
  const documents = parts.filter((part) => part.trim() !== '');
  if (documents.length === 0) throw new ServiceError('file_no_prose');
  documents.forEach((document, index) => {
    if (!hasProse(document)) {
      throw new ServiceError(
        'file_no_prose',
        documents.length === 1
          ? undefined
          : `Document ${index + 1} of ${documents.length} in the file holds no prose: upload sentences of running text.`,
      );
    }
  });
  return { kind, filename, text, documentCount: documents.length };
}
