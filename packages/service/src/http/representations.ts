/** The JSON objects the API returns, built from store records (field names as in the interface spec). */
import type { Static } from '@sinclair/typebox';
import type { FileRecord, JobRecord, ModelRecord, Page } from '../store/index.js';
import type { FileObject as FileSchema, FineTuningJob, ModelObject as ModelSchema } from './api-schemas.js';

/** The only style model the service trains ('styler-2' in the interface spec). */
export const STYLE_MODEL_NAME = 'styler-2';
/** The only purpose files have (the interface's 'fine-tune'). */
export const FILE_PURPOSE = 'fine-tune';

// The store keeps only values the API accepted, so its strings are the API's literals.
const purposeOf = (record: FileRecord) => record.purpose as typeof FILE_PURPOSE;
const styleModelOf = (record: JobRecord | ModelRecord) => record.styleModel as typeof STYLE_MODEL_NAME;

export type FileObject = Static<typeof FileSchema>;

export function toFileObject(file: FileRecord): FileObject {
  return {
    id: file.id,
    object: 'file',
    bytes: file.bytes,
    created_at: file.createdAt,
    filename: file.filename,
    purpose: purposeOf(file),
  };
}

export type JobObject = Static<typeof FineTuningJob>;

/** The base model a job shows when it was created without one: its style applies to text from any source. */
export const DEFAULT_BASE_MODEL = 'any';

/** A job; `base_model` only when `withBaseModel` (the retrieve response, as the spec says). */
export function toJobObject(job: JobRecord, withBaseModel = false): JobObject {
  return {
    object: 'fine_tuning.job',
    id: job.id,
    style_model: styleModelOf(job),
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

export type ModelObject = Static<typeof ModelSchema>;

export function toModelObject(model: ModelRecord): ModelObject {
  return {
    id: model.name,
    object: 'model',
    created: model.createdAt,
    owned_by: model.organizationId,
    style_model: styleModelOf(model),
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
