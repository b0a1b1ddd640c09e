/**
 * The two schemas stay twins: a fresh SQLite database and a fresh PostgreSQL database, each migrated
 * by its own store's migrations, have the same tables with the same columns, and the same columns may
 * be NULL, except for what one store keeps elsewhere (ONLY_IN_POSTGRES). A migration added to one
 * dialect and not the other fails here.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { expect, it } from 'vitest';
import { migrate, migratePostgres } from '../../src/store/index.js';
import { freshTestDatabase } from '../../../../test-support/postgres.js';

/** Tables only PostgreSQL has, and why SQLite needs none. */
const ONLY_IN_POSTGRES: Readonly<Record<string, string>> = {
  file_contents: 'uploads and their extracted text: SQLite mode writes them to its blob directory (blob-store.ts)',
};

/** Each table's columns, `name` or `name?` for one that may be NULL, sorted by name. */
type Schema = Record<string, string[]>;

function schemaOf(rows: Array<{ table: string; column: string; nullable: boolean }>): Schema {
  const schema: Schema = {};
  for (const row of rows) (schema[row.table] ??= []).push(row.nullable ? `${row.column}?` : row.column);
  for (const columns of Object.values(schema)) columns.sort();
  return schema;
}

function sqliteSchema(): Schema {
  const db = new Database(':memory:');
  try {
    migrate(db);
    // sqlite_sequence is SQLite's own (the AUTOINCREMENT counters), not a table of ours.
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    return schemaOf(
      tables.flatMap((table) =>
        (db.pragma(`table_info(${table})`) as Array<{ name: string; notnull: number; pk: number }>).map((column) => ({
          table,
          column: column.name,
          // SQLite reports a key column nullable unless it says NOT NULL (and a TEXT key even takes a
          // NULL, a legacy quirk); every id the stores write is a random one, so a key counts as NOT NULL.
          nullable: column.notnull === 0 && column.pk === 0,
        })),
      ),
    );
  } finally {
    db.close();
  }
}

async function postgresSchema(url: string): Promise<Schema> {
  const pool = new pg.Pool({ connectionString: url });
  try {
    const client = await pool.connect();
    try {
      await migratePostgres(client);
    } finally {
      client.release();
    }
    const columns = await pool.query<{ table: string; column: string; nullable: boolean }>(
      `SELECT table_name AS table, column_name AS column, is_nullable = 'YES' AS nullable
        FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    return schemaOf(columns.rows);
  } finally {
    await pool.end();
  }
}

it('gives SQLite and PostgreSQL the same tables and columns', async () => {
  const database = await freshTestDatabase();
  try {
    const postgres = await postgresSchema(database.url);
    const sqlite = sqliteSchema();
    for (const table of Object.keys(ONLY_IN_POSTGRES)) {
      expect(postgres).toHaveProperty(table);
      delete postgres[table];
    }
    expect(Object.keys(sqlite).sort()).toEqual(Object.keys(postgres).sort());
    expect(sqlite).toEqual(postgres);
  } finally {
    await database.drop();
  }
});
