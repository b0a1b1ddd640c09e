/**
 * Organizations, their projects and the projects' API keys in PostgreSQL (keys and rows: records.ts).
 * Several processes may register the same names at once: inserts that lose a race do nothing, and
 * the select that follows finds whichever row won.
 */
import type pg from 'pg';
import type { TenancyStore } from './contract.js';
import { nowSeconds, randomId } from '../shared/ids.js';
import { inTransaction, type Queryable } from '../shared/postgres-queries.js';
import {
  checkKey,
  checkName,
  displayPrefix,
  generateApiKey,
  hashApiKey,
  KEY_COLUMNS,
  keyInfoOf,
  principalOfKeyRow,
  type ApiKeyInfo,
  type KeyRow,
  type Principal,
} from './records.js';

/**
 * The id of a named row (an organization, a project in one), created when missing: the insert does
 * nothing when a concurrent transaction made it first, and the select finds whichever row exists.
 */
async function ensureRow(
  db: Queryable,
  insert: { sql: string; values: unknown[] },
  select: { sql: string; values: unknown[] },
): Promise<string> {
  await db.query(insert.sql, insert.values);
  const row = (await db.query<{ id: string }>(select.sql, select.values)).rows[0];
  if (row === undefined) throw new Error('row vanished after insert');
  return row.id;
}

/** The organizations, projects and api_keys tables over a node-postgres pool. */
export class PostgresTenancyRepository implements TenancyStore {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async createKey(scope: { organization: string; project: string }): Promise<{ key: string; info: ApiKeyInfo }> {
    const key = generateApiKey();
    return { key, info: await this.addKey({ ...scope, key }) };
  }

  async addKey(scope: { organization: string; project: string; key: string }): Promise<ApiKeyInfo> {
    checkKey(scope.key);
    const organization = checkName(scope.organization, 'organization');
    const project = checkName(scope.project, 'project');
    const hash = hashApiKey(scope.key);
    return inTransaction(this.#pool, async (client) => {
      const organizationId = await ensureRow(
        client,
        {
          sql: 'INSERT INTO organizations (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
          values: [randomId('org'), organization, nowSeconds()],
        },
        { sql: 'SELECT id FROM organizations WHERE name = $1', values: [organization] },
      );
      const projectId = await ensureRow(
        client,
        {
          sql: `INSERT INTO projects (id, organization_id, name, created_at) VALUES ($1, $2, $3, $4)
            ON CONFLICT (organization_id, name) DO NOTHING`,
          values: [randomId('proj'), organizationId, project, nowSeconds()],
        },
        {
          sql: 'SELECT id FROM projects WHERE organization_id = $1 AND name = $2',
          values: [organizationId, project],
        },
      );
      // An already registered key keeps its entry, wherever it belongs.
      await client.query(
        `INSERT INTO api_keys (id, project_id, key_hash, key_prefix, created_at) VALUES ($1, $2, $3, $4, $5)
          ON CONFLICT (key_hash) DO NOTHING`,
        [randomId('key'), projectId, hash, displayPrefix(scope.key), nowSeconds()],
      );
      const row = (await client.query<KeyRow>(`SELECT ${KEY_COLUMNS} WHERE k.key_hash = $1`, [hash])).rows[0];
      return keyInfoOf(row as KeyRow);
    });
  }

  async authenticate(key: string): Promise<Principal | undefined> {
    const hash = hashApiKey(key);
    const row = (await this.#pool.query<KeyRow>(`SELECT ${KEY_COLUMNS} WHERE k.key_hash = $1`, [hash])).rows[0];
    return principalOfKeyRow(row, hash);
  }

  async listKeys(): Promise<ApiKeyInfo[]> {
    const rows = await this.#pool.query<KeyRow>(`SELECT ${KEY_COLUMNS} ORDER BY o.name, p.name, k.created_at, k.id`);
    return rows.rows.map(keyInfoOf);
  }

  async revokeKey(id: string): Promise<boolean> {
    const sql = 'UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL';
    return (await this.#pool.query(sql, [nowSeconds(), id])).rowCount === 1;
  }

  async countKeys(): Promise<number> {
    return (await this.#pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM api_keys')).rows[0]?.n ?? 0;
  }
}
