/**
 * A worker thread that converts one .docx to text. mammoth holds the whole XML tree in memory (about
 * 100 bytes per byte of word/document.xml), so the conversion runs here, under the heap limit its
 * parent sets, and the memory goes back to the system when the thread ends. Imports nothing heavy:
 * the thread starts for each upload.
 */
import { parentPort, workerData } from 'node:worker_threads';
import mammoth from 'mammoth';
import { htmlToText, type TextOptions } from './html-text.js';

/** What the parent sends. */
export interface DocxWorkerInput {
  bytes: Uint8Array;
  options: TextOptions;
}

/** What the thread answers: the text, or why mammoth could not read the document. */
export type DocxWorkerOutput = { text: string } | { unreadable: string };

async function convert({ bytes, options }: DocxWorkerInput): Promise<DocxWorkerOutput> {
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        externalFileAccess: false,
        // Skip image bytes entirely: only text matters, and images can be most of the archive.
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      },
    );
    html = result.value;
  } catch (error) {
    return { unreadable: (error as Error).message };
  }
  return { text: htmlToText(html, options).normalize('NFC') };
}

parentPort?.postMessage(await convert(workerData as DocxWorkerInput));
