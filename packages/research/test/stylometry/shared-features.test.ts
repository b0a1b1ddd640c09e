/** Texts that cannot be told: a tie, or too few of the words compared; not given a name. */
import { describe, expect, it } from 'vitest';
import { countWordForms, wordProfile } from '@styler-dev/analytics/metrics';
import {
  analyzeCorpus,
  attributionProbabilities,
  classifyCorpus,
  minSharedShare,
  rollingDelta,
  tooFewShared,
  verifyCorpus,
  verifyProblems,
} from '../../src/stylometry/index.js';
import { habitCorpus, habitDocument, habitText } from './support.js';

describe('tooFewShared', () => {
  it('is a reason under half of the features compared, none from half on', () => {
    expect(tooFewShared(49, 100)).toBe('it uses 49 of the 100 features compared (under half)');
    expect(tooFewShared(50, 100)).toBeUndefined();
    expect(tooFewShared(0, 0)).toBeUndefined();
  });

  it('takes another share, or none at 0, and refuses one outside [0, 1]', () => {
    expect(tooFewShared(29, 100, 0.3)).toBe('it uses 29 of the 100 features compared (under 30 %)');
    expect(tooFewShared(30, 100, 0.3)).toBeUndefined();
    expect(tooFewShared(0, 100, 0)).toBeUndefined();
    expect(minSharedShare(undefined)).toBe(0.5);
    expect(() => minSharedShare(1.5)).toThrow(RangeError);
    expect(() => minSharedShare(Number.NaN)).toThrow(RangeError);
  });
});

describe('one shared-words rule for every command', () => {
  // Two of the corpus's words, then foreign ones: it uses two of the features compared.
  const thin = habitDocument('thin.txt', undefined, 'the of' + ' zzz yyy xxx'.repeat(100));
  const documents = [...habitCorpus(), thin];
  const verdicts = (minShared?: number) => {
    const options = { mostFrequent: 8, ...(minShared !== undefined && { minShared }) };
    const corpus = analyzeCorpus(documents, options).attribution.find((e) => e.document === 'thin.txt')!;
    const probabilities = attributionProbabilities(analyzeCorpus(documents, options)).attribution.find(
      (e) => e.document === 'thin.txt',
    )!;
    const classified = classifyCorpus(documents, options).attribution.find((e) => e.document === 'thin.txt')!;
    const imposters = verifyCorpus(documents, { ...options, iterations: 10 }).scores.find(
      (e) => e.document === 'thin.txt',
    )!;
    const words = 'the of'.split(' ').concat('zzz yyy xxx'.repeat(100).trim().split(' '));
    const [window] = rollingDelta(words, habitCorpus(), { ...options, window: 10_000 }).windows;
    const text = (key: string, body: string) => ({ key, profile: wordProfile(countWordForms(body)) });
    const [problem] = verifyProblems(
      [
        {
          id: 'thin',
          author: 'alice',
          known: [text('a1', habitText('A', 1)), text('a2', habitText('A', 2))],
          unknown: text('thin', 'the of' + ' zzz yyy xxx'.repeat(100)),
        },
        {
          id: 'b',
          author: 'bob',
          known: [text('b1', habitText('B', 5)), text('b2', habitText('B', 6))],
          unknown: text('b3', habitText('B', 7)),
        },
      ],
      { ...options, iterations: 10, calibrationDraws: 1 },
    ).problems;
    return [
      corpus.reason ?? null,
      probabilities.reason ?? null,
      classified.reason ?? null,
      imposters.reason ?? null,
      window!.reason ?? null,
      problem!.reason ?? null,
    ];
  };

  it('leaves the text unattributed everywhere with the same reason, and attributes it everywhere at 0', () => {
    const reasons = verdicts();
    expect(reasons[0]).toMatch(/^it uses 2 of the \d+ features compared \(under half\)$/);
    expect(new Set(reasons)).toEqual(new Set([reasons[0]]));
    expect(verdicts(0)).toEqual([null, null, null, null, null, null]);
  });
});

describe('attribution of texts that cannot be told', () => {
  it('does not attribute an unknown text that shares none of the words compared', () => {
    const documents = [...habitCorpus(), habitDocument('foreign.txt', undefined, 'zzz yyy xxx '.repeat(50))];
    const { attribution } = analyzeCorpus(documents, { mostFrequent: 8 });
    const foreign = attribution.find((entry) => entry.document === 'foreign.txt')!;
    expect(foreign.predicted).toBeNull();
    expect(foreign.reason).toMatch(/uses 0 of the \d+ features compared \(under half\)/);
    // The texts that do share them are still attributed.
    expect(attribution.find((entry) => entry.document === 'unknown-a.txt')!.predicted).toBe('alice');
  });

  it('reports a tie instead of naming the first author', () => {
    // Two authors with the same texts: every distance to them is the same.
    const documents = [
      ...[1, 2].map((i) => habitDocument(`a${i}.txt`, 'alice', habitText('A', i))),
      ...[1, 2].map((i) => habitDocument(`b${i}.txt`, 'bob', habitText('A', i))),
      habitDocument('unknown.txt', undefined, habitText('B', 5)),
    ];
    const { attribution, leaveOneOut, confusion, looAccuracy } = analyzeCorpus(documents, { mostFrequent: 8 });
    expect(attribution[0]).toMatchObject({ predicted: null, tied: ['alice', 'bob'] });
    expect(attribution[0]!.reason).toBe('a tie: alice, bob at the same distance');
    expect(attribution[0]!.distances.alice).toBe(attribution[0]!.distances.bob);
    // Every habit-A text has the same counts (support.ts), so held out each one ties too: none is
    // counted in the confusion matrix, and none is right.
    expect(leaveOneOut).toHaveLength(4);
    for (const entry of leaveOneOut) expect(entry).toMatchObject({ predicted: null, tied: ['alice', 'bob'] });
    expect(Object.values(confusion.alice!).reduce((a, b) => a + b, 0)).toBe(0);
    expect(looAccuracy).toBe(0);
  });
});

describe('verifyCorpus', () => {
  it('does not verify a text that shares none of the features compared', () => {
    const documents = [...habitCorpus(), habitDocument('foreign.txt', undefined, 'zzz yyy xxx '.repeat(50))];
    const { scores } = verifyCorpus(documents, { mostFrequent: 8, iterations: 20 });
    const foreign = scores.find((row) => row.document === 'foreign.txt')!;
    expect(foreign.scores).toEqual({});
    expect(foreign.reason).toMatch(/uses 0 of the \d+ features compared/);
    expect(scores.find((row) => row.document === 'unknown-a.txt')!.scores.alice).toBeGreaterThan(0.5);
  });
});
