/**
 * How the clause model's per-group answers become a distribution over sentence structures: the
 * classes it tells, the states of the running clause counts, and one group's step between them.
 * No weights here, so the training script (bench/accuracy) imports it without loading the shipped file.
 */

/** What a verb group heads, as the clause model tells it. */
export const CLAUSE_CLASSES = ['none', 'main', 'dependent'] as const;

/** States of the clause counts (min(I, 2), min(D, 1)): state = min(I, 2) × 2 + min(D, 1). */
export const CLAUSE_STATES = 6;

/**
 * Index into SENTENCE_STRUCTURES of each state: I = 0 is a fragment whatever D is, then simple,
 * complex, compound, compound-complex.
 */
export const STRUCTURE_OF_STATE: readonly number[] = [4, 4, 0, 2, 1, 3];

/**
 * One verb group's step of the Poisson-binomial over states: `next` receives the distribution
 * after a group that heads nothing, a main clause or a dependent clause with probabilities `p`
 * (in CLAUSE_CLASSES order), from the distribution `counts` before it.
 */
export function addClauseToStates(
  counts: ArrayLike<number>,
  p: ArrayLike<number>,
  next: { [state: number]: number; fill(value: number): unknown },
): void {
  next.fill(0);
  for (let state = 0; state < CLAUSE_STATES; state += 1) {
    const mass = counts[state] ?? 0;
    if (mass === 0) continue;
    const i = state >> 1;
    const d = state & 1;
    next[state] = (next[state] ?? 0) + mass * (p[0] ?? 0);
    const withMain = Math.min(i + 1, 2) * 2 + d;
    next[withMain] = (next[withMain] ?? 0) + mass * (p[1] ?? 0);
    const withDependent = i * 2 + 1;
    next[withDependent] = (next[withDependent] ?? 0) + mass * (p[2] ?? 0);
  }
}
