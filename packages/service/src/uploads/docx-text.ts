/**
 * Text of a .docx, with headings kept as Markdown `#` lines: mammoth runs in a worker thread with a
 * bounded heap (docx-worker.ts), so one document's XML tree cannot take the process's memory.
 */
import { Worker } from 'node:worker_threads';
import { threadModule } from '@styler-dev/analytics/pool';
import { ServiceError } from '../service-error.js';
import type { DocxWorkerInput, DocxWorkerOutput } from './docx-worker.js';
import type { TextOptions } from './html-text.js';

export { htmlToText, type TextOptions } from './html-text.js';

const DOCX_WORKER = threadModule('@styler-dev/styler/docx-worker', import.meta.url);

/**
 * The heap one extraction may use, in MiB (V8's old generation; the young one adds 16): enough for
 * the largest word/document.xml read (MAX_DOCUMENT_XML_BYTES), with the thread's own memory under
 * 512 MiB of resident memory.
 */
export const DOCX_EXTRACTION_HEAP_MB = 352;

/**
 * The text of a .docx (already checked by inspectDocx). Images are not read and external files
 * (linked images, etc.) are never fetched. Throws ServiceError docx_corrupt when mammoth cannot
 * read the document, docx_too_large when reading it needs more than DOCX_EXTRACTION_HEAP_MB.
 */
export async function extractDocxText(bytes: Buffer, options: TextOptions = {}): Promise<string> {
  const input: DocxWorkerInput = { bytes, options };
  const output = await new Promise<DocxWorkerOutput>((resolve, reject) => {
    const worker = new Worker(DOCX_WORKER, {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: DOCX_EXTRACTION_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    });
    let answer: DocxWorkerOutput | undefined;
    worker.once('message', (message: DocxWorkerOutput) => (answer = message));
    worker.once('error', (error: Error & { code?: string }) => {
      answer = undefined;
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') reject(tooComplex(error));
      else reject(new ServiceError('docx_corrupt', undefined, { cause: error }));
    });
    worker.once('exit', () => {
      if (answer) resolve(answer);
      else reject(new ServiceError('docx_corrupt'));
    });
  });
  if ('unreadable' in output)
    throw new ServiceError('docx_corrupt', undefined, { cause: new Error(output.unreadable) });
  return output.text;
}

function tooComplex(cause: Error): ServiceError {
  return new ServiceError(
    'docx_too_large',
    `The .docx file's document is too large to read within ${DOCX_EXTRACTION_HEAP_MB} MiB of memory: split it into smaller files.`,
    { cause },
  );
}
