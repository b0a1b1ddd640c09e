/** Organizations, their projects and the projects' API keys in SQLite (keys and rows: records.ts). */
import type { SqliteDatabase } from '../shared/sqlite-database.js';
import { nowSeconds, randomId } from '../shared/ids.js';
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

/** Repository of organizations, projects and API keys. */
export class TenancyRepository {
  readonly #db: SqliteDatabase;
  readonly #statements;

  constructor(db: SqliteDatabase) {
    this.#db = db;
    this.#statements = {
      organizationByName: db.prepare<[string], { id: string }>('SELECT id FROM organizations WHERE name = ?'),
      insertOrganization: db.prepare('INSERT INTO organizations (id, name, created_at) VALUES (?, ?, ?)'),
      projectByName: db.prepare<[string, string], { id: string }>(
        'SELECT id FROM projects WHERE organization_id = ? AND name = ?',
      ),
      insertProject: db.prepare('INSERT INTO projects (id, organization_id, name, created_at) VALUES (?, ?, ?, ?)'),
      insertKey: db.prepare(
        'INSERT INTO api_keys (id, project_id, key_hash, key_prefix, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      keyByHash: db.prepare<[Buffer], KeyRow>(`SELECT ${KEY_COLUMNS} WHERE k.key_hash = ?`),
      keyById: db.prepare<[string], KeyRow>(`SELECT ${KEY_COLUMNS} WHERE k.id = ?`),
      allKeys: db.prepare<[], KeyRow>(`SELECT ${KEY_COLUMNS} ORDER BY o.name, p.name, k.created_at, k.id`),
      revokeKey: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
      countKeys: db.prepare('SELECT COUNT(*) FROM api_keys').pluck(),
    };
  }

  /** The id of the organization named `name`, created when missing. */
  ensureOrganization(name: string): string {
    const checked = checkName(name, 'organization');
    const existing = this.#statements.organizationByName.get(checked);
    if (existing) return existing.id;
    const id = randomId('org');
    this.#statements.insertOrganization.run(id, checked, nowSeconds());
    return id;
  }

  /** The id of project `name` in organization `organizationId`, created when missing. */
  ensureProject(organizationId: string, name: string): string {
    const checked = checkName(name, 'project');
    const existing = this.#statements.projectByName.get(organizationId, checked);
    if (existing) return existing.id;
    const id = randomId('proj');
    this.#statements.insertProject.run(id, organizationId, checked, nowSeconds());
    return id;
  }

  /**
   * Creates a random key for project `project` of organization `organization` (both created when
   * missing). Returns the key, the only time it is ever available, and its listing entry.
   */
  createKey(scope: { organization: string; project: string }): { key: string; info: ApiKeyInfo } {
    const key = generateApiKey();
    const info = this.addKey({ ...scope, key });
    return { key, info };
  }

  /**
   * Registers a caller-chosen key (STYLER_API_KEY) for the scope; when that key is already
   * registered returns its existing entry unchanged (even if it belongs elsewhere or is revoked).
   */
  addKey(scope: { organization: string; project: string; key: string }): ApiKeyInfo {
    checkKey(scope.key);
    const hash = hashApiKey(scope.key);
    return this.#db
      .transaction(() => {
        const existing = this.#statements.keyByHash.get(hash);
        if (existing) return keyInfoOf(existing);
        const organizationId = this.ensureOrganization(scope.organization);
        const projectId = this.ensureProject(organizationId, scope.project);
        const id = randomId('key');
        this.#statements.insertKey.run(id, projectId, hash, displayPrefix(scope.key), nowSeconds());
        return keyInfoOf(this.#statements.keyById.get(id) as KeyRow);
      })
      .immediate();
  }

  /** The principal of an active key, or undefined for an unknown or revoked one. */
  authenticate(key: string): Principal | undefined {
    const hash = hashApiKey(key);
    return principalOfKeyRow(this.#statements.keyByHash.get(hash), hash);
  }

  /** Every key, revoked ones included, ordered by organization, project and creation. */
  listKeys(): ApiKeyInfo[] {
    return this.#statements.allKeys.all().map(keyInfoOf);
  }

  /** Revokes key `id`; returns false when no active key has that id. */
  revokeKey(id: string): boolean {
    return this.#statements.revokeKey.run(nowSeconds(), id).changes === 1;
  }

  /** Keys ever created, revoked ones included: zero only in a fresh database. */
  countKeys(): number {
    return this.#statements.countKeys.get() as number;
  }
}
