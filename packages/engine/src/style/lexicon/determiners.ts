/** Articles, demonstratives, possessives and distributives that open a definite noun phrase. */
export const NOUN_PHRASE_DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'our',
  'your',
  'their',
  'its',
  'his',
  'her',
  'my',
  'each',
  'every',
]);
