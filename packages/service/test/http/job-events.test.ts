import { describe, expect, it } from 'vitest';
import { jobEvents } from '../../src/http/job-events.js';
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
    const cancelled = jobEvents({ ...base, status: 'cancelled', finishedAt: 105 });
    expect(cancelled.map((one) => one.message)).toEqual([
      'The job was cancelled.',
      'Created fine-tuning job on 1 training file.',
    ]);
  });
});
