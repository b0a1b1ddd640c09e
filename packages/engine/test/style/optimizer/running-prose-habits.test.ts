/** The rates restyle steers by are the author's running prose, counted as the gate and the plan count. */
import { describe, expect, it } from 'vitest';
import { fitStyle } from '../../../src/style/index.js';
import { authorContractionRate } from '../../../src/style/edits/context.js';
import { DIRECTED_HABITS, markCounts, measureRunningProse } from '../../../src/style/optimizer/running-prose-habits.js';
import { HabitDirection, habitTargets } from '../../../src/style/optimizer/direction.js';
import { buildDocument } from '../../../src/style/optimizer/document.js';
import { AUTHORS, authorDocuments } from '../brief/authors.js';

/** An author whose labels and list items carry colons, dashes and contractions, and whose prose carries none. */
const LABELLED = [
  [
    'Venue: the old mill on Harbour Road',
    '',
    'Doors: seven in the evening',
    '',
    '- Tickets — at the door, cash only',
    "- Parking — don't use the lane",
    '',
    'The choir will sing for an hour before the interval. We do not expect the hall to be full, and there is room for everyone who comes.',
  ].join('\n'),
  [
    'Speaker: a retired ferry captain',
    '',
    "- Topic — what the tides don't tell you",
    '',
    'The talk will be short. He has given it in four towns along the coast, and it is never the same twice.',
  ].join('\n'),
];

describe('markCounts', () => {
  it('counts a quotation’s marks, which no edit changes but a reader sees', () => {
    const [sentence] = buildDocument('She wrote that "the tide—and the wind; both—turned" before noon.').blocks[0]!
      .sentences;
    const dash = sentence!.tokens.find((piece) => piece.text === '—');
    expect(dash?.lock).toBe('quote');
    expect(markCounts(sentence!.tokens)).toEqual([2, 1, 0, 0]);
  });
});

describe('measureRunningProse', () => {
  it('counts no mark and no contraction of a label or a list item', () => {
    const running = measureRunningProse(LABELLED).value;
    expect(running.sentences).toBe(4);
    expect(running.perThousandWords).toEqual({ dash: 0, semicolon: 0, colon: 0, parentheses: 0 });
    // "do not", "there is", "has given", "it is": written out every time.
    expect(running.contractions.places).toBeGreaterThanOrEqual(3);
    expect(running.contractions.rate).toBe(0);
  });

  it.each(AUTHORS)('counts what the direction gate counts, document by document (%s)', (author) => {
    for (const document of authorDocuments(author)) {
      const running = measureRunningProse([document]).value;
      const gate = new HabitDirection({ perWord: [0, 0, 0, 0], wordsPerSentence: 1 }, buildDocument(document).blocks);
      const counts = gate.counts;
      expect(running.words).toBe(counts.words);
      expect(running.sentences).toBe(counts.sentences);
      const rates = running.perThousandWords;
      DIRECTED_HABITS.forEach((habit, i) => {
        const rate = [rates.dash, rates.semicolon, rates.colon, rates.parentheses][i]!;
        expect(rate, habit).toBeCloseTo((1000 * counts.marks[i]!) / Math.max(1, counts.words), 2);
      });
    }
  });
});

describe('the targets a restyle steers by', () => {
  const model = fitStyle(LABELLED);

  it('are the running prose’s: labels’ colons and list items’ dashes are no habit', () => {
    const targets = habitTargets(model);
    expect(targets.perWord).toEqual([0, 0, 0, 0]);
    expect(targets.wordsPerSentence).toBe(model.habits.runningProse!.value.wordsPerSentence);
    // All prose, labels and list items included, holds colons and dashes.
    expect(model.habits.punctuation.colonPerThousandWords.value).toBeGreaterThan(0);
    expect(model.habits.punctuation.dash.value.perThousandWords).toBeGreaterThan(0);
  });

  it('take the contraction rate of the running prose, where the list items contract', () => {
    expect(model.habits.contractions.value.rate).toBeGreaterThan(0);
    expect(authorContractionRate(model.habits)).toBe(0);
  });

  it('fall back to all prose for a model fit before running prose was measured', () => {
    const { runningProse: _running, ...habits } = model.habits;
    const older = { ...model, habits };
    expect(habitTargets(older).perWord[2]).toBeCloseTo(model.habits.punctuation.colonPerThousandWords.value / 1000, 9);
    expect(authorContractionRate(older.habits)).toBe(model.habits.contractions.value.rate);
  });
});
