/**
 * A fine-tuning job's events, as OpenAI's `GET /fine_tuning/jobs/{id}/events` lists them (the SDKs'
 * `fineTuning.jobs.listEvents`): what the job row records of its progress — created, each start
 * (a takeover's and a retry's included), and how it ended — newest first, each with a stable id.
 */
import type { JobRecord, JobStart } from '../store/index.js';

export interface JobEvent {
  object: 'fine_tuning.job.event';
  id: string;
  created_at: number;
  level: 'info' | 'warn' | 'error';
  message: string;
  data: Record<string, unknown>;
  type: 'message';
}

function event(
  job: JobRecord,
  n: number,
  createdAt: number,
  level: JobEvent['level'],
  message: string,
  data = {},
): JobEvent {
  return {
    object: 'fine_tuning.job.event',
    id: `ftevent-${job.id.slice('ftjob-'.length)}-${n}`,
    created_at: createdAt,
    level,
    message,
    data,
    type: 'message',
  };
}

/** The job's starts: those recorded, else (a job started before they were) its last, from started_at. */
function startsOf(job: JobRecord): JobStart[] {
  if (job.starts.length > 0) return job.starts;
  return job.startedAt !== null && job.attempts > 0 ? [{ at: job.startedAt, attempt: job.attempts }] : [];
}

/**
 * A start's event. A start that counts a new attempt after an earlier one means that attempt's
 * worker stopped (its job was taken over or queued again); one that counts the same attempt again
 * follows a run that failed for want of the database, the disk or the worker pool.
 */
function startEvent(job: JobRecord, n: number, start: JobStart, previous: JobStart | undefined): JobEvent {
  const data = { attempt: start.attempt };
  if (previous === undefined ? start.attempt === 1 : start.attempt === previous.attempt) {
    const message =
      previous === undefined
        ? 'Fine-tuning started.'
        : `Fine-tuning started again (attempt ${start.attempt}): the last run could not finish (the database, the disk or the worker pool was unavailable).`;
    return event(job, n, start.at, 'info', message, data);
  }
  const message = `Fine-tuning started again (attempt ${start.attempt}): the worker running it stopped.`;
  return event(job, n, start.at, 'warn', message, data);
}

/** The job's events, newest first. */
export function jobEvents(job: JobRecord): JobEvent[] {
  const files = job.trainingFiles.length;
  const events = [
    event(
      job,
      0,
      job.createdAt,
      'info',
      `Created fine-tuning job on ${files} training file${files === 1 ? '' : 's'}.`,
      {
        training_files: job.trainingFiles,
      },
    ),
  ];
  const starts = startsOf(job);
  starts.forEach((start, index) => events.push(startEvent(job, index + 1, start, starts[index - 1])));
  if (job.finishedAt !== null) {
    const at = job.finishedAt;
    // 2 when there was at most one start, as before starts were recorded: ids stay what they were.
    const n = Math.max(2, starts.length + 1);
    if (job.status === 'succeeded')
      events.push(
        event(job, n, at, 'info', `The job succeeded: fine-tuned model ${job.fineTunedModel ?? ''}.`, {
          fine_tuned_model: job.fineTunedModel,
        }),
      );
    else if (job.status === 'failed')
      events.push(
        event(job, n, at, 'error', `The job failed: ${job.error?.message ?? 'unknown error.'}`, { error: job.error }),
      );
    else if (job.status === 'cancelled') events.push(event(job, n, at, 'info', 'The job was cancelled.'));
  }
  return events.reverse();
}
