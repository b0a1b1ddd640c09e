/** Fine-tuned models in PostgreSQL: the learned StyleModel (JSON) and its readable summary, per organization. */
import type pg from 'pg';
import type { ModelsStore } from './contract.js';
import { nowSeconds } from '../shared/ids.js';
import type { Page, PageQuery } from '../shared/page.js';
import { readPage, scopedRow, type Queryable } from '../shared/postgres-queries.js';
import { MODEL_COLUMNS, modelRecordOf, type ModelRecord, type ModelRow, type NewModel } from './records.js';

/** Stores a model (on `db`: the transaction that marks its job succeeded, jobs/postgres.ts). */
export async function insertModel(db: Queryable, model: NewModel): Promise<void> {
  await db.query(
    `INSERT INTO models (name, organization_id, job_id, style_model, model_json, summary_json, created_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [model.name, model.organizationId, model.jobId, model.styleModel, model.modelJson, model.summaryJson, nowSeconds()],
  );
}

/** The models table over a node-postgres pool. Every read is scoped to one organization. */
export class PostgresModelsRepository implements ModelsStore {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async get(organizationId: string, name: string): Promise<ModelRecord | undefined> {
    const row = await scopedRow<ModelRow>(this.#pool, 'models', MODEL_COLUMNS, 'name', organizationId, name);
    return row && modelRecordOf(row);
  }

  async getModelJson(organizationId: string, name: string): Promise<string | undefined> {
    const sql = 'SELECT model_json FROM models WHERE organization_id = $1 AND name = $2';
    return (await this.#pool.query<{ model_json: string }>(sql, [organizationId, name])).rows[0]?.model_json;
  }

  list(organizationId: string, query: PageQuery): Promise<Page<ModelRecord> | undefined> {
    return readPage(this.#pool, 'models', MODEL_COLUMNS, 'name', organizationId, query, modelRecordOf);
  }

  async delete(organizationId: string, name: string): Promise<boolean> {
    const sql = 'DELETE FROM models WHERE organization_id = $1 AND name = $2';
    return (await this.#pool.query(sql, [organizationId, name])).rowCount === 1;
  }
}
