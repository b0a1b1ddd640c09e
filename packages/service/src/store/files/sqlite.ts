/** Metadata of uploaded files in SQLite; the bytes and extracted text live in the BlobStore. */
import type { SqliteDatabase } from '../shared/sqlite-database.js';
import { preparePageStatements, readPage, type Page, type PageQuery } from '../shared/page.js';
import { FILE_COLUMNS, fileRecordOf, type FileDeleteResult, type FileRecord, type FileRow } from './records.js';

/** Repository of the `files` table. Every read is scoped to one organization. */
export class FilesRepository {
  readonly #db: SqliteDatabase;
  readonly #statements;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#statements = {
      insert: db.prepare(
        `INSERT INTO files (${FILE_COLUMNS}) VALUES (@id, @organization_id, @project_id, @filename, @purpose, @kind,
          @bytes, @text_chars, @document_count, @created_at)`,
      ),
      get: db.prepare<[string, string], FileRow>(
        `SELECT ${FILE_COLUMNS} FROM files WHERE organization_id = ? AND id = ?`,
      ),
      page: preparePageStatements<FileRow>(db, 'files', FILE_COLUMNS, 'id'),
      activeJobUses: db
        .prepare<[string], number>(
          `SELECT COUNT(*) FROM job_training_files t JOIN jobs j ON j.id = t.job_id
          WHERE t.file_id = ? AND j.status IN ('queued', 'running')`,
        )
        .pluck(),
      delete: db.prepare('DELETE FROM files WHERE organization_id = ? AND id = ?'),
      allIds: db.prepare<[], string>('SELECT id FROM files').pluck(),
      exists: db.prepare<[string], number>('SELECT 1 FROM files WHERE id = ?').pluck(),
    };
  }

  insert(record: FileRecord): void {
    this.#statements.insert.run({
      id: record.id,
      organization_id: record.organizationId,
      project_id: record.projectId,
      filename: record.filename,
      purpose: record.purpose,
      kind: record.kind,
      bytes: record.bytes,
      text_chars: record.textChars,
      document_count: record.documentCount,
      created_at: record.createdAt,
    });
  }

  /** The file, or undefined when it does not exist or belongs to another organization. */
  get(organizationId: string, id: string): FileRecord | undefined {
    const row = this.#statements.get.get(organizationId, id);
    return row && fileRecordOf(row);
  }

  /** A page of the organization's files (default newest first); undefined when `after` is unknown. */
  list(organizationId: string, query: PageQuery): Page<FileRecord> | undefined {
    return readPage(this.#statements.page, organizationId, query, fileRecordOf);
  }

  /** Deletes the file unless a queued or running job still needs it (checked in the same transaction). */
  delete(organizationId: string, id: string): FileDeleteResult {
    return this.#db
      .transaction((): FileDeleteResult => {
        if (!this.#statements.get.get(organizationId, id)) return 'not_found';
        if ((this.#statements.activeJobUses.get(id) as number) > 0) return 'in_use';
        this.#statements.delete.run(organizationId, id);
        return 'deleted';
      })
      .immediate();
  }

  /** True when any organization has a file with this id. */
  exists(id: string): boolean {
    return this.#statements.exists.get(id) !== undefined;
  }

  /** Ids of every file of every organization (start-up cleanup of orphaned blobs). */
  allIds(): Set<string> {
    return new Set(this.#statements.allIds.all() as string[]);
  }
}
