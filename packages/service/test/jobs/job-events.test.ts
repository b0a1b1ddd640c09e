import { describe, expect, it } from 'vitest';
import { jobEvents } from '../../src/jobs/job-events.js';
import type { JobRecord } from '../../src/store/index.js';

const base: JobRecord = {
  id: 'ftjob-abc',
  organizationId: 'org-1',
  projectId: 'proj-1',
  styleModel: 'styler-2',
  baseModel: null,
  suffix: null,
  matchOutputLength: true,
  status: 'queued',
  fineTunedModel: null,
  error: null,
  attempts: 0,
  lease: null,
  createdAt: 100,
  startedAt: null,
  finishedAt: null,
  trainingFiles: ['file-1'],
  starts: [],
};

describe('a job’s events', () => {
  it('tell what the job row records, newest first, with stable ids', () => {
    expect(jobEvents(base).map((one) => [one.id, one.created_at, one.message])).toEqual([
      ['ftevent-abc-0', 100, 'Created fine-tuning job on 1 training file.'],
    ]);
    const failed = jobEvents({
      ...base,
      status: 'failed',
      attempts: 2,
      startedAt: 110,
      finishedAt: 120,
      error: { code: 'invalid_training_data', message: 'No prose.' },
    });
    expect(failed.map((one) => [one.level, one.message])).toEqual([
      ['error', 'The job failed: No prose.'],
      ['warn', 'Fine-tuning started again (attempt 2): the worker running it stopped.'],
      ['info', 'Created fine-tuning job on 1 training file.'],
    ]);
    expect(failed.map((one) => one.id)).toEqual(['ftevent-abc-2', 'ftevent-abc-1', 'ftevent-abc-0']);
    const cancelled = jobEvents({ ...base, status: 'cancelled', finishedAt: 105 });
    expect(cancelled.map((one) => one.message)).toEqual([
      'The job was cancelled.',
      'Created fine-tuning job on 1 training file.',
    ]);
    expect(cancelled.map((one) => one.id)).toEqual(['ftevent-abc-2', 'ftevent-abc-0']);
  });

  it('list every start recorded, a takeover as the stopped worker’s and a retry as the last run’s failure', () => {
    const events = jobEvents({
      ...base,
      status: 'succeeded',
      fineTunedModel: 'ftm-x',
      attempts: 2,
      startedAt: 130,
      finishedAt: 140,
      starts: [
        { at: 110, attempt: 1 },
        { at: 120, attempt: 2 },
        { at: 130, attempt: 2 },
      ],
    });
    expect(events.map((one) => [one.id, one.created_at, one.level, one.message])).toEqual([
      ['ftevent-abc-4', 140, 'info', 'The job succeeded: fine-tuned model ftm-x.'],
      [
        'ftevent-abc-3',
        130,
        'info',
        'Fine-tuning started again (attempt 2): the last run could not finish (the database, the disk or the worker pool was unavailable).',
      ],
      ['ftevent-abc-2', 120, 'warn', 'Fine-tuning started again (attempt 2): the worker running it stopped.'],
      ['ftevent-abc-1', 110, 'info', 'Fine-tuning started.'],
      ['ftevent-abc-0', 100, 'info', 'Created fine-tuning job on 1 training file.'],
    ]);
  });
});
