/**
 * The store with a memory of what the database last said: keys (by their digest, with their project
 * and organization), model records, model lists and finished jobs. Every read still goes to the
 * database while it answers, so a revoked key or a deleted model stops working at once; the
 * remembered answer is used only while the database is unreachable, and only if the database
 * confirmed it less than `ttlMs` ago. That TTL is therefore the longest a key revoked (or a model
 * deleted) elsewhere can still be used here. Everything else (writes, files, unfinished jobs) goes
 * straight to the database and fails as it fails.
 */
import type { JobsStore, ModelsStore, StylerStore, TenancyStore } from '../contract.js';
import type { JobRecord } from '../jobs/index.js';
import type { ModelRecord } from '../models/index.js';
import { isDatabaseUnavailable } from '../shared/database-unavailable.js';
import type { Page, PageQuery } from '../shared/page.js';
import { hashApiKey, type Principal } from '../tenancy/index.js';
import { TtlCache } from './ttl-cache.js';

/** What withReadCache needs: how long an answer stays usable, and how many are kept. */
export interface ReadCacheOptions {
  /** How long after the database confirmed an answer it may be used while the database is unreachable. */
  ttlMs: number;
  /** Answers kept per kind (keys, models, model lists, jobs); beyond it the oldest is forgotten. */
  maxEntries: number;
  /**
   * After the database was found unreachable, reads answer from memory without trying it for this
   * long (default 1 s), so a database that hangs instead of refusing costs one timeout per second,
   * not one per request.
   */
  retryDelayMs?: number;
  /** The clock (ms since the epoch); tests pass their own. */
  now?: () => number;
}

/** What the read cache can say about itself (health). */
export interface ReadCacheStatus {
  /** Keys confirmed by the database within the TTL: requests with them can be served during an outage. */
  liveKeys: number;
  ttlSeconds: number;
}

const TERMINAL = new Set<JobRecord['status']>(['succeeded', 'failed', 'cancelled']);

/** A stable text key from its parts (none of which holds a NUL). */
const keyOf = (...parts: (string | number | undefined)[]): string => parts.map((part) => part ?? '').join('\u0000');

/** `store` with its key, model and finished-job reads remembered (see the file comment). */
export function withReadCache(store: StylerStore, options: ReadCacheOptions): ReadThroughStore {
  return new ReadThroughStore(store, options);
}

export class ReadThroughStore implements StylerStore {
  readonly kind: StylerStore['kind'];
  readonly inner: StylerStore;
  readonly tenancy: TenancyStore;
  readonly files: StylerStore['files'];
  readonly jobs: JobsStore;
  readonly models: ModelsStore;

  readonly #ttlMs: number;
  readonly #retryDelayMs: number;
  readonly #now: () => number;
  readonly #keys: TtlCache<Principal>;
  readonly #models: TtlCache<ModelRecord>;
  /** A page of a model list as the names on it: its records are kept once, in #models. */
  readonly #modelLists: TtlCache<{ names: string[]; hasMore: boolean }>;
  readonly #jobs: TtlCache<JobRecord>;
  /** Until when (ms) reads skip the database, which just failed; 0 while it answers. */
  #skipDatabaseUntilMs = 0;

  constructor(store: StylerStore, options: ReadCacheOptions) {
    const { ttlMs, maxEntries } = options;
    this.#ttlMs = ttlMs;
    this.#retryDelayMs = options.retryDelayMs ?? 1_000;
    this.#now = options.now ?? Date.now;
    this.#keys = new TtlCache(ttlMs, maxEntries);
    this.#models = new TtlCache(ttlMs, maxEntries);
    this.#modelLists = new TtlCache(ttlMs, maxEntries);
    this.#jobs = new TtlCache(ttlMs, maxEntries);
    this.kind = store.kind;
    this.inner = store;
    this.files = store.files;
    this.tenancy = {
      ...bound(store.tenancy, ['createKey', 'addKey', 'listKeys', 'countKeys']),
      authenticate: (key) =>
        this.#read(this.#keys, hashApiKey(key).toString('base64url'), () => store.tenancy.authenticate(key)),
      revokeKey: async (id) => {
        const revoked = await store.tenancy.revokeKey(id);
        // A key revoked through this process stops working here at once, whatever the database does next.
        this.#keys.deleteWhere((_, principal) => principal.keyId === id);
        return revoked;
      },
    };
    this.models = {
      getModelJson: (organizationId, name) => store.models.getModelJson(organizationId, name),
      get: (organizationId, name) =>
        this.#read(this.#models, keyOf(organizationId, name), () => store.models.get(organizationId, name)),
      list: (organizationId, query: PageQuery) => this.#listModels(organizationId, query),
      delete: async (organizationId, name) => {
        const deleted = await store.models.delete(organizationId, name);
        this.#models.delete(keyOf(organizationId, name));
        this.#modelLists.deleteWhere((key) => key.startsWith(keyOf(organizationId, '')));
        return deleted;
      },
    };
    this.jobs = {
      ...bound(store.jobs, [
        'create',
        'getById',
        'list',
        'cancel',
        'claimNextQueued',
        'claim',
        'heartbeat',
        'requeueStale',
        'requeue',
        'requeueAllRunning',
        'fail',
        'complete',
      ]),
      // Only a finished job is remembered: it no longer changes, while a queued or running one does.
      get: (organizationId, id) =>
        this.#read(
          this.#jobs,
          keyOf(organizationId, id),
          () => store.jobs.get(organizationId, id),
          (job) => TERMINAL.has(job.status),
        ),
    };
  }

  /** Reads one row through `cache` (see #through); `keep` says which answers are remembered. */
  #read<V>(
    cache: TtlCache<V>,
    key: string,
    load: () => Promise<V | undefined>,
    keep: (value: V) => boolean = () => true,
  ): Promise<V | undefined> {
    return this.#through(
      load,
      (value, askedAtMs) => {
        if (value === undefined || !keep(value)) cache.delete(key);
        else cache.set(key, value, askedAtMs);
      },
      (nowMs) => cache.get(key, nowMs)?.value,
    );
  }

  /**
   * A page of the models list: its records are remembered as models (so a record is kept once,
   * however many pages show it) and the page as their names; recalled only while every record on it
   * is still remembered.
   */
  #listModels(organizationId: string, query: PageQuery): Promise<Page<ModelRecord> | undefined> {
    const key = keyOf(organizationId, query.limit, query.after, query.order);
    return this.#through(
      () => this.inner.models.list(organizationId, query),
      (page, askedAtMs) => {
        if (page === undefined) return this.#modelLists.delete(key);
        for (const record of page.data) this.#models.set(keyOf(organizationId, record.name), record, askedAtMs);
        this.#modelLists.set(key, { names: page.data.map((record) => record.name), hasMore: page.hasMore }, askedAtMs);
      },
      (nowMs) => {
        const page = this.#modelLists.get(key, nowMs)?.value;
        const data = page?.names.map((name) => this.#models.get(keyOf(organizationId, name), nowMs)?.value);
        if (page === undefined || data === undefined || data.some((record) => record === undefined)) return undefined;
        return { data: data as ModelRecord[], hasMore: page.hasMore };
      },
    );
  }

  /**
   * Reads through: the database's answer when it gives one (handed to `remember` with when it was
   * asked, an absent row included), else, when it is unreachable, what `recall` still holds
   * confirmed within the TTL; else the database's error.
   */
  async #through<V>(
    load: () => Promise<V | undefined>,
    remember: (value: V | undefined, askedAtMs: number) => void,
    recall: (nowMs: number) => V | undefined,
  ): Promise<V | undefined> {
    const askedAtMs = this.#now();
    if (askedAtMs < this.#skipDatabaseUntilMs) {
      const remembered = recall(askedAtMs);
      if (remembered !== undefined) return remembered;
    }
    try {
      const value = await load();
      this.#skipDatabaseUntilMs = 0;
      // Confirmed as of when it was asked: the row may have changed while the answer travelled.
      remember(value, askedAtMs);
      return value;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const nowMs = this.#now();
      this.#skipDatabaseUntilMs = nowMs + this.#retryDelayMs;
      const remembered = recall(nowMs);
      if (remembered === undefined) throw error;
      return remembered;
    }
  }

  /** How many keys could be served without the database right now, and the TTL. */
  status(): ReadCacheStatus {
    return { liveKeys: this.#keys.liveCount(this.#now()), ttlSeconds: this.#ttlMs / 1000 };
  }

  async ping(): Promise<void> {
    await this.inner.ping();
  }

  prepareForServing(): Promise<void> {
    return this.inner.prepareForServing();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** The named methods of `target`, bound to it. */
function bound<T extends object, K extends keyof T>(target: T, names: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) {
    const method = target[name];
    picked[name] = (typeof method === 'function' ? method.bind(target) : method) as T[K];
  }
  return picked;
}
