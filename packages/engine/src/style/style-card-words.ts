/** A rate in [0, 1] in words, for the style card: never, rarely, sometimes, often, usually, always. */
export function describeRate(rate: number): string {
  if (rate <= 0.02) return 'never';
  if (rate < 0.2) return 'rarely';
  if (rate < 0.45) return 'sometimes';
  if (rate < 0.7) return 'often';
  if (rate < 0.97) return 'usually';
  return 'always';
}
