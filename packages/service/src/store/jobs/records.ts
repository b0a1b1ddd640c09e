/** What the jobs and job_training_files tables hold, as both stores read and write them (sqlite.ts, postgres.ts). */
import { nowSeconds } from '../shared/ids.js';

/** queued → running → succeeded | failed | cancelled (cancel also applies to queued jobs). */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/**
 * The codes a failed job carries: each is also in the service's error registry (errors.ts checks it
 * at compile time, its test at run time), so a client reads a job's error as it reads any other.
 */
export const JOB_ERROR_CODES = [
  'interrupted',
  'invalid_training_file',
  'invalid_training_data',
  'storage_full',
  'rate_limited',
  'time_budget_exceeded',
  'internal',
] as const;

export type JobErrorCode = (typeof JOB_ERROR_CODES)[number];

/** Why a job failed: a stable machine-readable code and a message for people. */
export interface JobError {
  code: JobErrorCode;
  message: string;
}

export function isJobErrorCode(code: string): code is JobErrorCode {
  return (JOB_ERROR_CODES as readonly string[]).includes(code);
}

/** A stored code as the type says; one the service never writes (a row edited by hand) reads as `internal`. */
function jobErrorCode(stored: string): JobErrorCode {
  return isJobErrorCode(stored) ? stored : 'internal';
}

export interface JobRecord {
  id: string;
  organizationId: string;
  projectId: string;
  styleModel: string;
  baseModel: string | null;
  suffix: string | null;
  matchOutputLength: boolean;
  status: JobStatus;
  fineTunedModel: string | null;
  error: JobError | null;
  /** How many times a runner has started this job (a restart after a crash counts again). */
  attempts: number;
  /** The job queue delivery running it (PostgreSQL mode), else null. */
  lease: string | null;
  /** Unix seconds. */
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  trainingFiles: string[];
  /**
   * Every start of the job, oldest first: when, and the attempt it counted as (a start after a
   * failure worth retrying, its attempt refunded, counts as the same attempt again). Empty for jobs
   * started before starts were recorded (their last start is startedAt).
   */
  starts: JobStart[];
}

/** One start of a job by a runner. */
export interface JobStart {
  /** Unix seconds. */
  at: number;
  attempt: number;
}

/** What creating a job needs; status, attempts and timestamps are set by the repository. */
export type NewJob = Pick<
  JobRecord,
  'id' | 'organizationId' | 'projectId' | 'styleModel' | 'baseModel' | 'suffix' | 'matchOutputLength' | 'trainingFiles'
>;

/** Outcome of a cancel request. */
export type CancelResult = { job: JobRecord } | { problem: 'not_found' | 'not_cancellable' };

/** A jobs row (both stores select JOB_COLUMNS). */
export interface JobRow {
  id: string;
  organization_id: string;
  project_id: string;
  style_model: string;
  base_model: string | null;
  suffix: string | null;
  match_output_length: number;
  status: JobStatus;
  fine_tuned_model: string | null;
  error_code: string | null;
  error_message: string | null;
  attempts: number;
  lease: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** JSON: [[unix seconds, attempt], …]. */
  attempt_starts: string;
}

export const JOB_COLUMNS = `id, organization_id, project_id, style_model, base_model, suffix, match_output_length, status,
  fine_tuned_model, error_code, error_message, attempts, lease, created_at, started_at, finished_at, attempt_starts`;

/** The starts recorded in a row's attempt_starts (anything unreadable is left out, not thrown). */
function startsOf(json: string): JobStart[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((pair): pair is [number, number] => Array.isArray(pair) && pair.every((n) => typeof n === 'number'))
    .map(([at, attempt]) => ({ at, attempt }));
}

/**
 * The values of a new job's row, in the order both stores insert them: id, organization, project,
 * style model, base model, suffix, match_output_length (0/1), created_at.
 */
export function newJobValues(
  job: NewJob,
): [string, string, string, string, string | null, string | null, number, number] {
  return [
    job.id,
    job.organizationId,
    job.projectId,
    job.styleModel,
    job.baseModel,
    job.suffix,
    job.matchOutputLength ? 1 : 0,
    nowSeconds(),
  ];
}

/** The record of a jobs row and its training files in order. */
export function jobRecordOf(row: JobRow, trainingFiles: string[]): JobRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    projectId: row.project_id,
    styleModel: row.style_model,
    baseModel: row.base_model,
    suffix: row.suffix,
    matchOutputLength: row.match_output_length === 1,
    status: row.status,
    fineTunedModel: row.fine_tuned_model,
    error: row.error_code === null ? null : { code: jobErrorCode(row.error_code), message: row.error_message ?? '' },
    attempts: row.attempts,
    lease: row.lease,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    trainingFiles,
    starts: startsOf(row.attempt_starts),
  };
}
