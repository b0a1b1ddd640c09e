import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, hashApiKey, type SqliteDataDirectory } from '../../../src/store/index.js';
import { temporaryStore } from '../helpers.js';

describe('TenancyRepository', () => {
  let store: SqliteDataDirectory;
  let cleanup: () => void;
  beforeEach(() => ({ store, cleanup } = temporaryStore()));
  afterEach(() => cleanup());

  it('creates random keys that authenticate to their organization and project', () => {
    expect(store.tenancy.countKeys()).toBe(0);
    const { key, info } = store.tenancy.createKey({ organization: 'acme', project: 'blog' });
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    // 32 random bytes in base64url are 43 characters.
    expect(key.length).toBe(API_KEY_PREFIX.length + 43);
    const principal = store.tenancy.authenticate(key);
    expect(principal).toEqual({
      keyId: info.id,
      organizationId: info.organizationId,
      organizationName: 'acme',
      projectId: info.projectId,
      projectName: 'blog',
    });
    expect(store.tenancy.createKey({ organization: 'acme', project: 'blog' }).key).not.toBe(key);
    expect(store.tenancy.countKeys()).toBe(2);
  });

  it('stores only a digest and a short prefix of the key', () => {
    const { key } = store.tenancy.createKey({ organization: 'acme', project: 'blog' });
    const row = store.db.prepare('SELECT key_hash, key_prefix FROM api_keys').get() as {
      key_hash: Buffer;
      key_prefix: string;
    };
    expect(row.key_hash.equals(hashApiKey(key))).toBe(true);
    expect(key.startsWith(row.key_prefix)).toBe(true);
    expect(row.key_prefix.length).toBeLessThan(key.length / 2);
    const everything = JSON.stringify(store.db.prepare('SELECT * FROM api_keys').all());
    expect(everything).not.toContain(key.slice(API_KEY_PREFIX.length));
  });

  it('reuses organizations and projects by name, and separates different ones', () => {
    const a = store.tenancy.createKey({ organization: 'acme', project: 'blog' }).info;
    const b = store.tenancy.createKey({ organization: 'acme', project: 'docs' }).info;
    const c = store.tenancy.createKey({ organization: 'globex', project: 'blog' }).info;
    expect(b.organizationId).toBe(a.organizationId);
    expect(b.projectId).not.toBe(a.projectId);
    expect(c.organizationId).not.toBe(a.organizationId);
    expect(store.tenancy.listKeys().map((k) => `${k.organizationName}/${k.projectName}`)).toEqual([
      'acme/blog',
      'acme/docs',
      'globex/blog',
    ]);
  });

  it('rejects unknown and revoked keys', () => {
    const { key, info } = store.tenancy.createKey({ organization: 'acme', project: 'blog' });
    expect(store.tenancy.authenticate(`${key}x`)).toBeUndefined();
    expect(store.tenancy.authenticate('')).toBeUndefined();
    expect(store.tenancy.revokeKey(info.id)).toBe(true);
    expect(store.tenancy.revokeKey(info.id)).toBe(false);
    expect(store.tenancy.revokeKey('key-unknown')).toBe(false);
    expect(store.tenancy.authenticate(key)).toBeUndefined();
    expect(store.tenancy.listKeys()[0]?.revokedAt).toEqual(expect.any(Number));
  });

  it('registers a chosen key once and returns the same entry on later calls', () => {
    const first = store.tenancy.addKey({ organization: 'default', project: 'default', key: 'dev-key-123456' });
    const again = store.tenancy.addKey({ organization: 'other', project: 'x', key: 'dev-key-123456' });
    expect(again).toEqual(first);
    expect(store.tenancy.countKeys()).toBe(1);
    expect(store.tenancy.authenticate('dev-key-123456')?.organizationName).toBe('default');
    expect(() => store.tenancy.addKey({ organization: 'o', project: 'p', key: 'short' })).toThrow(TypeError);
    expect(() => store.tenancy.createKey({ organization: ' ', project: 'p' })).toThrow(TypeError);
  });
});
