import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildGroundTruth, qualityAnalytics } from '../../src/quality/index.js';
import { loadQualitySchema, validate } from '../../../../test-support/schema.js';

const truthDocs = [
  'I walked to the river. It was cold, and the water ran fast; I did not stay long.',
  'We were told the bridge had been closed by the council. Nobody knew why.',
];
const groundTruth = buildGroundTruth(truthDocs);
const schema = loadQualitySchema();

function leaves(value: unknown, out: unknown[] = []): unknown[] {
  if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) leaves(v, out);
  else out.push(value);
  return out;
}

const prose = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc
    .array(
      fc.constantFrom(
        'The',
        'cat',
        'was',
        'seen',
        'by',
        'me',
        '.',
        ',',
        ';',
        'and',
        'I',
        'ran',
        '!',
        '?',
        '\n\n',
        '# ',
        '- ',
        '(',
        ')',
      ),
      { maxLength: 60 },
    )
    .map((w) => w.join(' ')),
);

/** Whether most letters of `text` are Han, kana or Hangul (counted by code point). */
function mostlyCjk(text: string): boolean {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  const cjk = letters.filter((c) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(c));
  return cjk.length > 0 && cjk.length * 2 > letters.length;
}

describe('qualityAnalytics', () => {
  it('returns exactly the schema shape, rouge only when asked', () => {
    const base = qualityAnalytics({
      personalized: 'I ran home. It was late.',
      unpersonalized: 'The home was reached by me.',
      groundTruth,
    });
    expect(validate(schema, base)).toEqual([]);
    expect(base).not.toHaveProperty('rouge');
    const withRouge = qualityAnalytics({
      personalized: 'I ran home.',
      unpersonalized: 'Home.',
      groundTruth,
      includeRouge: true,
    });
    expect(validate(schema, withRouge)).toEqual([]);
    expect(withRouge.rouge?.rouge1.personalized.fmeasure).toBeGreaterThan(0);
    // The check itself: a type the validator does not know is refused, not passed.
    expect(() => validate({ type: 'string' }, 'text')).toThrow(/outside this validator's subset/);
    expect(validate(schema, { ...base, readability: 'high' }).length).toBeGreaterThan(0);
  });

  it('gives 0 distance and 0 improvement when both texts equal the ground truth', () => {
    const text = truthDocs.join('\n\n');
    const q = qualityAnalytics({ personalized: text, unpersonalized: text, groundTruth: buildGroundTruth([text]) });
    expect(q.function_word_frequency.jensen_shannon_distance.personalized).toBeLessThan(1e-7);
    expect(q.pos_frequency.jensen_shannon_distance.personalized).toBeLessThan(1e-7);
    expect(q.sentence_length_stats.mean.personalization_improvement).toBe(0);
  });

  it('never throws on arbitrary text but CJK (refused); every leaf is finite; proportions sum to 1 or are all 0', () => {
    fc.assert(
      fc.property(prose, prose, (personalized, unpersonalized) => {
        const input = { personalized, unpersonalized, groundTruth, includeRouge: true } as const;
        if (mostlyCjk(personalized) || mostlyCjk(unpersonalized)) {
          expect(() => qualityAnalytics(input)).toThrow(expect.objectContaining({ code: 'unsupported_language' }));
          return;
        }
        const q = qualityAnalytics(input);
        expect(validate(schema, q)).toEqual([]);
        for (const leaf of leaves(q)) expect(Number.isFinite(leaf)).toBe(true);
        for (const side of ['personalized', 'unpersonalized'] as const) {
          const s = q.sentence_structure_frequency;
          const total =
            s.simple[side] +
            s.compound[side] +
            s.complex[side] +
            s['compound-complex'][side] +
            s['fragment/unknown'][side];
          expect(total === 0 || Math.abs(total - 1) < 1e-9).toBe(true);
          const v = q.sentence_voice_frequency;
          const voices = v.active[side] + v.passive[side];
          expect(voices === 0 || Math.abs(voices - 1) < 1e-9).toBe(true);
          for (const group of [q.function_word_frequency, q.pos_frequency, s, v, q.punctuation]) {
            expect(group.jensen_shannon_distance[side]).toBeGreaterThanOrEqual(0);
            expect(group.jensen_shannon_distance[side]).toBeLessThanOrEqual(1);
          }
          for (const type of ['rouge1', 'rouge2', 'rougeL'] as const) {
            const score = q.rouge![type][side];
            for (const v2 of [score.precision, score.recall, score.fmeasure]) {
              expect(v2).toBeGreaterThanOrEqual(0);
              expect(v2).toBeLessThanOrEqual(1);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('throws a TypeError naming the wrong argument', () => {
    expect(() => qualityAnalytics({ personalized: 3 as unknown as string, unpersonalized: '', groundTruth })).toThrow(
      /personalized/,
    );
    expect(() =>
      qualityAnalytics({ personalized: '', unpersonalized: null as unknown as string, groundTruth }),
    ).toThrow(/unpersonalized/);
    const broken = { ...groundTruth, features: { ...groundTruth.features, pos: 'x' } };
    expect(() => qualityAnalytics({ personalized: '', unpersonalized: '', groundTruth: broken as never })).toThrow(
      /groundTruth\.features\.pos/,
    );
    expect(() => qualityAnalytics({ personalized: '', unpersonalized: '', groundTruth: {} as never })).toThrow(
      TypeError,
    );
    expect(() => buildGroundTruth(['ok', 5 as unknown as string])).toThrow(/documents\[1\]/);
    expect(() => buildGroundTruth('text' as unknown as string[])).toThrow(TypeError);
    // No documents is no author: a RangeError, not an empty ground truth every text is far from.
    expect(() => buildGroundTruth([])).toThrow(RangeError);
  });
});

describe('buildGroundTruth', () => {
  it('pools by summing counts and survives a JSON round trip', () => {
    const one = buildGroundTruth([truthDocs[0]!]);
    const two = buildGroundTruth([truthDocs[1]!]);
    expect(groundTruth.features.words).toBe(one.features.words + two.features.words);
    expect(groundTruth.features.structure.simple).toBe(one.features.structure.simple + two.features.structure.simple);
    expect(groundTruth.documentCount).toBe(2);
    expect(JSON.parse(JSON.stringify(groundTruth))).toEqual(groundTruth);
  });
});

describe('ground-truth ROUGE tokens', () => {
  it('are checked when ROUGE is asked for', () => {
    const broken = { ...groundTruth, rouge: [{ tokens: ['ok', 7] }] };
    expect(() =>
      qualityAnalytics({ personalized: 'a', unpersonalized: 'b', groundTruth: broken as never, includeRouge: true }),
    ).toThrow(/tokens must be an array of strings/);
  });
});
