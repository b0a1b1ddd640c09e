/** Direction as an invariant: every counted habit the engine edits moves toward the author, not past. */
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { restyle } from '../../../src/style/index.js';
import { buildDocument } from '../../../src/style/optimizer/document.js';
import { isRunningProse } from '../../../src/style/text/running-prose.js';
import { DIRECTED_HABITS, markCounts } from '../../../src/style/optimizer/running-prose-habits.js';
import {
  HabitDirection,
  habitTargets,
  movesToward,
  type HabitTargets,
} from '../../../src/style/optimizer/direction.js';
import { AUTHORS, authorDocuments, authorModel } from '../brief/authors.js';

const AI_INPUTS = new URL('../../fixtures/ai-inputs/', import.meta.url);
const aiInputs = readdirSync(AI_INPUTS)
  .filter((file) => file.endsWith('.txt'))
  .map((file) => readFileSync(new URL(file, AI_INPUTS), 'utf8'));

/** Marks, words and sentences of a text's running prose, as the gate counts them. */
function countsOf(text: string): { marks: number[]; words: number; sentences: number } {
  const sentences = buildDocument(text).blocks.flatMap((block) =>
    block.sentences.filter((sentence) => isRunningProse(block.kind, sentence.tokens)),
  );
  const marks = DIRECTED_HABITS.map(() => 0);
  for (const sentence of sentences) markCounts(sentence.tokens).forEach((count, i) => (marks[i]! += count));
  return { marks, words: sentences.reduce((sum, s) => sum + s.words, 0), sentences: sentences.length };
}

/**
 * True when `output`'s count is no farther from the author's than `input`'s and not past it by more
 * than `slack` (half a mark), nor by more than it closed.
 */
function towardOrStill(input: number, output: number, target: number, slack = 0.5): boolean {
  if (output === input) return true;
  const before = Math.abs(input - target);
  const after = Math.abs(output - target);
  const past =
    Math.sign(output - target) !== Math.sign(input - target) && after > Math.min(slack, before - after) + 1e-9;
  return after <= before + 1e-9 && !past;
}

describe('movesToward', () => {
  it('lets a count move only closer to its target, and past it by half a unit at most, and by no more than it closed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        (now, next, target) => {
          if (!movesToward(now, next, target)) return;
          if (next === now) return;
          expect(Math.abs(next - target)).toBeLessThan(Math.abs(now - target));
          if (Math.sign(next - target) !== Math.sign(now - target)) {
            expect(Math.abs(next - target)).toBeLessThanOrEqual(0.5);
            expect(Math.abs(next - target)).toBeLessThanOrEqual(Math.abs(now - target) - Math.abs(next - target));
          }
        },
      ),
    );
  });

  it('stops at the author: toward 1.3 semicolons, 0 → 1 but not 1 → 2; toward 1.8, 1 → 2 but not 2 → 3', () => {
    expect(movesToward(0, 1, 1.3)).toBe(true);
    expect(movesToward(1, 2, 1.3)).toBe(false);
    expect(movesToward(1, 2, 1.8)).toBe(true);
    expect(movesToward(2, 3, 1.8)).toBe(false);
    expect(movesToward(3, 2, 0)).toBe(true);
    expect(movesToward(2, 3, 0)).toBe(false);
  });

  it('refuses one mark that lands farther past the author than it came closer (0 → 1 toward 0.4)', () => {
    // A short text: the author's rate is 0.4 semicolons in it; one semicolon overshoots by 0.6.
    expect(movesToward(0, 1, 0.4)).toBe(false);
    // Toward 0.7 it closes 0.4 and lands 0.3 past: allowed.
    expect(movesToward(0, 1, 0.7)).toBe(true);
    // 1 → 2 toward 1.6 lands 0.4 past but closes only 0.2.
    expect(movesToward(1, 2, 1.6)).toBe(false);
  });
});

describe('HabitDirection', () => {
  // An author of a dash every five words and no semicolon, colon or parenthesis.
  const targets: HabitTargets = { perWord: [0.2, 0, 0, 0], wordsPerSentence: 20 };
  const sentences = (text: string) => buildDocument(text).blocks.flatMap((block) => block.sentences);
  const blocks = (text: string) => buildDocument(text).blocks;

  it('refuses to take away the dash of an author who writes dashes, and to add a semicolon for one who writes none', () => {
    const text = 'The road was long—and the night was cold. We walked on and said little.';
    const gate = new HabitDirection(targets, blocks(text));
    const [first] = sentences(text);
    expect(gate.allows('paragraph', [first!], sentences('The road was long, and the night was cold.'))).toBe(false);
    expect(gate.allows('paragraph', [first!], sentences('The road was long; and the night was cold.'))).toBe(false);
    expect(gate.allows('paragraph', [first!], sentences('The road was long — and the night was cold.'))).toBe(true);
  });

  it('refuses a join that carries the sentence length past the author', () => {
    const short = 'We left. It rained. The road was long and the night was cold.';
    const gate = new HabitDirection({ ...targets, wordsPerSentence: 5 }, blocks(short));
    const [a, b] = sentences(short);
    expect(gate.allows('paragraph', [a!, b!], sentences('We left and it rained.'))).toBe(false);
    const toward = new HabitDirection({ ...targets, wordsPerSentence: 8 }, blocks(short));
    expect(toward.allows('paragraph', [a!, b!], sentences('We left and it rained.'))).toBe(true);
  });

  it('lets a join land past the author by up to half the step it makes, and by no more than it closed', () => {
    // Four sentences of 8 words: a join makes 33 words in 3 sentences, 11 a sentence (a step of 3).
    const text = [
      'The old dog ran home across the field.',
      'The small cat slept by the warm fire.',
      'The farmer fixed the fence before the rain.',
      'His wife baked bread for the whole village.',
    ].join(' ');
    const [a, b] = sentences(text);
    const joined = sentences('The old dog ran home across the field, and the small cat slept by the warm fire.');
    // Toward 10: from 2 below to 1 past, inside half the step and no farther past than it closed.
    expect(
      new HabitDirection({ ...targets, wordsPerSentence: 10 }, blocks(text)).allows('paragraph', [a!, b!], joined),
    ).toBe(true);
    // Toward 9.2: 1.8 past after 1.2 below, farther than before.
    expect(
      new HabitDirection({ ...targets, wordsPerSentence: 9.2 }, blocks(text)).allows('paragraph', [a!, b!], joined),
    ).toBe(false);
    // Toward 9.8: 1.2 past, closer than 1.8 below but past by more than the 0.6 it closed.
    expect(
      new HabitDirection({ ...targets, wordsPerSentence: 9.8 }, blocks(text)).allows('paragraph', [a!, b!], joined),
    ).toBe(false);
  });

  it('counts running prose only: a label line and a list item are layout, not habits', () => {
    // Four labels' colons and a list item's dash, and one prose sentence without a mark: toward an
    // author of no colons, the prose counts no colon, so adding one is moving away.
    const text = [
      'Owner: Dana Reyes',
      '',
      'Due date: the ninth of May',
      '',
      '- Budget — approved',
      '',
      'The crew finished the roof before the rain came back in the evening.',
    ].join('\n');
    const gate = new HabitDirection({ perWord: [0, 0, 0, 0], wordsPerSentence: 13 }, blocks(text));
    expect(gate.counts.marks).toEqual([0, 0, 0, 0]);
    expect(gate.counts.sentences).toBe(1);
    const prose = buildDocument(text).blocks.at(-1)!;
    const [only] = prose.sentences;
    expect(
      gate.allows(
        'paragraph',
        [only!],
        sentences('The crew finished the roof: before the rain came back in the evening.'),
      ),
    ).toBe(false);
  });
});

describe('restyle keeps every counted habit moving toward the author', () => {
  const inputs = [...aiInputs, ...AUTHORS.flatMap((author) => authorDocuments(author).slice(6, 8))];

  it.each(AUTHORS)('toward %s, on AI inputs and the other authors’ prose', (author) => {
    const model = authorModel(author);
    const targets = habitTargets(model);
    for (const input of inputs) {
      const before = countsOf(input);
      const after = countsOf(restyle(input, model));
      DIRECTED_HABITS.forEach((habit, i) => {
        const rate = targets.perWord[i]!;
        const ok =
          towardOrStill(before.marks[i]!, after.marks[i]!, rate * before.words) ||
          towardOrStill(before.marks[i]!, after.marks[i]!, rate * after.words);
        expect(ok, `${habit}: ${before.marks[i]} → ${after.marks[i]}, author ${rate * after.words}`).toBe(true);
      });
      if (after.sentences !== before.sentences) {
        const mean = (counts: { words: number; sentences: number }): number => counts.words / counts.sentences;
        // A mean lands on steps of one sentence joined or split: half of one is its slack.
        const step = mean(after) / after.sentences;
        expect(towardOrStill(mean(before), mean(after), targets.wordsPerSentence, step / 2)).toBe(true);
      }
    }
  });
});
