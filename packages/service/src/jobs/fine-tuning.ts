/**
 * What a fine-tuning job is, whichever queue hands it out: its training documents, the fit on the
 * pool, the model it stores, the error a user sees. The job worker (job-worker.ts) decides what a
 * failure means for it (retry, requeue, fail).
 */
import type { FastifyBaseLogger } from 'fastify';
import { describeStyle, type StyleModel, type StylePool } from '@styler-dev/engine';
import {
  fineTunedModelName,
  isJobErrorCode,
  type JobError,
  type JobRecord,
  type NewModel,
  type StylerStore,
} from '../store/index.js';
import { wireError } from '../errors.js';
import { NO_DOCUMENTS, trainingDocuments } from './training-documents.js';

/** What the routes and the app need of what runs fine-tuning jobs (the job worker, job-worker.ts). */
export interface JobExecutor {
  /** Jobs running in this process. */
  readonly running: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A job was queued. */
  notify(): void;
  /** A job was cancelled: stop its fit if it runs here. */
  abort(jobId: string): void;
  /**
   * True when the job's run ended here but the store was too full even to put it back in the queue:
   * its row still says running, yet it waits for space and will run again (shown as queued).
   */
  waitingForStorage(jobId: string): boolean;
  /** Resolves when no job runs in this process. */
  idle(): Promise<void>;
}

/**
 * The job's error when its fit throws. Only errors raised on purpose are meant for users (e.g. data
 * without prose), as the registry words them; anything else is our fault, and its text (a stack
 * overflow, a type error) says nothing useful to them: a clean internal error, with the real one
 * logged under the job's id.
 */
export function jobErrorOf(error: unknown): JobError {
  const known = wireError(error);
  if (known && known.code !== 'internal' && isJobErrorCode(known.code))
    return { code: known.code, message: known.message };
  return { code: 'internal', message: 'Fine-tuning failed because of an internal error; it has been logged.' };
}

/**
 * The worker's failure step, for a failure no retry can mend: the job gets its error in
 * the registry's words (jobErrorOf), the log keeps an internal error whole, stack included. `fail`
 * is the runner's store write; false when the job was no longer its to fail.
 */
export async function recordFailure(
  error: unknown,
  log: FastifyBaseLogger,
  fail: (jobError: JobError) => Promise<boolean>,
): Promise<void> {
  const jobError = jobErrorOf(error);
  if (jobError.code === 'internal') log.error({ err: error }, 'fine-tuning job failed because of an internal error');
  if (await fail(jobError)) log.warn({ error: jobError }, 'fine-tuning job failed');
}

/** The error of a job started more times than its runner allows: `stopped` says what kept stopping it. */
export function interruptedError(attempts: number, stopped: string): JobError {
  return { code: 'interrupted', message: `Fine-tuning was interrupted ${attempts - 1} times (${stopped}).` };
}

/** The documents of the job's training files (trainingDocuments), or the job's error when a file cannot be used. */
export async function loadTrainingDocuments(store: StylerStore, job: JobRecord): Promise<string[] | JobError> {
  const texts: string[] = [];
  for (const fileId of job.trainingFiles) {
    try {
      texts.push(await store.files.readText(fileId));
    } catch {
      return { code: 'invalid_training_file', message: `Training file ${fileId} could not be read.` };
    }
  }
  const documents = trainingDocuments(texts);
  // Uploads refuse files without prose, so this only guards against a job without any text.
  if (documents.length === 0) return { code: 'invalid_training_data', message: NO_DOCUMENTS };
  return documents;
}

/** The model a finished fit stores: its name, the StyleModel and its summary as JSON. */
export function modelToStore(job: JobRecord, model: StyleModel): Omit<NewModel, 'jobId'> {
  return {
    name: fineTunedModelName(job.suffix),
    organizationId: job.organizationId,
    styleModel: job.styleModel,
    modelJson: JSON.stringify(model),
    summaryJson: JSON.stringify(describeStyle(model)),
  };
}

/** How the worker records a job's end, under the job's lease. */
export interface FineTuneSteps {
  /** Marks the job failed; false when it was no longer the lease's to fail. */
  fail(error: JobError): Promise<boolean>;
  /** Stores the model and marks the job succeeded, both or neither; false when it was no longer the lease's. */
  complete(model: Omit<NewModel, 'jobId'>): Promise<boolean>;
}

/** How a fine-tuning run ended: `failed` (unusable documents), `stored` or `discarded` (cancelled or taken over meanwhile). */
export type FineTuneOutcome = 'failed' | 'stored' | 'discarded';

/**
 * Runs one fine-tuning job: reads its documents (a job whose files cannot be used fails with a
 * clear error), fits the style model on the pool (abortable through `signal`), stores it. Other
 * failures (the pool full, the store unavailable, the fit's own errors) reject, for the runner to judge.
 */
export async function fineTune(
  job: JobRecord,
  context: { store: StylerStore; pool: Pick<StylePool, 'fitStyle'>; log: FastifyBaseLogger; signal: AbortSignal },
  steps: FineTuneSteps,
): Promise<FineTuneOutcome> {
  const { store, pool, log, signal } = context;
  const documents = await loadTrainingDocuments(store, job);
  if ('code' in documents) {
    if (await steps.fail(documents)) log.warn({ error: documents }, 'fine-tuning job failed');
    return 'failed';
  }
  log.info({ documents: documents.length }, 'fine-tuning job started');
  // A cancel ends the thread fitting the model, so the thread is free at once for the next task.
  const model = await pool.fitStyle(
    documents,
    { matchOutputLength: job.matchOutputLength },
    { signal, endThreadOnAbort: true },
  );
  const record = modelToStore(job, model);
  const stored = await steps.complete(record);
  log.info(
    { model: stored ? record.name : null },
    stored ? 'fine-tuning job succeeded' : 'fine-tuning result discarded',
  );
  return stored ? 'stored' : 'discarded';
}
