/** Repairing a draft sentence by sentence: what comes back from the input, what stays, how it joins. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkKept, keptParts } from '../../../src/style/candidates/keep-checks.js';
import { CONTENT_KINDS, repairDraft, repairSource } from '../../../src/style/candidates/repair.js';

const repair = (input: string, draft: string) => repairDraft(repairSource(input), draft);

describe('repairDraft', () => {
  it('returns a draft that keeps everything as written, with no repair', () => {
    const input = 'The orchard gave 40 baskets. Mr. Hooker was pleased.';
    const draft = 'This year the orchard yielded 40 baskets. Mr. Hooker was well pleased.';
    expect(repair(input, draft)).toEqual({ text: draft, repairs: [], kept: true, losses: [] });
  });

  it('puts back the one reversed sentence and keeps the rest of the draft', () => {
    const input = 'The path is steep. The bridge will never be rebuilt. Walkers come every spring.';
    const draft = 'The path climbs steeply. The bridge will be rebuilt. Walkers arrive each spring.';
    const result = repair(input, draft);
    expect(result.kept).toBe(true);
    expect(result.text).toBe('The path climbs steeply. The bridge will never be rebuilt. Walkers arrive each spring.');
    expect(result.repairs).toEqual([
      { reasons: ['negation'], draft: 'The bridge will be rebuilt.', input: 'The bridge will never be rebuilt.' },
    ]);
    expect(result.losses.map((loss) => loss.kind)).toEqual(['negation']);
  });

  it('puts back a heading that reversed its claim, and keeps the paragraph below it', () => {
    const input = '# Why Small Farms Are Here to Stay\n\nSmall farms feed the town.\n';
    const draft = '# Why Small Farms Are Not Here to Stay\n\nThe town is fed by its small farms.\n';
    const result = repair(input, draft);
    expect(result.kept).toBe(true);
    expect(result.text).toBe('# Why Small Farms Are Here to Stay\n\nThe town is fed by its small farms.\n');
    expect(result.repairs.map((one) => one.reasons)).toEqual([['negation']]);
  });

  it('puts back a sentence that states more firmly than the input, and keeps the rest', () => {
    const input = 'The path is steep. Walkers should carry water. Rain can flood the ford in spring.';
    const draft = 'The path climbs steeply. Walkers must carry water. Rain may flood the ford each spring.';
    const result = repair(input, draft);
    expect(result.kept).toBe(true);
    expect(result.text).toBe(
      'The path climbs steeply. Walkers should carry water. Rain may flood the ford each spring.',
    );
    expect(result.repairs).toEqual([
      { reasons: ['modality'], draft: 'Walkers must carry water.', input: 'Walkers should carry water.' },
    ]);
  });

  it('puts back a sentence whose word was swapped for its antonym', () => {
    const input = 'The path is steep. The visits increased after the flood. Walkers come every spring.';
    const draft = 'The path climbs steeply. The visits decreased after the flood. Walkers arrive each spring.';
    expect(repair(input, draft).text).toBe(
      'The path climbs steeply. The visits increased after the flood. Walkers arrive each spring.',
    );
  });

  it('puts back a sentence that lost a number or a name, and one the draft dropped', () => {
    const input = 'We planted 12 pear trees. Dr. Hale came to see them. The soil was poor. It rained for 3 days.';
    const draft = 'We planted a dozen pear trees. A doctor came to see them. The soil was thin.';
    const result = repair(input, draft);
    expect(result.kept).toBe(true);
    expect(result.text).toBe(
      'We planted 12 pear trees. Dr. Hale came to see them. The soil was thin. It rained for 3 days.',
    );
    expect(result.repairs.flatMap((one) => one.reasons).sort()).toEqual(['name', 'number', 'number']);
    expect(result.repairs.at(-1)).toEqual({ reasons: ['number'], draft: '', input: 'It rained for 3 days.' });
  });

  it('leaves out a sentence the draft added with an invented fact, and the connective that leaned on it', () => {
    const input = 'The garden is small. The roses grow well.';
    const draft = 'The garden is small. I counted 14 beds there. So, the roses grow well.';
    const result = repair(input, draft);
    expect(result.kept).toBe(true);
    expect(result.text).toBe('The garden is small. The roses grow well.');
    expect(result.repairs).toEqual([{ reasons: ['number', 'person'], draft: 'I counted 14 beds there.', input: '' }]);
  });

  it("keeps a connective the input's own sentence opens with", () => {
    const input = 'The garden is small. However, the roses grow well.';
    const draft = 'The garden is small. I counted 14 beds there. However, the roses grow well.';
    expect(repair(input, draft).text).toBe('The garden is small. However, the roses grow well.');
  });

  it('keeps the paragraph breaks and soft line breaks of the draft, and its final newline', () => {
    const input = 'The well is deep.\n\nThe water is never warm. It tastes of iron.\n';
    const draft = 'Deep is the well.\n\nThe water is warm.\nIt has a taste of iron.\n';
    const result = repair(input, draft);
    expect(result.text).toBe('Deep is the well.\n\nThe water is never warm.\nIt has a taste of iron.\n');
  });

  it('puts back a list item or heading whole', () => {
    const input = '# Costs for 2024\n\n- Seeds cost 30 pounds.\n- Tools are never cheap.\n';
    const draft = '# Costs for 2024\n\n- Seeds came to 30 pounds.\n- Tools are cheap.\n';
    const result = repair(input, draft);
    expect(result.kept).toBe(true);
    expect(result.text).toBe('# Costs for 2024\n\n- Seeds came to 30 pounds.\n- Tools are never cheap.\n');
    expect(result.repairs).toEqual([
      { reasons: ['negation'], draft: '- Tools are cheap.', input: '- Tools are never cheap.' },
    ]);
  });

  it('refuses what no sentence repair can put back: Markdown structure, quotations, links, code, an empty text', () => {
    const input = 'He said "come at noon". See https://example.org and run `make`.\n\n- One item.\n';
    for (const draft of [
      'He said to come at noon. See https://example.org and run `make`.\n\n- One item.\n',
      'He said "come at noon". See the site and run `make`.\n\n- One item.\n',
      'He said "come at noon". See https://example.org and run make.\n\n- One item.\n',
      'He said "come at noon". See https://example.org and run `make`. One item.\n',
      ' ',
    ]) {
      const result = repair(input, draft);
      expect(result.kept).toBe(false);
      expect(result.text).toBe(draft);
      expect(result.repairs).toEqual([]);
    }
  });

  it('never judges length: a draft twice as long is kept as written', () => {
    const input = 'The lane is quiet.';
    const draft = 'The lane, at this hour and in this season, is quiet, and very quiet it is too.';
    expect(repair(input, draft)).toMatchObject({ text: draft, kept: true, repairs: [] });
  });
});

// Sentences built from parts, so that each can be said as written, reworded, reversed, or with its
// number or name lost: distinct subjects and objects keep the alignment's task a real one.
const SUBJECTS = [
  'The old gardener',
  'My sister',
  'The quiet farmer',
  'Our neighbour',
  'The young teacher',
  'The tired doctor',
  'The new vicar',
  'The miller',
];
const VERBS: ReadonlyArray<[string, string]> = [
  ['keeps', 'keep'],
  ['likes', 'like'],
  ['finds', 'find'],
  ['paints', 'paint'],
  ['visits', 'visit'],
  ['reads', 'read'],
];
const OBJECTS = [
  'the roses',
  'the letters',
  'the orchard',
  'the barn',
  'the small boat',
  'the river path',
  'the church',
  'the mill pond',
];
const TAILS: ReadonlyArray<{ text: string; lost?: string; kind?: 'number' | 'name' }> = [
  { text: '' },
  { text: ' every morning' },
  { text: ' in 1887', lost: ' long ago', kind: 'number' },
  { text: ' 42 times', lost: ' many times', kind: 'number' },
  { text: ' with Margaret Hale', lost: ' with a friend', kind: 'name' },
  { text: ' near Oxford', lost: ' near the town', kind: 'name' },
];
type Op = 'same' | 'reword' | 'reverse' | 'lose';

interface SentenceSpec {
  subject: string;
  verb: [string, string];
  object: string;
  tail: (typeof TAILS)[number];
  negative: boolean;
  op: Op;
}

function say(spec: SentenceSpec, { negative = spec.negative, adverb = false, tail = spec.tail.text } = {}): string {
  const [third, base] = spec.verb;
  const verb = negative ? `does not ${base}` : third;
  return `${spec.subject}${adverb ? ' plainly' : ''} ${verb} ${spec.object}${tail}.`;
}

function drafted(spec: SentenceSpec): string {
  if (spec.op === 'reword') return say(spec, { adverb: true });
  if (spec.op === 'reverse') return say(spec, { negative: !spec.negative });
  if (spec.op === 'lose' && spec.tail.lost !== undefined) return say(spec, { tail: spec.tail.lost });
  return say(spec);
}

const isFault = (spec: SentenceSpec): boolean =>
  spec.op === 'reverse' || (spec.op === 'lose' && spec.tail.lost !== undefined);

const texts = fc
  .tuple(
    fc.shuffledSubarray(SUBJECTS, { minLength: 2, maxLength: 8 }),
    fc.shuffledSubarray(OBJECTS, { minLength: 8, maxLength: 8 }),
    fc.array(
      fc.record({
        verb: fc.constantFrom(...VERBS),
        tail: fc.constantFrom(...TAILS),
        negative: fc.boolean(),
        op: fc.constantFrom<Op>('same', 'reword', 'reword', 'reverse', 'lose'),
      }),
      { minLength: 8, maxLength: 8 },
    ),
    fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  )
  .map(([subjects, objects, parts, breaks]) => {
    const specs: SentenceSpec[] = subjects.map((subject, index) => ({
      subject,
      object: objects[index]!,
      ...parts[index]!,
    }));
    // A paragraph break after a sentence where `breaks` says so: the same in the input and the draft.
    const join = (sentences: string[]): string =>
      sentences
        .map((sentence, index) => sentence + (index === sentences.length - 1 ? '\n' : breaks[index] ? '\n\n' : ' '))
        .join('');
    return { specs, input: join(specs.map((spec) => say(spec))), draft: join(specs.map(drafted)) };
  });

describe('repairDraft over sentence shapes', () => {
  it('keeps every fact of the input, never lets a reversed sentence through, and keeps the faithful sentences', () => {
    fc.assert(
      fc.property(texts, ({ specs, input, draft }) => {
        const result = repair(input, draft);
        expect(result.kept).toBe(true);
        const before = keptParts(input);
        for (const number of before.numbers) expect(result.text).toContain(number);
        for (const name of before.names) expect(result.text).toContain(name);
        expect(checkKept(input, result.text, { kinds: CONTENT_KINDS }).losses).toEqual([]);
        for (const spec of specs.filter((one) => one.op === 'reverse'))
          expect(result.text).not.toContain(drafted(spec));
        const faithful = specs.filter((spec) => !isFault(spec));
        const reached = faithful.filter((spec) => result.text.includes(drafted(spec))).length;
        // A repair puts back the aligned group, at most three sentences a side, so at most two faithful neighbours go with it.
        expect(reached).toBeGreaterThanOrEqual(faithful.length - 2 * (specs.length - faithful.length));
        if (specs.every((spec) => !isFault(spec))) expect(result.text).toBe(draft);
      }),
      { numRuns: 150 },
    );
  });
});

describe('repairDraft on any text', () => {
  const text = fc.array(
    fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom('Not now. ', 'It is 12. ', 'Dr. Hale said "no". ', '\n\n', '- item\n', '# Head\n', 'I ', '1. '),
    ),
    { maxLength: 12 },
  );
  it('never throws, and what it keeps passes checkKept', () => {
    fc.assert(
      fc.property(text, text, (inputParts, draftParts) => {
        const input = inputParts.join('');
        const result = repair(input, draftParts.join(''));
        if (result.kept) expect(checkKept(input, result.text, { kinds: CONTENT_KINDS }).losses).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
