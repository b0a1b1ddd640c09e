/**
 * Checks a .docx before any OOXML parser sees it: it must be a zip holding word/document.xml, no
 * entry may be encrypted, and every entry is inflated (and discarded) to prove the whole archive
 * expands to no more than the limit. yauzl's size validation rejects entries that inflate to more
 * than their header declares, so a zip bomb cannot hide behind small declared sizes.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { DocxLimits } from '../docx-limits.js';
import { ServiceError } from '../service-error.js';
import { startsWithBytes } from './decode-text.js';

export type { DocxLimits } from '../docx-limits.js';

const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;
/** Compound File Binary: what Office writes for password-protected OOXML (and legacy .doc). */
const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;
/** Name of the stream an encrypted OOXML package keeps inside its CFB container, in UTF-16LE. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/** What the inspection learned; the entry names are kept for tests and diagnostics. */
export interface DocxInspection {
  entries: number;
  expandedBytes: number;
}

/**
 * The largest word/document.xml read, inflated: its text is extracted within the worker's heap
 * (docx-text.ts), about 45 bytes of heap per byte of XML, and a larger one is refused here at once
 * rather than after seconds of parsing. 6 MiB holds some 4 million characters of plain paragraphs.
 */
export const MAX_DOCUMENT_XML_BYTES = 6 * 1024 * 1024;

function tooLarge(limits: DocxLimits): ServiceError {
  return new ServiceError(
    'docx_too_large',
    `The .docx file expands to more than ${limits.maxExpandedBytes} bytes (or ${limits.maxEntries} entries) when unzipped.`,
  );
}

/**
 * Inspects a .docx upload. Throws ServiceError: file_content_mismatch (not a zip, a legacy .doc, or
 * a zip without word/document.xml), docx_encrypted, docx_too_large (entries or expanded size over
 * the limits, or word/document.xml over MAX_DOCUMENT_XML_BYTES), docx_corrupt (an unreadable archive).
 */
export async function inspectDocx(bytes: Buffer, limits: DocxLimits): Promise<DocxInspection> {
  if (startsWithBytes(bytes, CFB_SIGNATURE)) {
    if (bytes.includes(ENCRYPTED_PACKAGE)) throw new ServiceError('docx_encrypted');
    throw new ServiceError(
      'file_content_mismatch',
      'File content does not match its .docx extension: it is a legacy .doc file; save it as .docx.',
    );
  }
  if (!startsWithBytes(bytes, ZIP_SIGNATURE)) {
    throw new ServiceError(
      'file_content_mismatch',
      'File content does not match its .docx extension: it is not a zip archive.',
    );
  }
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (error) {
    throw new ServiceError('docx_corrupt', undefined, { cause: error });
  }
  if (zip.entryCount > limits.maxEntries) throw tooLarge(limits);
  try {
    return await readAllEntries(zip, limits);
  } finally {
    zip.close();
  }
}

async function readAllEntries(zip: yauzl.ZipFile, limits: DocxLimits): Promise<DocxInspection> {
  let expandedBytes = 0;
  let entries = 0;
  let hasDocument = false;
  const next = (): Promise<yauzl.Entry | undefined> =>
    new Promise((resolve, reject) => {
      const cleanup = (): void => {
        zip.off('entry', onEntry).off('end', onEnd).off('error', onError);
      };
      const onEntry = (entry: yauzl.Entry): void => (cleanup(), resolve(entry));
      const onEnd = (): void => (cleanup(), resolve(undefined));
      const onError = (error: Error): void => (cleanup(), reject(error));
      zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
      zip.readEntry();
    });

  for (;;) {
    let entry: yauzl.Entry | undefined;
    try {
      entry = await next();
    } catch (error) {
      throw new ServiceError('docx_corrupt', undefined, { cause: error });
    }
    if (entry === undefined) break;
    entries += 1;
    if (entry.isEncrypted()) throw new ServiceError('docx_encrypted');
    if (entry.fileName === 'word/document.xml') {
      hasDocument = true;
      // The declared size is checked against the data as it inflates (validateEntrySizes).
      if (entry.uncompressedSize > MAX_DOCUMENT_XML_BYTES) {
        throw new ServiceError(
          'docx_too_large',
          `The .docx file's document expands to more than ${MAX_DOCUMENT_XML_BYTES} bytes of XML: split it into smaller files.`,
        );
      }
    }
    // Declared sizes first: cheap, and enough for honest archives.
    expandedBytes += entry.uncompressedSize;
    if (expandedBytes > limits.maxExpandedBytes) throw tooLarge(limits);
    if (entry.fileName.endsWith('/')) continue;
    await inflateAndDiscard(zip, entry);
  }
  if (!hasDocument) {
    throw new ServiceError(
      'file_content_mismatch',
      'File content does not match its .docx extension: the archive has no word/document.xml.',
    );
  }
  return { entries, expandedBytes };
}

/** Inflates one entry into nothing; yauzl errors if it yields more (or less) than its declared size. */
async function inflateAndDiscard(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<void> {
  try {
    const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      zip.openReadStream(entry, (error, readable) => (error ? reject(error) : resolve(readable))),
    );
    await pipeline(stream, new Writable({ write: (_chunk, _encoding, done) => done() }));
  } catch (error) {
    throw new ServiceError('docx_corrupt', undefined, { cause: error });
  }
}
