/**
 * The words of each grammatical person a text can speak in, lower case with straight apostrophes:
 * what the habits count, what a rewrite may not invent, and what revision feedback names.
 */
export const FIRST_SINGULAR_FORMS: readonly string[] = [
  'i',
  'me',
  'my',
  'mine',
  'myself',
  "i'm",
  "i've",
  "i'll",
  "i'd",
];
export const FIRST_PLURAL_FORMS: readonly string[] = [
  'we',
  'us',
  'our',
  'ours',
  'ourselves',
  "we're",
  "we've",
  "we'll",
  "we'd",
];
export const SECOND_PERSON_FORMS: readonly string[] = [
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
  "you're",
  "you've",
  "you'll",
  "you'd",
];
