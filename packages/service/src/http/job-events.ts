/**
 * A fine-tuning job's events, as OpenAI's `GET /fine_tuning/jobs/{id}/events` lists them (the SDKs'
 * `fineTuning.jobs.listEvents`): what the job row records of its progress — created, started (each
 * attempt), and how it ended — newest first, each with a stable id.
 */
import type { JobRecord } from '../store/index.js';

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
  if (job.startedAt !== null && job.attempts > 0) {
    const again = job.attempts > 1;
    events.push(
      event(
        job,
        1,
        job.startedAt,
        again ? 'warn' : 'info',
        again
          ? `Fine-tuning started again (attempt ${job.attempts}): the worker running it stopped.`
          : 'Fine-tuning started.',
        { attempt: job.attempts },
      ),
    );
  }
  if (job.finishedAt !== null) {
    const at = job.finishedAt;
    if (job.status === 'succeeded')
      events.push(
        event(job, 2, at, 'info', `The job succeeded: fine-tuned model ${job.fineTunedModel ?? ''}.`, {
          fine_tuned_model: job.fineTunedModel,
        }),
      );
    else if (job.status === 'failed')
      events.push(
        event(job, 2, at, 'error', `The job failed: ${job.error?.message ?? 'unknown error.'}`, { error: job.error }),
      );
    else if (job.status === 'cancelled') events.push(event(job, 2, at, 'info', 'The job was cancelled.'));
  }
  return events.reverse();
}
