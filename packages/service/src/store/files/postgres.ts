/**
 * Uploaded files in PostgreSQL: the metadata row in `files` and, where SQLite mode writes its blob
 * directory, the upload and its extracted text in `file_contents`, both in one transaction.
 */
import type pg from 'pg';
import type { FilesStore } from './contract.js';
import type { Page, PageQuery } from '../shared/page.js';
import { inTransaction, readPage, scopedRow } from '../shared/postgres-queries.js';
import { asStorageFull } from '../shared/storage-full.js';
import { FILE_COLUMNS, fileRecordOf, type FileDeleteResult, type FileRecord, type FileRow } from './records.js';

/** The files and file_contents tables over a node-postgres pool. Every read of a record is scoped to one organization. */
export class PostgresFilesRepository implements FilesStore {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async create(record: FileRecord, upload: Uint8Array, text: string): Promise<void> {
    await inTransaction(this.#pool, async (client) => {
      await client.query(`INSERT INTO files (${FILE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [
        record.id,
        record.organizationId,
        record.projectId,
        record.filename,
        record.purpose,
        record.kind,
        record.bytes,
        record.textChars,
        record.documentCount,
        record.createdAt,
      ]);
      await client.query('INSERT INTO file_contents (file_id, upload, text) VALUES ($1, $2, $3)', [
        record.id,
        Buffer.from(upload.buffer, upload.byteOffset, upload.byteLength),
        text,
      ]);
    }).catch((error: unknown) => {
      throw asStorageFull(error);
    });
  }

  async get(organizationId: string, id: string): Promise<FileRecord | undefined> {
    const row = await scopedRow<FileRow>(this.#pool, 'files', FILE_COLUMNS, 'id', organizationId, id);
    return row && fileRecordOf(row);
  }

  list(organizationId: string, query: PageQuery): Promise<Page<FileRecord> | undefined> {
    return readPage(this.#pool, 'files', FILE_COLUMNS, 'id', organizationId, query, fileRecordOf);
  }

  async readText(id: string): Promise<string> {
    return (await this.#content<{ text: string }>('text', id)).text;
  }

  async readUpload(id: string): Promise<Buffer> {
    return (await this.#content<{ upload: Buffer }>('upload', id)).upload;
  }

  /** Deletes the file unless a queued or running job still needs it; the file row is locked while that is checked. */
  delete(organizationId: string, id: string): Promise<FileDeleteResult> {
    return inTransaction(this.#pool, async (client): Promise<FileDeleteResult> => {
      const file = await client.query('SELECT 1 FROM files WHERE organization_id = $1 AND id = $2 FOR UPDATE', [
        organizationId,
        id,
      ]);
      if (file.rowCount === 0) return 'not_found';
      const uses = await client.query(
        `SELECT 1 FROM job_training_files t JOIN jobs j ON j.id = t.job_id
          WHERE t.file_id = $1 AND j.status IN ('queued', 'running') LIMIT 1`,
        [id],
      );
      if ((uses.rowCount ?? 0) > 0) return 'in_use';
      await client.query('DELETE FROM files WHERE organization_id = $1 AND id = $2', [organizationId, id]);
      return 'deleted';
    });
  }

  /** One column of a file's content; missing content fails with ENOENT, as a missing blob does in SQLite mode. */
  async #content<Row extends pg.QueryResultRow>(column: 'text' | 'upload', id: string): Promise<Row> {
    const row = (await this.#pool.query<Row>(`SELECT ${column} FROM file_contents WHERE file_id = $1`, [id])).rows[0];
    if (row === undefined) throw Object.assign(new Error(`no content for file ${id}`), { code: 'ENOENT' });
    return row;
  }
}
