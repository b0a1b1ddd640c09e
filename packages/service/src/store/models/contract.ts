/**
 * The models part of the store contract (../contract.ts): what both dialects' repositories offer,
 * asynchronously; SQLite's synchronous repository is adapted to it by ../sqlite/sqlite-styler-store.ts.
 */
import type { Page, PageQuery } from '../shared/page.js';
import type { ModelRecord } from './records.js';

/** Fine-tuned models: the StyleModel JSON and its summary. */
export interface ModelsStore {
  get(organizationId: string, name: string): Promise<ModelRecord | undefined>;
  getModelJson(organizationId: string, name: string): Promise<string | undefined>;
  list(organizationId: string, query: PageQuery): Promise<Page<ModelRecord> | undefined>;
  delete(organizationId: string, name: string): Promise<boolean>;
}
