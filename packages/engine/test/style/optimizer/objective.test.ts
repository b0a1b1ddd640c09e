import { describe, expect, it } from 'vitest';
import { analyzeText } from '@styler-dev/analytics/nlp';
import { buildDocument } from '../../../src/style/optimizer/document.js';
import { FeatureState } from '../../../src/style/optimizer/state.js';
import { FUNCTION_WORD_LIST } from '../../../src/style/optimizer/indices.js';
import { editDelta } from '../../../src/style/optimizer/edit-delta.js';
import { wordsOf } from '../../../src/style/optimizer/profile.js';
import { sentenceCandidates } from '../../../src/style/optimizer/candidates.js';
import { joinEdits } from '../../../src/style/ops/join.js';
import { REPAIR_MARGIN, REPAIR_PENALTY, Scorer } from '../../../src/style/optimizer/scorer.js';
import {
  OBJECTIVE_GROUPS,
  RELATIVE_FLOOR,
  wordProfileDistance,
  wordProfileTarget,
} from '../../../src/style/optimizer/objective.js';
import fc from 'fast-check';
import { groupImprovements, improvementsOf } from '../../../src/style/optimizer/verify.js';
import { qualityAnalytics } from '@styler-dev/analytics/quality';
import { fleschKincaidGrade, fleschReadingEase, qualityFromFeatures } from '@styler-dev/analytics/metrics';
import { AI_TEXT } from '../corpus.js';
import { contextFor, FORMAL_MODEL } from '../ops-helpers.js';

describe('incremental state', () => {
  it('sums the sentences of a document to the counts analyzeText gives for the same text', () => {
    const document = buildDocument(AI_TEXT);
    const state = new FeatureState();
    for (const block of document.blocks)
      for (const sentence of block.sentences) state.addSentence(sentence.tokens, sentence.words, sentence.classes);
    const features = analyzeText(AI_TEXT);
    expect(state.sentences).toBe(features.sentences);
    expect(Math.abs(state.words - features.words)).toBeLessThanOrEqual(2);
    expect(Math.abs(state.syllables - features.syllables)).toBeLessThanOrEqual(3);
    const the = FUNCTION_WORD_LIST.indexOf('the');
    expect(state.functionWords[the]).toBe(features.functionWords['the']);
    expect(state.functionWordTotal).toBe(state.functionWords.reduce((a, b) => a + b, 0));
  });

  it('applies an edit delta exactly as re-adding the edited sentences would', () => {
    const document = buildDocument(AI_TEXT);
    const sentences = document.blocks.flatMap((block) => block.sentences);
    const context = contextFor(FORMAL_MODEL);
    const [first, second] = sentences;
    if (first === undefined || second === undefined) throw new Error('sentences expected');
    // A join and a token edit: one delta replaces two sentences by one, the other one by one.
    const joined = joinEdits(
      { tokens: first.tokens, classes: first.classes, words: first.words },
      { tokens: second.tokens, classes: second.classes, words: second.words },
      context,
    );
    const edits = [
      ...joined.map((edit) => ({ before: [first, second], after: edit.sentences })),
      ...sentences.slice(2, 8).flatMap((sentence) =>
        sentenceCandidates(document.blocks[0] as never, sentence, context).map((candidate) => ({
          before: candidate.replaced,
          after: candidate.next,
        })),
      ),
    ];
    expect(edits.length).toBeGreaterThan(3);
    for (const { before, after } of edits) {
      const { delta, words } = editDelta(before, after);
      after.forEach((sentence, i) => expect(words[i]).toBe(wordsOf(sentence.tokens)));
      const incremental = new FeatureState();
      const direct = new FeatureState();
      for (const sentence of sentences) {
        incremental.addSentence(sentence.tokens, sentence.words, sentence.classes);
        if (!before.includes(sentence)) direct.addSentence(sentence.tokens, sentence.words, sentence.classes);
      }
      after.forEach((sentence, i) => direct.addSentence(sentence.tokens, words[i] ?? 0, sentence.classes));
      incremental.applyDelta(delta, 1);
      expect(incremental.toCounts()).toEqual(direct.toCounts());
      expect(incremental.functionWordTotal).toBe(direct.functionWordTotal);
      incremental.applyDelta(delta, -1);
      incremental.applyDelta(delta, 1);
      expect(incremental.toCounts()).toEqual(direct.toCounts());
    }
  });

  it('scores the input at 9 groups of residual 1 plus its habits, and restores state after a trial', () => {
    const document = buildDocument(AI_TEXT);
    const scorer = new Scorer(FORMAL_MODEL.groundTruth.features);
    const sentences = document.blocks.flatMap((block) => block.sentences);
    scorer.start(sentences, 0.085);
    for (const residual of scorer.residuals()) expect(residual).toBeLessThanOrEqual(1 + 1e-12);
    const before = scorer.score();
    const counts = scorer.state.toCounts();
    const [first, second] = sentences;
    if (first === undefined || second === undefined) throw new Error('sentences expected');
    scorer.tryReplace([first], [second], editDelta([first], [second]).delta);
    expect(scorer.score()).toBeCloseTo(before, 12);
    expect(scorer.state.toCounts()).toEqual(counts);
  });

  it('while repairing, holds readability to what the words did, not to the sentence length a join makes', () => {
    const sentences = buildDocument(AI_TEXT).blocks.flatMap((block) => block.sentences);
    const context = contextFor(FORMAL_MODEL);
    // An author of the formal model's sentences in short words: a longer sentence reads harder, away from them.
    const formal = FORMAL_MODEL.groundTruth.features;
    const truth = { ...formal, syllables: Math.round(1.2 * formal.words) };
    const repairing = (atLength: boolean): Scorer => {
      const scorer = new Scorer(truth);
      scorer.start(sentences, 0.085);
      scorer.penalty = REPAIR_PENALTY;
      scorer.margin = REPAIR_MARGIN;
      scorer.readabilityAtLength = atLength;
      return scorer;
    };
    let lengthened = 0;
    for (let i = 0; i + 1 < sentences.length; i += 1) {
      const [first, second] = [sentences[i]!, sentences[i + 1]!];
      // A join by a semicolon adds no word: the words, and their syllables, stay the input's.
      for (const join of joinEdits(first, second, context)) {
        if (!join.sentences.some((sentence) => sentence.tokens.some((piece) => piece.text === ';'))) continue;
        const { delta, words } = editDelta([first, second], join.sentences);
        const next = join.sentences.map((sentence, k) => ({ ...sentence, words: words[k] ?? 0, habit: 0 }));
        const whole = repairing(false);
        const atLength = repairing(true);
        const gainWhole = whole.tryReplace([first, second], next, delta);
        const gainAtLength = atLength.tryReplace([first, second], next, delta);
        whole.replace([first, second], next, delta);
        const residual = whole.residuals()[OBJECTIVE_GROUPS.indexOf('readability')]!;
        if (residual > 1) lengthened += 1;
        // Only the readability penalty differs: judged at the new length, the words score as the input's.
        const penalty = (r: number): number => REPAIR_PENALTY * Math.max(0, r - 1 + REPAIR_MARGIN);
        expect(gainAtLength - gainWhole).toBeCloseTo(penalty(residual) - penalty(Math.min(residual, 1)), 9);
      }
    }
    expect(lengthened).toBeGreaterThan(0);
  });

  it('counts a number the input already sits on as residual 1 while it stays, and above 1 as it moves away', () => {
    const sentences = buildDocument(AI_TEXT).blocks.flatMap((block) => block.sentences);
    // An author whose every number is the input's: no group can improve, and none has been won yet.
    const scorer = new Scorer(analyzeText(AI_TEXT));
    scorer.start(sentences, undefined);
    for (const residual of scorer.residuals()) expect(residual).toBeCloseTo(1, 9);
    const [first, second] = sentences;
    if (first === undefined || second === undefined) throw new Error('sentences expected');
    scorer.replace([first], [second], editDelta([first], [second]).delta);
    const residuals = scorer.residuals();
    for (const residual of residuals) expect(residual).toBeGreaterThanOrEqual(1 - 1e-9);
    expect(Math.max(...residuals)).toBeGreaterThan(1);
  });

  it("judges a group the input sits on by how far the output moved, not by a ratio over the input's gap of 0", () => {
    const input = analyzeText(AI_TEXT);
    // One word made longer: readability moves a little away from an author whose readability is the input's.
    const output = analyzeText(AI_TEXT.replace('simplest ways', 'simplest dependable ways'));
    const improvements = improvementsOf(output, input, input);
    // Each number's loss in units of its floor (1 % of the author's value), as the search's residuals count it.
    const lost = (after: number, before: number): number => Math.abs(after - before) / (RELATIVE_FLOOR * before);
    const ease = lost(fleschReadingEase(output), fleschReadingEase(input));
    const grade = lost(fleschKincaidGrade(output), fleschKincaidGrade(input));
    expect(ease).toBeGreaterThan(0);
    expect(improvements['readability']).toBeCloseTo(-(ease + grade) / 2, 9);
    // The reported measure is unchanged: any move off a gap of 0 is −1 there.
    expect(groupImprovements(qualityFromFeatures(output, input, input))['readability']).toBe(-1);
  });

  it('summarises quality_analytics per group as documented', () => {
    const quality = qualityAnalytics({
      personalized: AI_TEXT,
      unpersonalized: AI_TEXT,
      groundTruth: FORMAL_MODEL.groundTruth,
    });
    expect(Object.values(groupImprovements(quality))).toEqual(new Array(9).fill(0));
  });
});

describe('word profile', () => {
  const truth = FORMAL_MODEL.groundTruth.features;
  const target = wordProfileTarget(truth);
  const ratesAsCounts = (words: number): Float64Array => {
    const counts = new Float64Array(FUNCTION_WORD_LIST.length);
    target.indices.forEach((index, i) => (counts[index] = (target.rates[i] as number) * words));
    return counts;
  };

  it("keeps the author's most frequent function words, most frequent first", () => {
    expect(target.indices.length).toBeGreaterThan(20);
    expect(target.indices.length).toBeLessThanOrEqual(150);
    for (let i = 1; i < target.rates.length; i += 1)
      expect(target.rates[i]).toBeLessThanOrEqual(target.rates[i - 1] as number);
    const the = FUNCTION_WORD_LIST.indexOf('the');
    expect(target.rates[[...target.indices].indexOf(the)]).toBeCloseTo(
      (truth.functionWords['the'] ?? 0) / truth.words,
      12,
    );
  });

  it("is 0 at the author's rates and grows as any word's rate moves away from them", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: target.indices.length - 1 }),
        fc.double({ min: 0.5, max: 50, noNaN: true }),
        (slot, by) => {
          const words = 10_000;
          const counts = ratesAsCounts(words);
          expect(wordProfileDistance(counts, words, target)).toBeCloseTo(0, 12);
          const index = target.indices[slot] as number;
          counts[index] = (counts[index] as number) + by;
          const once = wordProfileDistance(counts, words, target);
          counts[index] = (counts[index] as number) + by;
          expect(once).toBeGreaterThan(0);
          expect(wordProfileDistance(counts, words, target)).toBeGreaterThan(once);
        },
      ),
    );
  });

  it('weighs a rare word as much as a frequent one when each moves by its own standard error', () => {
    const words = 10_000;
    const moved = (slot: number): number => {
      const counts = ratesAsCounts(words);
      const index = target.indices[slot] as number;
      // One standard error of an N-word sample: N · sqrt(p / N) occurrences.
      counts[index] = (counts[index] as number) + Math.sqrt((target.rates[slot] as number) * words);
      return wordProfileDistance(counts, words, target);
    };
    const last = target.indices.length - 1;
    expect(moved(last) / moved(0)).toBeGreaterThan(0.5);
    expect(moved(last) / moved(0)).toBeLessThan(2);
  });
});
