/** Calibrated attribution probabilities, fitted on the leave-one-out distances as faststylometry's calibrate(). */
import { describe, expect, it } from 'vitest';
import { attributionProbabilities } from '../../src/stylometry/index.js';

const held = (author: string, distances: Record<string, number>) => ({
  document: `${author}-${JSON.stringify(distances)}`,
  author,
  predicted: author,
  distances,
});

describe('attributionProbabilities', () => {
  const leaveOneOut = [
    held('alice', { alice: 0.6, bob: 1.2, carol: 1.1 }),
    held('alice', { alice: 0.8, bob: 1.0, carol: 1.3 }),
    held('bob', { alice: 1.1, bob: 0.7, carol: 1.2 }),
    held('carol', { alice: 1.2, bob: 1.3, carol: 0.9 }),
  ];

  it('gives the nearest author the highest probability, each in [0, 1], from every held-out pair', () => {
    const result = attributionProbabilities({
      leaveOneOut,
      attribution: [{ document: 'x', predicted: 'bob', distances: { alice: 1.0, bob: 0.5, carol: 1.4 } }],
    });
    // Four held-out texts, each paired with the three authors: 4 same, 8 different.
    expect(result.model).toMatchObject({ same: 4, different: 8 });
    const p = result.attribution[0]!.probabilities;
    expect(p.bob).toBeGreaterThan(0.5);
    expect(p.alice).toBeLessThan(0.5);
    // carol is farther than alice, so her margin is larger and her probability no higher.
    expect(p.carol).toBeLessThanOrEqual(p.alice!);
    for (const value of Object.values(p)) expect(value >= 0 && value <= 1).toBe(true);
  });

  it('needs held-out texts and two authors', () => {
    expect(() => attributionProbabilities({ leaveOneOut: [], attribution: [] })).toThrow(/two authors/);
    expect(() => attributionProbabilities({ leaveOneOut: [held('alice', { alice: 0.5 })], attribution: [] })).toThrow(
      /two authors/,
    );
  });
});
