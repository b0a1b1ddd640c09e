import type { CountFeatures } from '../../analytics/index.js';
import type { SentenceProfile } from './profile.js';
import { groupDistances, groupFloors, groupResiduals, objectiveTargets, type ObjectiveTargets } from './objective.js';
import { FeatureState, type SentenceClassCounts } from './state.js';

/** Penalty per unit of a group's residual above 1 − margin, while exploring and while repairing. */
export const EXPLORE_PENALTY = 1;
export const REPAIR_PENALTY = 20;
/** While repairing, a group must end at least this far below its input residual of 1. */
export const REPAIR_MARGIN = 0.02;
/** Weight of the habit mismatch, per sentence of the input (see habitScore). */
export const HABIT_WEIGHT = 4;

/** A sentence as the scorer sees it. */
export interface Scored {
  profile: SentenceProfile;
  classes: SentenceClassCounts;
  habit: number;
}

/**
 * The objective of the edit engine (docs/parts/style.md):
 *   score = Σ_g r_g + P · Σ_g max(0, r_g − (1 − m)) + HABIT_WEIGHT · H / N₀
 * where r_g ≈ 1 − (the group's personalization_improvement against the input; see groupResiduals), H the summed
 * habit mismatch of the sentences and N₀ the input's sentence count (at least 10). Lower is better.
 * The search first explores with a mild penalty (P = EXPLORE_PENALTY, m = 0), then repairs with
 * a steep one (P = REPAIR_PENALTY, m = REPAIR_MARGIN) so that every group ends below the input.
 */
export class Scorer {
  readonly state = new FeatureState();
  private readonly targets: ObjectiveTargets;
  private readonly floors: number[][];
  private baseline: number[][] = [];
  private habit = 0;
  private sentences0 = 10;
  private words0 = 0;
  /** Largest allowed |words − input words|, or Infinity. */
  private lengthSlack = Infinity;
  /** Current penalty weight and margin (see the class comment). */
  penalty = EXPLORE_PENALTY;
  margin = 0;

  constructor(truth: CountFeatures) {
    this.targets = objectiveTargets(truth);
    this.floors = groupFloors(this.targets);
  }

  /** Adds the input's sentences and fixes the baseline the residuals are relative to. */
  start(sentences: readonly Scored[], lengthTolerance: number | undefined): void {
    for (const sentence of sentences) this.add(sentence, 1);
    this.baseline = groupDistances(this.state, this.targets);
    this.sentences0 = Math.max(10, this.state.sentences);
    this.words0 = this.state.words;
    if (lengthTolerance !== undefined) this.lengthSlack = Math.floor(lengthTolerance * this.words0);
  }

  add(sentence: Scored, sign: 1 | -1): void {
    this.state.apply(sentence.profile, sentence.classes, sign);
    this.habit += sign * sentence.habit;
    this.current = undefined;
  }

  /** Distances of the current state, cached until the next change. */
  private current: number[][] | undefined;

  private distances(): number[][] {
    this.current ??= groupDistances(this.state, this.targets);
    return this.current;
  }

  /** Each group's residual r_g (1 = as far as the input, 0 = on the ground truth). */
  residuals(): number[] {
    return groupResiduals(this.distances(), this.baseline, this.floors);
  }

  private scoreOf(distances: number[][]): number {
    let total = 0;
    for (const residual of groupResiduals(distances, this.baseline, this.floors)) {
      total += residual + this.penalty * Math.max(0, residual - 1 + this.margin);
    }
    return total + (HABIT_WEIGHT * this.habit) / this.sentences0;
  }

  score(): number {
    return this.scoreOf(this.distances());
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
   * The gain (score before − after) of replacing `removed` by `added`, or −Infinity when the change
   * would take the word count out of the band (and further from the input). The state is restored.
   */
  tryReplace(removed: readonly Scored[], added: readonly Scored[]): number {
    const reuse = this.distances();
    const before = this.scoreOf(reuse);
    const gapBefore = this.lengthGap();
    for (const sentence of removed) this.state.apply(sentence.profile, sentence.classes, -1);
    for (const sentence of added) this.state.apply(sentence.profile, sentence.classes, 1);
    const habitDelta = added.reduce((sum, s) => sum + s.habit, 0) - removed.reduce((sum, s) => sum + s.habit, 0);
    const feasible = this.lengthAllowed() || this.lengthGap() < gapBefore;
    let after = Infinity;
    if (feasible) {
      this.habit += habitDelta;
      after = this.scoreOf(groupDistances(this.state, this.targets, reuse, changedGroups(removed, added)));
      this.habit -= habitDelta;
    }
    for (const sentence of added) this.state.apply(sentence.profile, sentence.classes, -1);
    for (const sentence of removed) this.state.apply(sentence.profile, sentence.classes, 1);
    return feasible ? before - after : -Infinity;
  }
}

function sameCounts(a: readonly Scored[], b: readonly Scored[], pick: (s: Scored) => Int32Array): boolean {
  const first = a[0] ?? b[0];
  if (first === undefined) return true;
  const length = pick(first).length;
  for (let i = 0; i < length; i += 1) {
    let sum = 0;
    for (const s of a) sum += pick(s)[i] ?? 0;
    for (const s of b) sum -= pick(s)[i] ?? 0;
    if (sum !== 0) return false;
  }
  return true;
}

function sameFunctionWords(a: readonly Scored[], b: readonly Scored[]): boolean {
  const counts = new Map<string, number>();
  for (const s of a) for (const key of s.profile.functionWords) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const s of b) for (const key of s.profile.functionWords) counts.set(key, (counts.get(key) ?? 0) - 1);
  for (const count of counts.values()) if (count !== 0) return false;
  return true;
}

function classKey(list: readonly Scored[]): string {
  return list
    .filter((s) => s.profile.words > 0)
    .map((s) => `${s.classes.structure}/${s.classes.voice}`)
    .sort()
    .join(',');
}

/** Which groups a replacement can change (true) — the others keep their distance. Indexed like OBJECTIVE_GROUPS. */
export function changedGroups(removed: readonly Scored[], added: readonly Scored[]): boolean[] {
  const classes = classKey(removed) !== classKey(added);
  return [
    true,
    true,
    true,
    !sameFunctionWords(removed, added),
    !sameCounts(removed, added, (s) => s.profile.pos),
    true,
    classes,
    classes,
    !sameCounts(removed, added, (s) => s.profile.punctuation),
  ];
}
