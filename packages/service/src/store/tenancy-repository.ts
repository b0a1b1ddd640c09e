/**
 * Organizations, their projects and the projects' API keys. Keys are shown once and stored as
 * SHA-256 digests: a generated key carries 256 random bits, so a fast unsalted hash is enough.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SqliteDatabase } from './database.js';
import { nowSeconds, randomId } from './ids.js';

/** Who a request acts for, resolved from its API key. */
export interface Principal {
  keyId: string;
  organizationId: string;
  organizationName: string;
  projectId: string;
  projectName: string;
}

/** A key as listings show it: never the key itself, only its first characters. */
export interface ApiKeyInfo {
  id: string;
  organizationId: string;
  organizationName: string;
  projectId: string;
  projectName: string;
  prefix: string;
  createdAt: number;
  revokedAt: number | null;
}

/** Prefix of generated keys; makes them easy to recognise (and to scan for in leaked text). */
export const API_KEY_PREFIX = 'sk-styler-';
/** Random bytes in a generated key (256 bits). */
export const API_KEY_RANDOM_BYTES = 32;

/** A new key: `sk-styler-` + 43 base64url characters of 32 random bytes. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(API_KEY_RANDOM_BYTES).toString('base64url');
}

/** SHA-256 digest of a key, the only form the database holds. */
export function hashApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** The characters listings show: enough to tell keys apart, at most a third of a short dev key. */
export function displayPrefix(key: string): string {
  return key.slice(0, Math.min(API_KEY_PREFIX.length + 4, Math.floor(key.length / 3)));
}

/** An api_keys row joined with its project and organization (both stores select these columns). */
export interface KeyRow {
  id: string;
  organization_id: string;
  organization_name: string;
  project_id: string;
  project_name: string;
  key_prefix: string;
  key_hash: Buffer;
  created_at: number;
  revoked_at: number | null;
}

/** The columns (and joins) of a KeyRow. */
export const KEY_COLUMNS = `k.id, k.key_hash, k.key_prefix, k.created_at, k.revoked_at,
  p.id AS project_id, p.name AS project_name, o.id AS organization_id, o.name AS organization_name
  FROM api_keys k JOIN projects p ON p.id = k.project_id JOIN organizations o ON o.id = p.organization_id`;

export function keyInfoOf(row: KeyRow): ApiKeyInfo {
  return {
    id: row.id,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    projectId: row.project_id,
    projectName: row.project_name,
    prefix: row.key_prefix,
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
}

/** A trimmed organization or project name; TypeError unless 1 to 128 characters. */
export function checkName(name: unknown, what: string): string {
  if (typeof name !== 'string' || name.trim() === '' || name.length > 128) {
    throw new TypeError(`${what} must be a non-empty string of at most 128 characters`);
  }
  return name.trim();
}

/** TypeError unless `key` is a usable caller-chosen key: 8 or more characters, no whitespace. */
export function checkKey(key: unknown): asserts key is string {
  if (typeof key !== 'string' || key.length < 8 || /\s/.test(key)) {
    throw new TypeError('key must be a string of at least 8 characters without whitespace');
  }
}

/**
 * The principal of an active key row whose digest is `hash`. The lookup is by digest, so timing
 * reveals nothing about the key; the constant-time compare makes the final decision independent of
 * how many digest bytes matched.
 */
export function principalOfKeyRow(row: KeyRow | undefined, hash: Buffer): Principal | undefined {
  if (!row || row.revoked_at !== null || row.key_hash.length !== hash.length || !timingSafeEqual(row.key_hash, hash)) {
    return undefined;
  }
  return {
    keyId: row.id,
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    projectId: row.project_id,
    projectName: row.project_name,
  };
}

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
