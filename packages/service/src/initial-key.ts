/** First-start set-up: the default organization, project and an API key. */
import type { ApiKeyInfo, StylerStore } from './store/index.js';

/** Where the first key (and STYLER_API_KEY) lives. */
export const DEFAULT_TENANT = Object.freeze({ organization: 'default', project: 'default' });

/** What start-up did about keys. */
export type InitialKey =
  { kind: 'created'; key: string; info: ApiKeyInfo } | { kind: 'seeded'; info: ApiKeyInfo } | { kind: 'existing' };

/**
 * With `apiKey` (STYLER_API_KEY): registers it for the default project unless already registered.
 * Without: on an empty key table, creates a random key for the default project, to be shown once.
 */
export async function ensureInitialKey(store: StylerStore, apiKey?: string): Promise<InitialKey> {
  if (apiKey !== undefined) {
    return { kind: 'seeded', info: await store.tenancy.addKey({ ...DEFAULT_TENANT, key: apiKey }) };
  }
  if ((await store.tenancy.countKeys()) > 0) return { kind: 'existing' };
  const { key, info } = await store.tenancy.createKey(DEFAULT_TENANT);
  return { kind: 'created', key, info };
}
