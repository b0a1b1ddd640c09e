/** Rolling Delta: a text written in two hands is seen to change hands. */
import { describe, expect, it } from 'vitest';
import { wordFormSequence } from '@styler-dev/analytics/metrics';
import { rollingDelta } from '../../src/stylometry/index.js';
import { habitCorpus, habitText } from './support.js';

describe('rollingDelta', () => {
  const reference = habitCorpus().filter((document) => document.author !== undefined);
  // 600 words of alice's habit, then 600 of bob's.
  const words = wordFormSequence(`${habitText('A', 21, 600)} ${habitText('B', 22, 600)}`);

  it('moves a window along the text and finds the nearer author of each', () => {
    const result = rollingDelta(words, reference, { window: 300, step: 100, mostFrequent: 20 });
    expect(result.authors).toEqual(['alice', 'bob']);
    expect(result.windows.map((w) => w.start)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    expect(result.windows.at(-1)!.end).toBe(1200);
    expect(result.windows[0]!.nearest).toBe('alice');
    expect(result.windows.at(-1)!.nearest).toBe('bob');
    // Distances of the window at 600 (all bob) are those of bob's half against the profiles.
    const switchAt = result.windows.findIndex((w) => w.nearest === 'bob');
    expect(switchAt).toBeGreaterThanOrEqual(3);
    expect(switchAt).toBeLessThanOrEqual(5);
    for (const window of result.windows) {
      expect(window.distances.alice).toBeGreaterThanOrEqual(0);
      expect(window.nearest).toBe(window.distances.alice! <= window.distances.bob! ? 'alice' : 'bob');
    }
  });

  it('reads a text shorter than a window as one window, with n-gram features too', () => {
    const result = rollingDelta(words.slice(0, 50), reference, {
      mostFrequent: 20,
      features: { kind: 'word-ngrams', n: 2 },
    });
    expect(result.windows).toHaveLength(1);
    expect(result.windows[0]).toMatchObject({ start: 0, end: 50 });
    expect(() => rollingDelta(words, reference, { step: 0 })).toThrow(/step/);
  });
});
