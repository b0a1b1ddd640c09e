/**
 * API keys and the tenancy rows both stores read (sqlite.ts, postgres.ts). Keys are shown once and
 * stored as SHA-256 digests: a generated key carries 256 random bits, so a fast unsalted hash is enough.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

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
