/**
 * personalization_improvement (METRICS.md): a relative change as a fraction, positive when styling
 * moved the text toward the author. Whenever a denominator is 0 the result is 0 if the numerator is
 * 0 too, else +1 or −1 by the numerator's sign. Always finite.
 */
function ratio(numerator: number, denominator: number): number {
  if (!Number.isFinite(numerator) || !Number.isFinite(denominator)) return 0;
  if (denominator === 0) return Math.sign(numerator);
  const value = numerator / denominator;
  return Number.isFinite(value) ? value : Math.sign(value);
}

/** For scores where higher is better (ROUGE): (personalized − unpersonalized) / unpersonalized. */
export function scoreImprovement(personalized: number, unpersonalized: number): number {
  return ratio(personalized - unpersonalized, unpersonalized);
}

/** For values with a ground truth: (du − dp) / du with du, dp the absolute gaps to the ground truth. */
export function gapImprovement(personalized: number, unpersonalized: number, groundTruth: number): number {
  const du = Math.abs(unpersonalized - groundTruth);
  const dp = Math.abs(personalized - groundTruth);
  return ratio(du - dp, du);
}

/** For distances to the ground truth: (unpersonalized − personalized) / unpersonalized. */
export function distanceImprovement(personalized: number, unpersonalized: number): number {
  return ratio(unpersonalized - personalized, unpersonalized);
}
