/** Sentence openers typical of generic AI prose (the style card and the style brief name those an author avoids). */
export const AI_OPENERS: readonly string[] = [
  'Moreover',
  'Furthermore',
  'Additionally',
  'In addition',
  'In conclusion',
  'Overall',
  'Ultimately',
  'In summary',
];
