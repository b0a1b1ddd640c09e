/** What the files table holds, as both stores read and write it (sqlite.ts, postgres.ts). */
/** The two accepted upload types. */
export type FileKind = 'txt' | 'docx';

/** One uploaded file. `bytes` is the upload's size; `textChars` the extracted text's length in UTF-16 units. */
export interface FileRecord {
  id: string;
  organizationId: string;
  projectId: string;
  filename: string;
  purpose: string;
  kind: FileKind;
  bytes: number;
  textChars: number;
  documentCount: number;
  /** Unix seconds. */
  createdAt: number;
}

/** Outcome of a delete: `in_use` when a queued or running job still needs the file. */
export type FileDeleteResult = 'deleted' | 'not_found' | 'in_use';

/** A files row (both stores select COLUMNS). */
export interface FileRow {
  id: string;
  organization_id: string;
  project_id: string;
  filename: string;
  purpose: string;
  kind: FileKind;
  bytes: number;
  text_chars: number;
  document_count: number;
  created_at: number;
}

export function fileRecordOf(row: FileRow): FileRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    projectId: row.project_id,
    filename: row.filename,
    purpose: row.purpose,
    kind: row.kind,
    bytes: row.bytes,
    textChars: row.text_chars,
    documentCount: row.document_count,
    createdAt: row.created_at,
  };
}

/** The files columns every query selects. */
export const FILE_COLUMNS =
  'id, organization_id, project_id, filename, purpose, kind, bytes, text_chars, document_count, created_at';
