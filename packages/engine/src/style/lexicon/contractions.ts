/**
 * English contractions and their full forms, lower-case with straight apostrophes.
 * Only unambiguous pairs: `'d` (had/would) is left out, and `'s` only after pronouns and
 * adverbs where it stands for `is` (never a possessive). `it's been` → `it has been` is handled by
 * the edit, not here.
 */
export const CONTRACTIONS: ReadonlyArray<readonly [full: string, contracted: string]> = [
  ['do not', "don't"],
  ['does not', "doesn't"],
  ['did not', "didn't"],
  ['is not', "isn't"],
  ['are not', "aren't"],
  ['was not', "wasn't"],
  ['were not', "weren't"],
  ['has not', "hasn't"],
  ['have not', "haven't"],
  ['had not', "hadn't"],
  ['will not', "won't"],
  ['would not', "wouldn't"],
  ['cannot', "can't"],
  ['could not', "couldn't"],
  ['should not', "shouldn't"],
  ['must not', "mustn't"],
  ['need not', "needn't"],
  ['i am', "i'm"],
  ['you are', "you're"],
  ['we are', "we're"],
  ['they are', "they're"],
  ['i have', "i've"],
  ['you have', "you've"],
  ['we have', "we've"],
  ['they have', "they've"],
  ['i will', "i'll"],
  ['you will', "you'll"],
  ['we will', "we'll"],
  ['they will', "they'll"],
  ['it will', "it'll"],
  ['he will', "he'll"],
  ['she will', "she'll"],
  ['it is', "it's"],
  ['that is', "that's"],
  ['there is', "there's"],
  ['here is', "here's"],
  ['what is', "what's"],
  ['who is', "who's"],
  ['he is', "he's"],
  ['she is', "she's"],
  ['let us', "let's"],
];

/** Contracted form (lower-case, straight apostrophe) → full form. */
export const EXPANSIONS: ReadonlyMap<string, string> = new Map(CONTRACTIONS.map(([full, short]) => [short, full]));

/** Full form (lower-case, words joined by one space) → contracted form. */
export const CONTRACTED: ReadonlyMap<string, string> = new Map(CONTRACTIONS.map(([full, short]) => [full, short]));
