/** What the models table holds, as both stores read and write it (sqlite.ts, postgres.ts). */
/** A model as listings show it; the StyleModel itself is read separately (it can be large). */
export interface ModelRecord {
  name: string;
  organizationId: string;
  jobId: string;
  styleModel: string;
  /** describeStyle() of the model, computed once when the job succeeded. */
  summary: Record<string, unknown>;
  /** Unix seconds. */
  createdAt: number;
}

/** What storing a model needs: the StyleModel and its summary, already serialised as JSON. */
export interface NewModel {
  name: string;
  organizationId: string;
  jobId: string;
  styleModel: string;
  modelJson: string;
  summaryJson: string;
}

/** A models row without the model JSON (both stores select MODEL_COLUMNS). */
export interface ModelRow {
  name: string;
  organization_id: string;
  job_id: string;
  style_model: string;
  summary_json: string;
  created_at: number;
}

export const MODEL_COLUMNS = 'name, organization_id, job_id, style_model, summary_json, created_at';

export function modelRecordOf(row: ModelRow): ModelRecord {
  return {
    name: row.name,
    organizationId: row.organization_id,
    jobId: row.job_id,
    styleModel: row.style_model,
    summary: JSON.parse(row.summary_json) as Record<string, unknown>,
    createdAt: row.created_at,
  };
}
