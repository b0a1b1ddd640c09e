/** What a failed fine-tuning job tells its owner: data problems in words, our own faults as a clean internal error. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsError } from '@styler-dev/analytics/errors';
import { createStylePool, StyleError, type StylePool } from '@styler-dev/engine';
import { jobErrorOf } from '../../src/jobs/fine-tuning.js';
import { darwin } from './support/fixtures.js';
import { jsonBody, startTestService, uploadForm, waitForJob, type TestService } from './support/harness.js';

describe('jobErrorOf', () => {
  it('passes on what an engine error says about the data', () => {
    const error = new StyleError('invalid_training_data', 'The documents hold no prose.');
    expect(jobErrorOf(error)).toEqual({ code: 'invalid_training_data', message: 'The documents hold no prose.' });
  });

  it.each([
    new RangeError('Maximum call stack size exceeded'),
    new TypeError("Cannot read properties of undefined (reading 'length')"),
    new Error('ENOENT: /var/lib/styler/files/x'),
    new AnalyticsError('internal', 'pool worker died'),
  ])('never shows the text of %s', (error) => {
    expect(jobErrorOf(error)).toEqual({
      code: 'internal',
      message: 'Fine-tuning failed because of an internal error; it has been logged.',
    });
  });
});

describe('a job whose fit fails inside the engine', () => {
  let pool: StylePool;
  let service: TestService;

  beforeAll(async () => {
    pool = createStylePool({ threads: 1 });
    // The real pool, but a fit that overflows the stack as the recursion on one huge paragraph once did.
    const failing = Object.assign(Object.create(pool) as StylePool, {
      fitStyle: () => Promise.reject(new RangeError('Maximum call stack size exceeded')),
    });
    service = await startTestService({ pool: failing });
  });
  afterAll(async () => {
    await service.close();
    await pool.close();
  });

  it('fails with a clean internal error, not the engine’s message', async () => {
    const upload = await service.request('/files', { method: 'POST', body: uploadForm('a.txt', darwin(1)) });
    const fileId = ((await upload.json()) as { id: string }).id;
    const created = await service.request('/fine_tuning/jobs', jsonBody({ training_files: [fileId] }));
    const job = await waitForJob(service, ((await created.json()) as { id: string }).id);
    expect(job.status).toBe('failed');
    expect(job.error).toEqual({
      code: 'internal',
      message: 'Fine-tuning failed because of an internal error; it has been logged.',
    });
  });
});
