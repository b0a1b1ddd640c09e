/** Cursor pagination shared by the list queries: `after` is the id of the last item already seen. */
import type { Statement } from 'better-sqlite3';

/** One page of a list, newest first unless the query says otherwise. */
export interface Page<T> {
  data: T[];
  /** True when more items follow the last one of `data`. */
  hasMore: boolean;
}

/** What a list query accepts. `limit` is 1 or more; `after` an id returned by an earlier page. */
export interface PageQuery {
  limit: number;
  after?: string;
  order?: 'asc' | 'desc';
}

/**
 * The three statements a paged table needs, each scoped by organization:
 * `seq` (organization_id, id) → { seq }; `desc`/`asc` (organization_id, from seq, limit) → rows.
 */
export interface PageStatements<Row> {
  seq: Statement<[string, string], { seq: number }>;
  desc: Statement<[string, number, number], Row>;
  asc: Statement<[string, number, number], Row>;
}

/** Builds the page statements of `table` (which has `seq`, `organization_id` and key column `key`). */
export function preparePageStatements<Row>(
  db: { prepare: (sql: string) => Statement },
  table: string,
  columns: string,
  key: string,
): PageStatements<Row> {
  return {
    seq: db.prepare(`SELECT seq FROM ${table} WHERE organization_id = ? AND ${key} = ?`) as PageStatements<Row>['seq'],
    desc: db.prepare(
      `SELECT ${columns} FROM ${table} WHERE organization_id = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
    ) as PageStatements<Row>['desc'],
    asc: db.prepare(
      `SELECT ${columns} FROM ${table} WHERE organization_id = ? AND seq > ? ORDER BY seq ASC LIMIT ?`,
    ) as PageStatements<Row>['asc'],
  };
}

/**
 * Reads one page: `limit + 1` rows are fetched, the extra one only tells whether more follow.
 * Returns undefined when `query.after` is not an item of this organization's list.
 */
export function readPage<Row, T>(
  statements: PageStatements<Row>,
  organizationId: string,
  query: PageQuery,
  map: (row: Row) => T,
): Page<T> | undefined {
  if (!Number.isInteger(query.limit) || query.limit < 1) throw new RangeError('limit must be an integer >= 1');
  const order = query.order ?? 'desc';
  let from = order === 'desc' ? Number.MAX_SAFE_INTEGER : 0;
  if (query.after !== undefined) {
    const cursor = statements.seq.get(organizationId, query.after);
    if (!cursor) return undefined;
    from = cursor.seq;
  }
  const rows = (order === 'desc' ? statements.desc : statements.asc).all(organizationId, from, query.limit + 1);
  return { data: rows.slice(0, query.limit).map(map), hasMore: rows.length > query.limit };
}
