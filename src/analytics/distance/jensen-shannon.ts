/**
 * Jensen-Shannon distance between two distributions given as counts (or probabilities):
 * the square root of the JS divergence with base-2 logarithms, in [0, 1]. Keys are compared over
 * their union; zero or negative weights count as absent. Two empty distributions are at 0; an
 * empty and a non-empty one at 1.
 */
export function jensenShannonDistance(
  a: Readonly<Record<string, number>>,
  b: Readonly<Record<string, number>>,
): number {
  const totalA = positiveTotal(a);
  const totalB = positiveTotal(b);
  if (totalA === 0 && totalB === 0) return 0;
  if (totalA === 0 || totalB === 0) return 1;
  let divergence = 0;
  const visit = (key: string): void => {
    const p = positive(a[key]) / totalA;
    const q = positive(b[key]) / totalB;
    const m = (p + q) / 2;
    if (p > 0) divergence += 0.5 * p * Math.log2(p / m);
    if (q > 0) divergence += 0.5 * q * Math.log2(q / m);
  };
  for (const key of Object.keys(a)) visit(key);
  for (const key of Object.keys(b)) if (!(key in a)) visit(key);
  // Rounding can leave a hair below 0 or above 1.
  return Math.sqrt(Math.min(1, Math.max(0, divergence)));
}

function positive(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : 0;
}

function positiveTotal(distribution: Readonly<Record<string, number>>): number {
  let total = 0;
  for (const key of Object.keys(distribution)) total += positive(distribution[key]);
  return total;
}
