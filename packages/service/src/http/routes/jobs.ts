/** POST /fine_tuning/jobs, GET /fine_tuning/jobs, GET /fine_tuning/jobs/{id}, POST /fine_tuning/jobs/{id}/cancel. */
import type { Static } from '@sinclair/typebox';
import { ServiceError } from '../../errors.js';
import { randomId, type JobRecord, type NewJob, type Principal } from '../../store/index.js';
import {
  CreateFineTuningJobRequest,
  FineTuningJob,
  FineTuningJobEventList,
  FineTuningJobList,
  JOB_LIMITS,
  component,
} from '../api-schemas.js';
import { jobEvents } from '../../jobs/job-events.js';
import { principalOf } from '../auth.js';
import type { TypedApp } from '../fastify-types.js';
import { badListParameter, listQuery, toPageQuery } from '../list-query.js';
import { failure, ok, pathParams, unauthorized } from '../openapi.js';
import { STYLE_MODEL_NAME, toJobObject, toList } from '../representations.js';
import type { RouteContext } from '../route-context.js';

type CreateFineTuningJobRequest = Static<typeof CreateFineTuningJobRequest>;

const JOB_LIST = { defaultLimit: 20, maxLimit: 100 };
const EVENT_LIST = { defaultLimit: 20, maxLimit: 100 };
const jobParams = pathParams({ fine_tuning_job_id: 'The job ID.' });
const notFound = failure('Unknown job.', 'job_not_found');

/**
 * The NewJob of a (schema-checked) create-job body for `principal`: the files from training_files or
 * OpenAI's training_file (exactly one of them), deduplicated and counted, nulls taken as absent.
 */
export function toNewJob(body: CreateFineTuningJobRequest, principal: Principal): NewJob {
  if ((body.training_files === undefined) === (body.training_file === undefined)) {
    throw new ServiceError(
      'invalid_input',
      'Give training_file (one file ID) or training_files (a list), one of them.',
    );
  }
  const trainingFiles = [...new Set(body.training_files ?? [body.training_file as string])];
  if (trainingFiles.length > JOB_LIMITS.maxTrainingFiles) {
    throw new ServiceError('invalid_input', `training_files may list at most ${JOB_LIMITS.maxTrainingFiles} files.`);
  }
  return {
    id: randomId('ftjob'),
    organizationId: principal.organizationId,
    projectId: principal.projectId,
    // model and style_model are two names of one field, whose only value is STYLE_MODEL_NAME.
    styleModel: STYLE_MODEL_NAME,
    baseModel: body.base_model?.trim() ?? null,
    suffix: body.suffix || null,
    matchOutputLength: body.match_output_length ?? JOB_LIMITS.defaultMatchOutputLength,
    trainingFiles,
  };
}

export function jobRoutes(app: TypedApp, context: RouteContext): void {
  const { store, jobs } = context;
  /** The job as its owner should see it: one whose run ended but could not be recorded waits, queued. */
  const asSeen = (job: JobRecord): JobRecord =>
    job.status === 'running' && jobs.waitingForStorage(job.id) ? { ...job, status: 'queued' } : job;

  const create = {
    operationId: 'createFineTuningJob',
    body: component(CreateFineTuningJobRequest),
    response: {
      200: ok(FineTuningJob, 'The queued job (without base_model).'),
      400: failure('Invalid request.', 'invalid_model_name', [
        'training_file_not_found',
        'Training file not found: file-abc.',
      ]),
      401: unauthorized,
    },
  };
  app.post('/fine_tuning/jobs', { schema: create }, async (request) => {
    const job = toNewJob(request.body, principalOf(request));
    const created = await store.jobs.create(job);
    if ('missingFileId' in created) {
      throw new ServiceError('training_file_not_found', `Training file not found: ${created.missingFileId}.`);
    }
    jobs.notify();
    request.log.info({ job: job.id, files: job.trainingFiles.length }, 'fine-tuning job queued');
    return toJobObject(created.job);
  });

  const list = {
    operationId: 'listFineTuningJobs',
    querystring: listQuery(JOB_LIST),
    response: {
      200: ok(FineTuningJobList, "The organization's jobs."),
      400: badListParameter(JOB_LIST),
      401: unauthorized,
    },
  };
  app.get('/fine_tuning/jobs', { schema: list }, async (request) => {
    const page = await store.jobs.list(principalOf(request).organizationId, toPageQuery(request.query, JOB_LIST));
    if (!page) throw new ServiceError('invalid_input', 'after must be the id of a job in this list.');
    return toList({ data: page.data.map((job) => toJobObject(asSeen(job))), hasMore: page.hasMore });
  });

  const retrieve = {
    operationId: 'retrieveFineTuningJob',
    params: jobParams,
    response: { 200: ok(FineTuningJob, 'The job, with base_model.'), 401: unauthorized, 404: notFound },
  };
  app.get('/fine_tuning/jobs/:fine_tuning_job_id', { schema: retrieve }, async (request) => {
    const job = await store.jobs.get(principalOf(request).organizationId, request.params.fine_tuning_job_id);
    if (!job) throw new ServiceError('job_not_found');
    return toJobObject(asSeen(job), true);
  });

  const events = {
    operationId: 'listFineTuningEvents',
    params: jobParams,
    querystring: listQuery(EVENT_LIST),
    response: {
      200: ok(FineTuningJobEventList, "The job's events, newest first."),
      400: badListParameter(EVENT_LIST),
      401: unauthorized,
      404: notFound,
    },
  };
  app.get('/fine_tuning/jobs/:fine_tuning_job_id/events', { schema: events }, async (request) => {
    const job = await store.jobs.get(principalOf(request).organizationId, request.params.fine_tuning_job_id);
    if (!job) throw new ServiceError('job_not_found');
    const all = request.query.order === 'asc' ? jobEvents(asSeen(job)).reverse() : jobEvents(asSeen(job));
    const { after, limit = EVENT_LIST.defaultLimit } = request.query;
    const start = after === undefined ? 0 : all.findIndex((one) => one.id === after) + 1;
    if (start === 0 && after !== undefined)
      throw new ServiceError('invalid_input', 'after must be the id of an event in this list.');
    const data = all.slice(start, start + limit);
    return toList({ data, hasMore: start + limit < all.length });
  });

  const cancel = {
    operationId: 'cancelFineTuningJob',
    params: jobParams,
    response: {
      200: ok(FineTuningJob, 'The cancelled job.'),
      401: unauthorized,
      404: notFound,
      409: failure('The job already finished.', 'job_not_cancellable'),
    },
  };
  app.post(
    '/fine_tuning/jobs/:fine_tuning_job_id/cancel',
    { schema: cancel, config: { bodyless: true } },
    async (request) => {
      const { organizationId } = principalOf(request);
      const result = await store.jobs.cancel(organizationId, request.params.fine_tuning_job_id);
      if ('problem' in result) {
        throw new ServiceError(result.problem === 'not_found' ? 'job_not_found' : 'job_not_cancellable');
      }
      jobs.abort(result.job.id);
      request.log.info({ job: result.job.id }, 'fine-tuning job cancelled');
      return toJobObject(result.job);
    },
  );
}
