/** Fine-tuned models in SQLite: the learned StyleModel (JSON) and its readable summary, per organization. */
import type { SqliteDatabase } from '../shared/sqlite-database.js';
import { nowSeconds } from '../shared/ids.js';
import { preparePageStatements, readPage, type Page, type PageQuery } from '../shared/page.js';
import { MODEL_COLUMNS, modelRecordOf, type ModelRecord, type ModelRow, type NewModel } from './records.js';

/** Repository of the `models` table. Every read is scoped to one organization. */
export class ModelsRepository {
  readonly #statements;

  constructor(db: SqliteDatabase) {
    this.#statements = {
      insert: db.prepare(
        `INSERT INTO models (name, organization_id, job_id, style_model, model_json, summary_json, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      get: db.prepare<[string, string], ModelRow>(
        `SELECT ${MODEL_COLUMNS} FROM models WHERE organization_id = ? AND name = ?`,
      ),
      modelJson: db
        .prepare<[string, string], string>('SELECT model_json FROM models WHERE organization_id = ? AND name = ?')
        .pluck(),
      page: preparePageStatements<ModelRow>(db, 'models', MODEL_COLUMNS, 'name'),
      delete: db.prepare('DELETE FROM models WHERE organization_id = ? AND name = ?'),
    };
  }

  insert(model: NewModel): void {
    this.#statements.insert.run(
      model.name,
      model.organizationId,
      model.jobId,
      model.styleModel,
      model.modelJson,
      model.summaryJson,
      nowSeconds(),
    );
  }

  /** The model's listing entry, or undefined when unknown to this organization. */
  get(organizationId: string, name: string): ModelRecord | undefined {
    const row = this.#statements.get.get(organizationId, name);
    return row && modelRecordOf(row);
  }

  /** The stored StyleModel JSON text, or undefined when unknown to this organization. */
  getModelJson(organizationId: string, name: string): string | undefined {
    return this.#statements.modelJson.get(organizationId, name) as string | undefined;
  }

  /** A page of the organization's models (default newest first); undefined when `after` is unknown. */
  list(organizationId: string, query: PageQuery): Page<ModelRecord> | undefined {
    return readPage(this.#statements.page, organizationId, query, modelRecordOf);
  }

  /** Deletes a model; false when this organization has no model of that name. */
  delete(organizationId: string, name: string): boolean {
    return this.#statements.delete.run(organizationId, name).changes === 1;
  }
}
