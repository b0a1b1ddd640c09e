/**
 * What every PostgreSQL repository (files/, jobs/, models/, tenancy/ postgres.ts) runs its queries
 * with: one transaction on one pooled connection, a row scoped to an organization, a page of a table.
 */
import type pg from 'pg';
import { pageOf, pageSql, planPage, type Page, type PageQuery } from './page.js';

/** The pool, or one of its connections inside a transaction. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

/** Runs `work` in one transaction on one pooled connection. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The row of `table` with `key` = `value` in the organization, or undefined. */
export async function scopedRow<Row extends pg.QueryResultRow>(
  db: Queryable,
  table: string,
  columns: string,
  key: string,
  organizationId: string,
  value: string,
): Promise<Row | undefined> {
  const result = await db.query<Row>(`SELECT ${columns} FROM ${table} WHERE organization_id = $1 AND ${key} = $2`, [
    organizationId,
    value,
  ]);
  return result.rows[0];
}

/** One page of `table` for an organization (page.ts: the same SQL and arithmetic as in SQLite mode). */
export async function readPage<Row extends pg.QueryResultRow, T>(
  db: Queryable,
  table: string,
  columns: string,
  key: string,
  organizationId: string,
  query: PageQuery,
  map: (row: Row) => T | Promise<T>,
): Promise<Page<T> | undefined> {
  const plan = planPage(query);
  const sql = pageSql(table, columns, key, (n) => `$${n}`);
  let { from } = plan;
  if (query.after !== undefined) {
    const cursor = await db.query<{ seq: number }>(sql.seq, [organizationId, query.after]);
    if (cursor.rows[0] === undefined) return undefined;
    from = cursor.rows[0].seq;
  }
  const rows = await db.query<Row>(plan.order === 'desc' ? sql.desc : sql.asc, [organizationId, from, plan.fetch]);
  const page = pageOf(rows.rows, query.limit);
  return { data: await Promise.all(page.rows.map(map)), hasMore: page.hasMore };
}
