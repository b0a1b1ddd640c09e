/**
 * The files part of the store contract (../contract.ts): what both dialects' repositories offer,
 * asynchronously; SQLite's synchronous repository is adapted to it by ../sqlite/sqlite-styler-store.ts.
 */
import type { Page, PageQuery } from '../shared/page.js';
import type { FileDeleteResult, FileRecord } from './records.js';

/** Uploaded files: metadata, the original bytes and the extracted text, written together or not at all. */
export interface FilesStore {
  /** Stores the record with its bytes and text atomically; a full disk rejects with `storage_full`. */
  create(record: FileRecord, upload: Uint8Array, text: string): Promise<void>;
  get(organizationId: string, id: string): Promise<FileRecord | undefined>;
  /** Undefined when `query.after` is not a file of this organization. */
  list(organizationId: string, query: PageQuery): Promise<Page<FileRecord> | undefined>;
  /** The extracted text of a file that exists (callers check ownership with get first). */
  readText(id: string): Promise<string>;
  readUpload(id: string): Promise<Buffer>;
  /** Deletes record and bytes unless a queued or running job still needs the file. */
  delete(organizationId: string, id: string): Promise<FileDeleteResult>;
}
