/**
 * Cursor pagination shared by the list queries of both stores: `after` is the id of the last item
 * already seen, and pages follow each table's `seq`. The SQL and the arithmetic are written once
 * here; each store runs them in its own dialect (SQLite synchronously, PostgreSQL asynchronously).
 */
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

/** The three queries a paged table needs, each scoped by organization, with `placeholder(n)` for parameter n (1-based). */
export function pageSql(
  table: string,
  columns: string,
  key: string,
  placeholder: (n: number) => string,
): { seq: string; desc: string; asc: string } {
  const [organization, from, limit] = [placeholder(1), placeholder(2), placeholder(3)];
  const rows = (comparison: '<' | '>', order: 'DESC' | 'ASC') =>
    `SELECT ${columns} FROM ${table} WHERE organization_id = ${organization} AND seq ${comparison} ${from} ORDER BY seq ${order} LIMIT ${limit}`;
  return {
    seq: `SELECT seq FROM ${table} WHERE organization_id = ${organization} AND ${key} = ${placeholder(2)}`,
    desc: rows('<', 'DESC'),
    asc: rows('>', 'ASC'),
  };
}

/** A page query, checked, with where it starts: the cursor's seq, or before the first row of the order. */
export interface PagePlan {
  order: 'asc' | 'desc';
  /** Rows to fetch: one more than the page, to tell whether more follow. */
  fetch: number;
  /** The seq to start from when the query has no cursor. */
  from: number;
}

/** Plans a page; throws RangeError for a limit that is not an integer ≥ 1. */
export function planPage(query: PageQuery): PagePlan {
  if (!Number.isInteger(query.limit) || query.limit < 1) throw new RangeError('limit must be an integer >= 1');
  const order = query.order ?? 'desc';
  return { order, fetch: query.limit + 1, from: order === 'desc' ? Number.MAX_SAFE_INTEGER : 0 };
}

/** The page of `rows` fetched by a plan (one more than `limit` when more follow). */
export function pageOf<Row>(rows: readonly Row[], limit: number): { rows: Row[]; hasMore: boolean } {
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** The three prepared statements of a paged table in SQLite (see pageSql). */
export interface PageStatements<Row> {
  seq: Statement<[string, string], { seq: number }>;
  desc: Statement<[string, number, number], Row>;
  asc: Statement<[string, number, number], Row>;
}

/** Prepares the page statements of `table` (which has `seq`, `organization_id` and key column `key`). */
export function preparePageStatements<Row>(
  db: { prepare: (sql: string) => Statement },
  table: string,
  columns: string,
  key: string,
): PageStatements<Row> {
  const sql = pageSql(table, columns, key, () => '?');
  return {
    seq: db.prepare(sql.seq) as PageStatements<Row>['seq'],
    desc: db.prepare(sql.desc) as PageStatements<Row>['desc'],
    asc: db.prepare(sql.asc) as PageStatements<Row>['asc'],
  };
}

/** Reads one page in SQLite; undefined when `query.after` is not an item of this organization's list. */
export function readPage<Row, T>(
  statements: PageStatements<Row>,
  organizationId: string,
  query: PageQuery,
  map: (row: Row) => T,
): Page<T> | undefined {
  const plan = planPage(query);
  let { from } = plan;
  if (query.after !== undefined) {
    const cursor = statements.seq.get(organizationId, query.after);
    if (!cursor) return undefined;
    from = cursor.seq;
  }
  const page = pageOf(
    (plan.order === 'desc' ? statements.desc : statements.asc).all(organizationId, from, plan.fetch),
    query.limit,
  );
  return { data: page.rows.map(map), hasMore: page.hasMore };
}
