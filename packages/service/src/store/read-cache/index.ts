/** The store with a bounded, time-limited memory of its key, model and finished-job reads, for database outages. */
export { ReadThroughStore, withReadCache, type ReadCacheOptions, type ReadCacheStatus } from './read-through-store.js';
export { TtlCache, type Confirmed } from './ttl-cache.js';
