import { describe, expect, it } from 'vitest';
import { prepareRougeReference, rouge, rougeAgainstReferences, scoreMulti } from '../../../src/metrics/rouge/index.js';
import { readGolden, maxAbsDifference, type GoldenScores } from './golden-files.js';

const TOLERANCE = 1e-9;
const ALL_TYPES = ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'] as const;

interface PairRecord {
  id: string;
  target: string;
  prediction: string;
  use_stemmer: boolean;
  scores: GoldenScores;
}

interface MultiRecord {
  id: string;
  targets: string[];
  prediction: string;
  use_stemmer: boolean;
  scores: GoldenScores;
  chosen_target_index: Record<(typeof ALL_TYPES)[number], number>;
}

const pairs = readGolden<PairRecord>('rouge.jsonl');
const multis = readGolden<MultiRecord>('rouge_multi.jsonl');

describe('rouge() against rouge-score (rouge.jsonl)', () => {
  it('has all 246 reference lines', () => {
    expect(pairs.length).toBe(246);
  });

  it.each(pairs.map((record) => [`${record.id} stemmer=${record.use_stemmer}`, record] as const))(
    '%s',
    (_name, record) => {
      const scores = rouge(record.target, record.prediction, { useStemmer: record.use_stemmer });
      expect(maxAbsDifference(scores, record.scores, ALL_TYPES)).toBeLessThanOrEqual(TOLERANCE);
    },
  );
});

describe('scoreMulti() against rouge-score score_multi (rouge_multi.jsonl)', () => {
  it('has all 20 reference lines', () => {
    expect(multis.length).toBe(20);
  });

  it.each(multis.map((record) => [`${record.id} stemmer=${record.use_stemmer}`, record] as const))(
    '%s',
    (_name, record) => {
      const result = scoreMulti(record.targets, record.prediction, { useStemmer: record.use_stemmer });
      expect(maxAbsDifference(result, record.scores, ALL_TYPES)).toBeLessThanOrEqual(TOLERANCE);
      expect(result.chosenTargetIndex).toEqual(record.chosen_target_index);
    },
  );
});

describe('rougeAgainstReferences() against rouge-score score_multi with stemming', () => {
  it.each(multis.filter((record) => record.use_stemmer).map((record) => [record.id, record] as const))(
    '%s',
    (_name, record) => {
      const references = record.targets.map(prepareRougeReference);
      const scores = rougeAgainstReferences(record.prediction, references);
      expect(maxAbsDifference(scores, record.scores, ['rouge1', 'rouge2', 'rougeL'])).toBeLessThanOrEqual(TOLERANCE);
    },
  );

  it('matches rouge() per reference on every stemmed rouge.jsonl pair', () => {
    for (const record of pairs.filter((pair) => pair.use_stemmer)) {
      const scores = rougeAgainstReferences(record.prediction, [prepareRougeReference(record.target)]);
      expect(maxAbsDifference(scores, record.scores, ['rouge1', 'rouge2', 'rougeL'])).toBeLessThanOrEqual(TOLERANCE);
    }
  });
});
