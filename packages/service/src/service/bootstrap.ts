/** First-start set-up: the default organization, project and an API key. */
import type { ApiKeyInfo, Store } from '../store/index.js';

/** Where the first key (and STYLER_API_KEY) lives. */
export const DEFAULT_TENANT = Object.freeze({ organization: 'default', project: 'default' });

/** What start-up did about keys. */
export type InitialKey =
  { kind: 'created'; key: string; info: ApiKeyInfo } | { kind: 'seeded'; info: ApiKeyInfo } | { kind: 'existing' };

/**
 * With `apiKey` (STYLER_API_KEY): registers it for the default project unless already registered.
 * Without: on an empty key table, creates a random key for the default project, to be shown once.
 */
export function ensureInitialKey(store: Store, apiKey?: string): InitialKey {
  if (apiKey !== undefined) return { kind: 'seeded', info: store.tenancy.addKey({ ...DEFAULT_TENANT, key: apiKey }) };
  if (store.tenancy.countKeys() > 0) return { kind: 'existing' };
  const { key, info } = store.tenancy.createKey(DEFAULT_TENANT);
  return { kind: 'created', key, info };
}
