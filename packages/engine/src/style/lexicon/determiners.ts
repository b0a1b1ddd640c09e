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

/** The above plus quantifiers, which may also open the subject or object a passive moves. */
export const DETERMINERS_AND_QUANTIFIERS: ReadonlySet<string> = new Set([
  ...NOUN_PHRASE_DETERMINERS,
  'some',
  'many',
  'several',
  'all',
  'most',
]);
