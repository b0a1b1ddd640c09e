import { describe, expect, it } from 'vitest';
import { newick, wardClustering } from '../../src/stylometry/index.js';

describe('wardClustering', () => {
  it('matches a hand computation (points 0, 1, 5, 6 on a line; ward.D on the distances)', () => {
    const points = [0, 1, 5, 6];
    const distances = points.map((a) => points.map((b) => Math.abs(a - b)));
    const merges = wardClustering(distances);
    // {0,1} and {5,6} at 1; then d({0,1},{5,6}) = ((1+2)·17/3 + (1+2)·7 − 2·1) / 4 = 9.
    expect(merges).toEqual([
      { left: 0, right: 1, height: 1, size: 2 },
      { left: 2, right: 3, height: 1, size: 2 },
      { left: 4, right: 5, height: expect.closeTo(9, 12), size: 4 },
    ]);
    expect(newick(['a', 'b', 'c', 'd'], merges)).toBe(
      "(('a':1.000000,'b':1.000000):8.000000,('c':1.000000,'d':1.000000):8.000000);",
    );
  });

  it('refuses a matrix that is not square', () => {
    expect(() => wardClustering([[0, 1]])).toThrow(RangeError);
  });
});
