import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeStyle, fitStyle, styleCard, type StyleHabits } from '../../../src/style/index.js';
import { CHOICE_HALF_CONFIDENCE, learnedChoices, type LearnedChoice } from '../../../src/style/habits/choices.js';
import { CONNECTIVES } from '../../../src/style/lexicon/connectives.js';
import { FUNCTION_VARIANTS } from '../../../src/style/lexicon/variants.js';

/**
 * Eight short documents by an author who opens with "And" (three sentences a document), opens with
 * "Moreover" once in all, contracts two places of three ("don't", "isn't" against "do not"), and
 * writes "whilst", never "while".
 */
const AND_DOCUMENTS = Array.from({ length: 8 }, (_, i) =>
  [
    'The river rose slowly after the long rain.',
    'And the farmers watched the water from the hill.',
    'And the old bridge held firm whilst the low fields flooded.',
    "We don't expect the water to fall this week.",
    'We do not know when the roads will open again.',
    "It isn't far to the town by the upper road.",
    'And the children stayed at home with their books.',
    ...(i === 0 ? ['Moreover, the mill lost its wheel in the flood.'] : []),
  ].join(' '),
);

const AND_MODEL = fitStyle(AND_DOCUMENTS);

function choiceNamed(choices: readonly LearnedChoice[], name: string): LearnedChoice {
  const found = choices.find((choice) => choice.choice === name);
  if (found === undefined) throw new Error(`no choice ${name} in ${choices.map((c) => c.choice).join(', ')}`);
  return found;
}

describe('learnedChoices', () => {
  const choices = (describeStyle(AND_MODEL) as { choices: LearnedChoice[] }).choices;

  it('names the preferred opener of a relation with the counts of every form used', () => {
    const addition = choiceNamed(choices, 'opener:addition');
    expect(addition.forms).toEqual([
      { form: 'And', count: 24 },
      { form: 'Moreover', count: 1 },
    ]);
    expect(addition.preferred).toBe('And');
    expect(addition.evidence).toBe(25);
    expect(addition.share).toBeCloseTo(24 / 25, 3);
    expect(addition.confidence).toBeCloseTo(25 / (25 + CHOICE_HALF_CONFIDENCE), 3);
    expect(addition.text).toBe('opens with "And" (24), rarely "Moreover" (1) when adding');
  });

  it('states the contraction rate over the places where one fits', () => {
    const contractions = choiceNamed(choices, 'contractions');
    expect(contractions.forms).toEqual([
      { form: 'contracted', count: 16 },
      { form: 'full', count: 8 },
    ]);
    expect(contractions.preferred).toBe('contracted');
    expect(contractions.confidence).toBe(AND_MODEL.habits.contractions.confidence);
    expect(contractions.text).toBe('contracts 67 % of the time (24 places where one fits)');
  });

  it('names a function-word variant the author writes and the one never written', () => {
    const whilst = choiceNamed(choices, 'variant:while/whilst');
    expect(whilst.forms).toEqual([
      { form: 'whilst', count: 8 },
      { form: 'while', count: 0 },
    ]);
    expect(whilst.preferred).toBe('whilst');
    expect(whilst.share).toBe(1);
    expect(whilst.text).toBe('writes "whilst" (8), never "while"');
    // No evidence, no choice: the author never wrote "among" or "amongst".
    expect(choices.some((choice) => choice.choice === 'variant:among/amongst')).toBe(false);
  });

  it('lists contractions, openers in the lexicon order, variants, deterministically', () => {
    expect(choices.map((choice) => choice.choice)).toEqual(['contractions', 'opener:addition', 'variant:while/whilst']);
    expect(learnedChoices(fitStyle(AND_DOCUMENTS).habits)).toEqual(choices);
  });

  it('has no favourite when the two most used forms tie', () => {
    const habits: StyleHabits = {
      ...AND_MODEL.habits,
      openers: { ...AND_MODEL.habits.openers, counts: { But: 3, However: 3, Yet: 1 } },
    };
    const contrast = choiceNamed(learnedChoices(habits), 'opener:contrast');
    expect(contrast.preferred).toBeUndefined();
    expect(contrast.share).toBeCloseTo(3 / 7, 3);
    expect(contrast.text).toBe(
      'opens with "However" (3), "But" (3), rarely "Yet" (1) when contrasting, with no favourite',
    );
  });

  it('names the words after which the author writes "upon", those it completes first', () => {
    const habits = {
      ...AND_MODEL.habits,
      upon: {
        heads: {
          and: { upon: 6, on: 3 },
          rely: { upon: 2, on: 1 },
          depend: { upon: 5, on: 0 },
          call: { upon: 0, on: 0 },
        },
      },
    };
    const upon = choiceNamed(learnedChoices(habits), 'upon');
    expect(upon.forms).toEqual([
      { form: 'upon', count: 13 },
      { form: 'on', count: 4 },
    ]);
    expect(upon.preferred).toBe('upon');
    expect(upon.text).toBe('writes "depend upon" (5), "rely upon" (2), "and upon" (6); "on" there 4 times');
    expect(learnedChoices({ ...AND_MODEL.habits, upon: { heads: {} } }).map((c) => c.choice)).not.toContain('upon');
  });
});

describe('styleCard choices', () => {
  it('states the confident choices with their counts instead of a bare list of openers', () => {
    const card = styleCard(AND_MODEL);
    expect(card).toContain('- Opens with "And" (24), rarely "Moreover" (1) when adding.');
    expect(card).toContain('- Contracts 67 % of the time (24 places where one fits).');
    expect(card).toContain('- Writes "whilst" (8), never "while".');
    expect(card).not.toContain('Preferred sentence openers');
  });

  it('leaves out choices below the confidence the engine acts on and keeps at most eight', () => {
    const counts = Object.fromEntries(Object.values(CONNECTIVES).flatMap((forms) => forms.map((one) => [one.text, 9])));
    const vocabulary = Object.fromEntries(FUNCTION_VARIANTS.flatMap((set) => set.forms.map((form) => [form, 9])));
    const busy = {
      ...AND_MODEL,
      habits: { ...AND_MODEL.habits, vocabulary, openers: { ...AND_MODEL.habits.openers, counts } },
    };
    const lines = styleCard(busy).split('\n');
    expect(
      lines.filter((line) => /^- (Opens with|Writes|Contracts|Never contracts|Always contracts) /.test(line)),
    ).toHaveLength(8);
    const rare = {
      ...AND_MODEL,
      habits: { ...AND_MODEL.habits, openers: { ...AND_MODEL.habits.openers, counts: { But: 2 } } },
    };
    expect(styleCard(rare)).not.toContain('"But"');
  });
});

const formCount = fc.nat({ max: 60 });
const habitsArbitrary: fc.Arbitrary<StyleHabits> = fc
  .record({
    openers: fc.dictionary(
      fc.constantFrom(...Object.values(CONNECTIVES).flatMap((forms) => forms.map((one) => one.text))),
      formCount,
    ),
    variants: fc.dictionary(fc.constantFrom(...FUNCTION_VARIANTS.flatMap((set) => set.forms)), formCount),
    contracted: fc.nat({ max: 300 }),
    full: fc.nat({ max: 300 }),
    upon: fc.option(
      fc.dictionary(fc.constantFrom('depend', 'rely', 'call', 'look'), fc.record({ upon: formCount, on: formCount })),
      {
        nil: undefined,
      },
    ),
  })
  .map(({ openers, variants, contracted, full, upon }) => {
    const evidence = contracted + full;
    const habits: StyleHabits = {
      ...AND_MODEL.habits,
      openers: { ...AND_MODEL.habits.openers, counts: openers },
      vocabulary: { ...AND_MODEL.habits.vocabulary, ...variants },
      contractions: {
        value: { rate: evidence > 0 ? Math.round((contracted / evidence) * 10_000) / 10_000 : 0, perThousandWords: 0 },
        evidence,
        confidence: evidence / (evidence + 20),
      },
    };
    if (upon !== undefined) habits.upon = { heads: upon };
    return habits;
  });

describe('learnedChoices laws', () => {
  it('gives shares in [0, 1], forms sorted by count, the top form preferred unless tied', () => {
    fc.assert(
      fc.property(habitsArbitrary, (habits) => {
        const choices = learnedChoices(habits);
        for (const choice of choices) {
          expect(choice.share).toBeGreaterThanOrEqual(0);
          expect(choice.share).toBeLessThanOrEqual(1);
          expect(choice.confidence).toBeGreaterThanOrEqual(0);
          expect(choice.confidence).toBeLessThan(1);
          expect(choice.evidence).toBeGreaterThan(0);
          expect(choice.evidence).toBe(choice.forms.reduce((sum, one) => sum + one.count, 0));
          choice.forms.slice(1).forEach((one, i) => expect(one.count).toBeLessThanOrEqual(choice.forms[i]?.count ?? 0));
          const [top, second] = choice.forms;
          if (choice.preferred === undefined) expect(top?.count).toBe(second?.count);
          else expect(choice.preferred).toBe(top?.form);
          expect(choice.share).toBeCloseTo((top?.count ?? 0) / choice.evidence, 3);
          expect(choice.text.length).toBeGreaterThan(0);
        }
        expect(new Set(choices.map((choice) => choice.choice)).size).toBe(choices.length);
        expect(learnedChoices(habits)).toEqual(choices);
      }),
      { numRuns: 300 },
    );
  });
});
