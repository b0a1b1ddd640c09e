/**
 * Output files written under `<name>.partial` and renamed into place once whole: a run cut short
 * leaves whole files and, at most, one `.partial` one, never a file that looks finished and is not.
 * OutputFile writes in pieces through a stream with backpressure (small writes gathered into 64 kB
 * chunks); writeFileAtomic writes data held whole.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';

const CHUNK_CHARACTERS = 64 * 1024;

/** Where a file is written before it is renamed to `path`. */
function partialPath(path: string): string {
  return `${path}.partial`;
}

/** Writes `data` to `path` atomically (a rename on the same file system); the partial file is removed on failure. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const partial = partialPath(path);
  try {
    await writeFile(partial, data);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export class OutputFile {
  readonly #path: string;
  readonly #partial: string;
  readonly #stream: WriteStream;
  #pending: string[] = [];
  #pendingLength = 0;
  #failed: Error | undefined;

  private constructor(path: string, stream: WriteStream) {
    this.#path = path;
    this.#partial = partialPath(path);
    this.#stream = stream;
    stream.on('error', (error) => (this.#failed = error));
  }

  /** Opens `<path>.partial` for writing. */
  static async create(path: string): Promise<OutputFile> {
    const stream = createWriteStream(partialPath(path));
    await once(stream, 'open');
    return new OutputFile(path, stream);
  }

  /** Adds text; resolves when the stream can take more (returns nothing while it is only gathered). */
  write(text: string): Promise<void> | void {
    if (this.#failed !== undefined) throw this.#failed;
    this.#pending.push(text);
    this.#pendingLength += text.length;
    if (this.#pendingLength >= CHUNK_CHARACTERS) return this.#flush();
  }

  async #flush(): Promise<void> {
    const chunk = this.#pending.join('');
    this.#pending = [];
    this.#pendingLength = 0;
    if (!this.#stream.write(chunk)) await once(this.#stream, 'drain');
    if (this.#failed !== undefined) throw this.#failed;
  }

  /** Writes what is left, closes the file and gives it its name. */
  async close(): Promise<void> {
    if (this.#pendingLength > 0) await this.#flush();
    this.#stream.end();
    await once(this.#stream, 'finish');
    if (this.#failed !== undefined) throw this.#failed;
    await rename(this.#partial, this.#path);
  }

  /** Closes and removes the unfinished file. */
  async abort(): Promise<void> {
    this.#stream.destroy();
    await rm(this.#partial, { force: true });
  }
}
