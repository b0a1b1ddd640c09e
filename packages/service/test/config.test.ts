import { describe, expect, it } from 'vitest';
import { loadServiceConfig } from '../src/config.js';

describe('the service configuration', () => {
  it('listens on this machine only unless HOST says otherwise', () => {
    expect(loadServiceConfig({}).host).toBe('127.0.0.1');
    expect(loadServiceConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('finds a dead worker in under a minute by default, whatever the lease', () => {
    const defaults = loadServiceConfig({});
    expect(defaults.jobHeartbeatTimeoutSeconds).toBeLessThan(60);
    expect(defaults.jobLeaseSeconds).toBeGreaterThan(defaults.jobHeartbeatTimeoutSeconds);
    expect(loadServiceConfig({ STYLER_JOB_HEARTBEAT_TIMEOUT_SECONDS: '10' }).jobHeartbeatTimeoutSeconds).toBe(10);
    expect(() => loadServiceConfig({ STYLER_JOB_HEARTBEAT_TIMEOUT_SECONDS: '1' })).toThrow(
      /STYLER_JOB_HEARTBEAT_TIMEOUT_SECONDS/,
    );
  });

  it('reads CORS origins as a list, and refuses what is no origin', () => {
    expect(loadServiceConfig({}).corsOrigins).toEqual([]);
    expect(loadServiceConfig({ STYLER_CORS_ORIGINS: 'https://a.example, http://localhost:3000/' }).corsOrigins).toEqual(
      ['https://a.example', 'http://localhost:3000'],
    );
    expect(() => loadServiceConfig({ STYLER_CORS_ORIGINS: 'a.example' })).toThrow(/STYLER_CORS_ORIGINS/);
  });

  it('syncs SQLite at every commit unless NORMAL is asked for, and refuses any other value', () => {
    expect(loadServiceConfig({}).sqliteSynchronous).toBe('FULL');
    expect(loadServiceConfig({ STYLER_SQLITE_SYNCHRONOUS: 'normal' }).sqliteSynchronous).toBe('NORMAL');
    expect(() => loadServiceConfig({ STYLER_SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(/STYLER_SQLITE_SYNCHRONOUS/);
  });

  it('keeps what the database confirmed for 60 s by default, and 0 turns the cache off', () => {
    expect(loadServiceConfig({})).toMatchObject({ cacheTtlSeconds: 60, cacheMaxEntries: 10_000 });
    expect(loadServiceConfig({ STYLER_CACHE_TTL_SECONDS: '0' }).cacheTtlSeconds).toBe(0);
    expect(() => loadServiceConfig({ STYLER_CACHE_TTL_SECONDS: '-1' })).toThrow(/STYLER_CACHE_TTL_SECONDS/);
  });
});
