/** The JSON objects the API returns, built from store records (field names as in the interface spec). */
import type { FileRecord, JobError, JobRecord, ModelRecord, Page } from '../store/index.js';

/** The only style model the service trains ('styler-2' in the interface spec). */
export const STYLE_MODEL_NAME = 'styler-2';

export interface FileObject {
  id: string;
  object: 'file';
  bytes: number;
  created_at: number;
  filename: string;
  purpose: string;
}

export function toFileObject(file: FileRecord): FileObject {
  return {
    id: file.id,
    object: 'file',
    bytes: file.bytes,
    created_at: file.createdAt,
    filename: file.filename,
    purpose: file.purpose,
  };
}

export interface JobObject {
  object: 'fine_tuning.job';
  id: string;
  style_model: string;
  base_model?: string;
  created_at: number;
  finished_at: number | null;
  fine_tuned_model: string | null;
  organization_id: string;
  status: JobRecord['status'];
  training_files: string[];
  error: JobError | null;
}

/** The base model a job shows when it was created without one: its style applies to text from any source. */
export const DEFAULT_BASE_MODEL = 'any';

/** A job; `base_model` only when `withBaseModel` (the retrieve response, as the spec says). */
export function toJobObject(job: JobRecord, withBaseModel = false): JobObject {
  return {
    object: 'fine_tuning.job',
    id: job.id,
    style_model: job.styleModel,
    ...(withBaseModel && { base_model: job.baseModel ?? DEFAULT_BASE_MODEL }),
    created_at: job.createdAt,
    finished_at: job.finishedAt,
    fine_tuned_model: job.fineTunedModel,
    organization_id: job.organizationId,
    status: job.status,
    training_files: job.trainingFiles,
    error: job.error,
  };
}

export interface ModelObject {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
  style_model: string;
  fine_tuning_job: string;
  /** describeStyle() of the learned model: what was learned, in readable form. */
  style: Record<string, unknown>;
}

export function toModelObject(model: ModelRecord): ModelObject {
  return {
    id: model.name,
    object: 'model',
    created: model.createdAt,
    owned_by: model.organizationId,
    style_model: model.styleModel,
    fine_tuning_job: model.jobId,
    style: model.summary,
  };
}

/** An OpenAI-style list: `{ object: 'list', data, first_id, last_id, has_more }`. */
export function toList<T extends { id: string }>(
  page: Page<T>,
): {
  object: 'list';
  data: T[];
  first_id: string | null;
  last_id: string | null;
  has_more: boolean;
} {
  return {
    object: 'list',
    data: page.data,
    first_id: page.data[0]?.id ?? null,
    last_id: page.data[page.data.length - 1]?.id ?? null,
    has_more: page.hasMore,
  };
}
