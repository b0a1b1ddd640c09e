import { fleschKincaidGrade, fleschReadingEase, type CountFeatures } from '@styler-dev/analytics/metrics';
import type { Token } from '../text/token.js';
import type { EditDelta } from './edit-delta.js';
import {
  DISTANCE_SLOTS,
  READABILITY_SLOTS,
  groupDistances,
  groupFloors,
  groupResidual,
  groupResiduals,
  OBJECTIVE_GROUPS,
  objectiveTargets,
  WORD_PROFILE_SLOT,
  residualOffset,
  residualOffsets,
  residualScales,
  type ObjectiveTargets,
} from './objective.js';
import type { SentenceClassCounts } from '../edits/sentence-class.js';
import { FeatureState } from './state.js';

/** Penalty per unit of a group's residual above 1 − margin, while exploring and while repairing. */
export const EXPLORE_PENALTY = 1;
export const REPAIR_PENALTY = 20;
/** While repairing, a group must end at least this far below its input residual of 1. */
export const REPAIR_MARGIN = 0.02;
/**
 * Weight of the word-profile residual: as much as the nine groups together (each weighs 1), since
 * the most frequent words are what Delta and readers tell an author by. docs/BENCHMARKS.md has the
 * sweep (0 to 100) this sits in.
 */
export const WORD_PROFILE_WEIGHT = 9;
/** A residual this close to 1 counts as unchanged (float noise), not improved. */
const IMPROVED_EPSILON = 1e-9;

/** How many residuals are below 1: groups the text moved toward the author. */
function improvedCount(residuals: readonly number[]): number {
  return residuals.filter((residual) => residual < 1 - IMPROVED_EPSILON).length;
}
/** Index of readability in OBJECTIVE_GROUPS. */
const READABILITY_GROUP = OBJECTIVE_GROUPS.indexOf('readability');
/** Weight of the habit mismatch, per sentence of the input (see habitScore). */
export const HABIT_WEIGHT = 4;

/** A sentence as the scorer sees it: its word count and class (for the sentence counts) and habit mismatch. */
export interface Scored {
  tokens: readonly Token[];
  words: number;
  classes: SentenceClassCounts;
  habit: number;
}

/**
 * The objective of the edit engine (docs/style-engine.md):
 *   score = Σ_g r_g + P · Σ_g max(0, r_g − (1 − m)) + W · (r_w + P · max(0, r_w − 1)) + HABIT_WEIGHT · H / N₀
 * where r_g ≈ 1 − (the group's personalization_improvement against the input; see groupResidual),
 * r_w the word-profile residual (wordProfileDistance over the input's, W = WORD_PROFILE_WEIGHT), H the summed
 * habit mismatch of the sentences and N₀ the input's sentence count (at least 10). Lower is better.
 * The search first explores with a mild penalty (P = EXPLORE_PENALTY, m = 0), then repairs with
 * a steep one (P = REPAIR_PENALTY, m = REPAIR_MARGIN) so that every group ends below the input.
 */
export class Scorer {
  readonly state = new FeatureState();
  private readonly targets: ObjectiveTargets;
  private readonly floors: Float64Array;
  private scales: Float64Array = new Float64Array(DISTANCE_SLOTS);
  private offsets: Float64Array = new Float64Array(DISTANCE_SLOTS);
  private habit = 0;
  private sentences0 = 10;
  private words0 = 0;
  /** Largest allowed |words − input words|, or Infinity. */
  private lengthSlack = Infinity;
  /** The input's syllables per word (what its words alone give the readability formulas). */
  private syllablesPerWord0 = 0;
  /** Current penalty weight and margin (see the class comment). */
  penalty = EXPLORE_PENALTY;
  margin = 0;
  /**
   * When set (while repairing), readability is measured against what the input's words would score
   * at the text's current words per sentence, not against the input itself: the Flesch formulas add
   * up sentence length and syllables per word, and sentence length is a group of its own, steered
   * toward the author by the direction gate. Judged whole, readability would undo a join that moves
   * the sentence lengths toward an author whose words are shorter than the input's.
   */
  readabilityAtLength = false;
  /**
   * When set (while settling), the score is the nine groups' residuals alone, what restyle's final
   * check adds up (verify.ts improvementsOf): no penalty, word profile or habits.
   */
  groupsOnly = false;
  /** Scratch scales and offsets with readability's measured at the current length. */
  private readonly lengthScales = new Float64Array(DISTANCE_SLOTS);
  private readonly lengthOffsets = new Float64Array(DISTANCE_SLOTS);
  /** Distances of the current state, valid while `currentValid`. */
  private readonly current = new Float64Array(DISTANCE_SLOTS);
  private currentValid = false;
  /** The current score and what it was computed with (habit, penalty, margin, readabilityAtLength, groupsOnly), or NaN. */
  private currentScore = NaN;
  private scoredWith: [number, number, number, boolean, boolean] = [NaN, NaN, NaN, false, false];
  /** Scratch distances of a trial. */
  private readonly trial = new Float64Array(DISTANCE_SLOTS);

  constructor(truth: CountFeatures) {
    this.targets = objectiveTargets(truth);
    this.floors = groupFloors(this.targets);
  }

  /** Adds the input's sentences and fixes the baseline the residuals are relative to. */
  start(sentences: readonly Scored[], lengthTolerance: number | undefined): void {
    for (const sentence of sentences) {
      this.state.addSentence(sentence.tokens, sentence.words, sentence.classes);
      this.habit += sentence.habit;
    }
    this.currentValid = false;
    const baseline = groupDistances(this.state, this.targets);
    this.scales = residualScales(baseline, this.floors);
    this.offsets = residualOffsets(baseline, this.scales);
    this.sentences0 = Math.max(10, this.state.sentences);
    this.words0 = this.state.words;
    this.syllablesPerWord0 = this.state.words > 0 ? this.state.syllables / this.state.words : 0;
    if (lengthTolerance !== undefined) this.lengthSlack = Math.floor(lengthTolerance * this.words0);
  }

  /** Applies a replacement of `removed` by `added` (whose difference is `delta`) for good. */
  replace(removed: readonly Scored[], added: readonly Scored[], delta: EditDelta): void {
    this.state.applyDelta(delta, 1);
    // The same additions, in the same order, as sentence by sentence: the habit total is a float sum.
    for (let i = 0; i < removed.length; i += 1) this.habit += -1 * (removed[i] as Scored).habit;
    for (let i = 0; i < added.length; i += 1) this.habit += (added[i] as Scored).habit;
    this.currentValid = false;
  }

  private distances(): Float64Array {
    if (!this.currentValid) {
      groupDistances(this.state, this.targets, this.current);
      this.currentValid = true;
      this.currentScore = NaN;
    }
    return this.current;
  }

  /**
   * Readability's residual against what the input's words would score at the text's current words
   * per sentence (the state as it is now, a trial's included).
   */
  private readabilityAtLengthResidual(distances: Float64Array): number {
    if (this.state.words === 0 || this.state.sentences === 0) return Infinity;
    const scales = this.lengthScales;
    const offsets = this.lengthOffsets;
    scales.set(this.scales);
    offsets.set(this.offsets);
    const counts = {
      words: this.state.words,
      sentences: this.state.sentences,
      syllables: this.state.words * this.syllablesPerWord0,
    };
    const [ease, grade] = READABILITY_SLOTS;
    const [easeTarget, gradeTarget] = this.targets.readability;
    const easeGap = Math.abs(fleschReadingEase(counts) - easeTarget);
    const gradeGap = Math.abs(fleschKincaidGrade(counts) - gradeTarget);
    scales[ease] = Math.max(easeGap, this.floors[ease] as number);
    scales[grade] = Math.max(gradeGap, this.floors[grade] as number);
    offsets[ease] = residualOffset(easeGap, scales[ease] as number);
    offsets[grade] = residualOffset(gradeGap, scales[grade] as number);
    return groupResidual(distances, scales, offsets, READABILITY_GROUP);
  }

  /** Each group's residual r_g (1 = as far as the input, 0 = on the ground truth). */
  residuals(): number[] {
    return groupResiduals(this.distances(), this.scales, this.offsets);
  }

  private scoreOf(distances: Float64Array): number {
    if (this.groupsOnly) {
      let sum = 0;
      for (let g = 0; g < OBJECTIVE_GROUPS.length; g += 1)
        sum += groupResidual(distances, this.scales, this.offsets, g);
      return sum;
    }
    const atLength = this.readabilityAtLength ? this.readabilityAtLengthResidual(distances) : Infinity;
    let total = 0;
    for (let g = 0; g < OBJECTIVE_GROUPS.length; g += 1) {
      const residual = groupResidual(distances, this.scales, this.offsets, g);
      const held = g === READABILITY_GROUP ? Math.min(residual, atLength) : residual;
      total += residual + this.penalty * Math.max(0, held - 1 + this.margin);
    }
    const words = (distances[WORD_PROFILE_SLOT] as number) / (this.scales[WORD_PROFILE_SLOT] as number);
    total += WORD_PROFILE_WEIGHT * (words + this.penalty * Math.max(0, words - 1));
    return total + (HABIT_WEIGHT * this.habit) / this.sentences0;
  }

  /** The word-profile residual (1 = as far from the author's most frequent words as the input). */
  wordProfileResidual(): number {
    return (this.distances()[WORD_PROFILE_SLOT] as number) / (this.scales[WORD_PROFILE_SLOT] as number);
  }

  score(): number {
    const distances = this.distances();
    const [habit, penalty, margin, atLength, groupsOnly] = this.scoredWith;
    if (
      Number.isNaN(this.currentScore) ||
      habit !== this.habit ||
      penalty !== this.penalty ||
      margin !== this.margin ||
      atLength !== this.readabilityAtLength ||
      groupsOnly !== this.groupsOnly
    ) {
      this.currentScore = this.scoreOf(distances);
      this.scoredWith = [this.habit, this.penalty, this.margin, this.readabilityAtLength, this.groupsOnly];
    }
    return this.currentScore;
  }

  /** How far the word count is from the input's, in words. */
  lengthGap(): number {
    return Math.abs(this.state.words - this.words0);
  }

  /** True when the word count is inside the allowed band. */
  lengthAllowed(): boolean {
    return this.lengthGap() <= this.lengthSlack;
  }

  /**
   * The gain (score before − after) of replacing `removed` by `added` (whose difference is
   * `delta`), or −Infinity when the change would take the word count out of the band (and further
   * from the input). The state is restored.
   */
  tryReplace(removed: readonly Scored[], added: readonly Scored[], delta: EditDelta): number {
    const before = this.score();
    const reuse = this.current;
    const gapBefore = this.lengthGap();
    this.state.applyDelta(delta, 1);
    // Summed as reduce() would, left to right from 0.
    let addedHabit = 0;
    for (let i = 0; i < added.length; i += 1) addedHabit += (added[i] as Scored).habit;
    let removedHabit = 0;
    for (let i = 0; i < removed.length; i += 1) removedHabit += (removed[i] as Scored).habit;
    const habitDelta = addedHabit - removedHabit;
    const feasible = this.lengthAllowed() || this.lengthGap() < gapBefore;
    let after = Infinity;
    if (feasible) {
      // Added and taken off again, as the habit total drifts in its last bits like that.
      this.habit += habitDelta;
      const changed = {
        functionWords: delta.functionWordsChanged,
        pos: delta.posChanged,
        classes: delta.classesChanged,
        punctuation: delta.marksChanged,
        words: delta.words !== 0,
      };
      after = this.scoreOf(groupDistances(this.state, this.targets, this.trial, reuse, changed));
      this.habit -= habitDelta;
    }
    this.state.applyDelta(delta, -1);
    return feasible ? before - after : -Infinity;
  }

  /** How many groups end below their input residual of 1: now, or after `delta` (the state is restored). */
  groupsImproved(delta?: EditDelta): number {
    if (delta === undefined) return improvedCount(this.residuals());
    this.state.applyDelta(delta, 1);
    const residuals = groupResiduals(groupDistances(this.state, this.targets, this.trial), this.scales, this.offsets);
    this.state.applyDelta(delta, -1);
    return improvedCount(residuals);
  }
}
