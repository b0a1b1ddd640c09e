/** Vega's default categorical scheme (tableau10), so a category has one colour in every figure. */
export const TABLEAU10 = [
  '#4c78a8',
  '#f58518',
  '#e45756',
  '#72b7b2',
  '#54a24b',
  '#eeca3b',
  '#b279a2',
  '#ff9da6',
  '#9d755d',
  '#bab0ac',
];
