import { afterAll, describe, expect, it } from 'vitest';
import { buildGroundTruth, qualityAnalytics } from '@styler-dev/analytics/quality';
import { createStylePool, fitStyle, restyle, restyleWithQuality, StyleError } from '../../src/style/index.js';

// The pool runs the built worker and task modules (dist/): `npm test` builds before vitest.
const pool = createStylePool({ threads: 1 });
afterAll(() => pool.close());

const docs = [
  'We walked home. It rained, and we got wet.',
  'The letter was sent by my sister; she never wrote again.',
  'My brother wrote to me from the coast. He was well.',
];

describe('createStylePool', () => {
  it('fits and restyles on a thread with the same results as the direct calls', async () => {
    const model = fitStyle(docs);
    expect(await pool.fitStyle(docs)).toEqual(model);
    const text = 'It was decided by the committee that the meeting would be postponed. We did not agree.';
    expect(await pool.restyle(text, model)).toBe(restyle(text, model));
    expect(await pool.restyle(text, model, { matchOutputLength: false })).toBe(
      restyle(text, model, { matchOutputLength: false }),
    );
  });

  it('answers the analytics calls too, from one set of threads', async () => {
    const groundTruth = buildGroundTruth(docs);
    const input = { personalized: docs[1]!, unpersonalized: docs[0]!, groundTruth };
    expect(await pool.qualityAnalytics(input)).toEqual(qualityAnalytics(input));
    expect(pool.threads).toBe(1);
  });

  it("brings the engine's errors back from a thread as their class", async () => {
    const failure = await pool.fitStyle(['   ']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StyleError);
    expect(failure).toMatchObject({ code: 'invalid_training_data', message: expect.stringMatching(/no prose/) });
  });
});

describe('createStylePool: restyleWithQuality', () => {
  it('restyles and measures in one task with the same result as the direct call, ROUGE included', async () => {
    const model = fitStyle(docs);
    const text = 'It was decided by the committee that the meeting would be postponed. We did not agree.';
    expect(await pool.restyleWithQuality(text, model)).toEqual(restyleWithQuality(text, model));
    expect(await pool.restyleWithQuality(text, model, undefined, true)).toEqual(
      restyleWithQuality(text, model, undefined, true),
    );
    // The slim model (no references) and the whole one live under keys of their own.
    expect(await pool.restyle(text, model)).toBe(restyle(text, model));
  });
});
