/** The verification calibration on the sample corpus's problems: better calibrated than not, by seed. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { countWordForms, wordProfile } from '@styler-dev/analytics/metrics';
import { describe, expect, it } from 'vitest';
import {
  brierLoss,
  cAt1,
  verifyProblems,
  type VerificationProblem,
  type VerificationText,
} from '../../src/stylometry/index.js';

const samples = fileURLToPath(new URL('../../../../samples/', import.meta.url));

const textAt = (path: string): VerificationText => ({
  key: path,
  profile: wordProfile(countWordForms(readFileSync(samples + path, 'utf8'))),
});

// The 40 problems of samples/verification-problems.jsonl: known sets of two texts, half of each answer.
const problems: VerificationProblem[] = readFileSync(`${samples}verification-problems.jsonl`, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as { id: string; author: string; known: string[]; unknown: string; answer: boolean })
  .map((row) => ({
    id: row.id,
    author: row.author,
    known: row.known.map(textAt),
    unknown: textAt(row.unknown),
    same: row.answer,
  }));

describe('the calibration of verifyProblems on the sample problems', () => {
  const runs = [1, 2, 3].map((seed) => {
    const result = verifyProblems(problems, { mostFrequent: 100, iterations: 30, seed });
    const scored = (score: (p: (typeof result.problems)[number]) => number) =>
      result.problems.map((p) => ({ score: score(p), same: p.same! }));
    return {
      result,
      calibrated: scored((p) => p.delta),
      uncalibrated: scored((p) => p.deltaUncalibrated),
    };
  });

  it('has calibrated Delta below the uncalibrated Brier loss and not below its c@1, for every seed', () => {
    for (const { calibrated, uncalibrated } of runs) {
      expect(brierLoss(calibrated)).toBeLessThan(brierLoss(uncalibrated));
      expect(cAt1(calibrated)).toBeGreaterThanOrEqual(cAt1(uncalibrated));
    }
  });

  it('keeps c@1 within 0.03 across seeds, fitted on known sets of the problems’ size', () => {
    const c = runs.map(({ calibrated }) => cAt1(calibrated));
    expect(Math.max(...c) - Math.min(...c)).toBeLessThanOrEqual(0.03);
    for (const { result } of runs) {
      expect(result.calibration.knownSetSizes).toEqual({ 2: result.calibration.problems });
      expect(result.calibration.problemSizes).toEqual({ 2: 40 });
    }
  });
});
