/** POST /fine_tuning/jobs, GET /fine_tuning/jobs, GET /fine_tuning/jobs/{id}, POST /fine_tuning/jobs/{id}/cancel. */
import type { FastifyInstance } from 'fastify';
import { StylerError } from '@styler/analytics/errors';
import { randomId, type NewJob, type Principal } from '../../store/index.js';
import { principalOf } from '../auth.js';
import { STYLE_MODEL_NAME, toJobObject, toList } from '../representations.js';
import { isPlainObject, parseListQuery, unknownKeys } from '../request-checks.js';
import type { RouteContext } from '../route-context.js';

/** Limits of a job request. */
export const JOB_LIMITS = Object.freeze({
  maxSuffixChars: 16,
  maxTrainingFiles: 1_000,
  maxBaseModelChars: 256,
  /** Without match_output_length, styled output keeps the input's length (the style engine's default). */
  defaultMatchOutputLength: true,
});

// `model` is another name for `style_model`: the openai SDK's fineTuning.jobs.create requires it.
const FIELDS = new Set(['training_files', 'style_model', 'model', 'suffix', 'match_output_length', 'base_model']);
const SUFFIX = /^[A-Za-z0-9_-]{1,16}$/;

function bad(message: string): StylerError {
  return new StylerError('invalid_input', message);
}

/** Validates a create-job body into a NewJob for `principal`. Throws StylerError naming the bad field. */
export function parseCreateJob(body: unknown, principal: Principal): NewJob {
  if (!isPlainObject(body)) throw bad('Request body must be a JSON object.');
  const unknown = unknownKeys(body, FIELDS);
  if (unknown.length > 0) throw bad(`Unknown field '${unknown[0]}'.`);

  const files = body.training_files;
  if (!Array.isArray(files) || files.length === 0 || files.some((id) => typeof id !== 'string' || id === '')) {
    throw bad('training_files must be a non-empty array of file IDs.');
  }
  const trainingFiles = [...new Set(files as string[])];
  if (trainingFiles.length > JOB_LIMITS.maxTrainingFiles) {
    throw bad(`training_files may list at most ${JOB_LIMITS.maxTrainingFiles} files.`);
  }

  if (body.model !== undefined && body.style_model !== undefined && body.model !== body.style_model) {
    throw bad('model and style_model name the same thing: give one of them, or the same value in both.');
  }
  const styleModel = body.style_model ?? body.model ?? STYLE_MODEL_NAME;
  if (styleModel !== STYLE_MODEL_NAME) throw new StylerError('invalid_model_name');

  let suffix: string | null = null;
  if (body.suffix !== undefined && body.suffix !== null && body.suffix !== '') {
    if (typeof body.suffix !== 'string' || !SUFFIX.test(body.suffix)) {
      throw bad('suffix must be at most 16 characters of letters, digits, - and _.');
    }
    suffix = body.suffix;
  }

  let matchOutputLength: boolean = JOB_LIMITS.defaultMatchOutputLength;
  if (body.match_output_length !== undefined && body.match_output_length !== null) {
    if (typeof body.match_output_length !== 'boolean') throw bad('match_output_length must be a boolean.');
    matchOutputLength = body.match_output_length;
  }

  let baseModel: string | null = null;
  if (body.base_model !== undefined && body.base_model !== null) {
    const value = body.base_model;
    if (typeof value !== 'string' || value.trim() === '' || value.length > JOB_LIMITS.maxBaseModelChars) {
      throw bad(`base_model must be a non-empty string of at most ${JOB_LIMITS.maxBaseModelChars} characters.`);
    }
    baseModel = value.trim();
  }

  return {
    id: randomId('ftjob'),
    organizationId: principal.organizationId,
    projectId: principal.projectId,
    styleModel,
    baseModel,
    suffix,
    matchOutputLength,
    trainingFiles,
  };
}

export function jobRoutes(app: FastifyInstance, context: RouteContext): void {
  const { store, jobs } = context;

  app.post('/fine_tuning/jobs', async (request) => {
    const job = parseCreateJob(request.body, principalOf(request));
    const created = await store.jobs.create(job);
    if ('missingFileId' in created) {
      throw new StylerError('training_file_not_found', `Training file not found: ${created.missingFileId}.`);
    }
    jobs.notify();
    request.log.info({ job: job.id, files: job.trainingFiles.length }, 'fine-tuning job queued');
    return toJobObject(created.job);
  });

  app.get('/fine_tuning/jobs', async (request) => {
    const query = parseListQuery(request.query, { defaultLimit: 20, maxLimit: 100 });
    const page = await store.jobs.list(principalOf(request).organizationId, query);
    if (!page) throw new StylerError('invalid_input', 'after must be the id of a job in this list.');
    return toList({ data: page.data.map((job) => toJobObject(job)), hasMore: page.hasMore });
  });

  app.get<{ Params: { job_id: string } }>('/fine_tuning/jobs/:job_id', async (request) => {
    const job = await store.jobs.get(principalOf(request).organizationId, request.params.job_id);
    if (!job) throw new StylerError('job_not_found');
    return toJobObject(job, true);
  });

  const bodyless = { config: { bodyless: true } };
  app.post<{ Params: { job_id: string } }>('/fine_tuning/jobs/:job_id/cancel', bodyless, async (request) => {
    const result = await store.jobs.cancel(principalOf(request).organizationId, request.params.job_id);
    if ('problem' in result) {
      throw new StylerError(result.problem === 'not_found' ? 'job_not_found' : 'job_not_cancellable');
    }
    jobs.abort(result.job.id);
    request.log.info({ job: result.job.id }, 'fine-tuning job cancelled');
    return toJobObject(result.job);
  });
}
