/**
 * The tenancy part of the store contract (../contract.ts): what both dialects' repositories offer,
 * asynchronously; SQLite's synchronous repository is adapted to it by ../sqlite/sqlite-styler-store.ts.
 */
import type { ApiKeyInfo, Principal } from './records.js';

/** Organizations, projects and their API keys (stored as SHA-256 digests). */
export interface TenancyStore {
  /** A random key for the scope (organization and project created when missing), shown only here. */
  createKey(scope: { organization: string; project: string }): Promise<{ key: string; info: ApiKeyInfo }>;
  /** Registers a caller-chosen key; an already registered key returns its entry unchanged. */
  addKey(scope: { organization: string; project: string; key: string }): Promise<ApiKeyInfo>;
  /** The principal of an active key, or undefined for an unknown or revoked one. */
  authenticate(key: string): Promise<Principal | undefined>;
  listKeys(): Promise<ApiKeyInfo[]>;
  /** False when no active key has that id. */
  revokeKey(id: string): Promise<boolean>;
  /** Keys ever created, revoked ones included. */
  countKeys(): Promise<number>;
}
