/**
 * Whether a text shares enough of the features compared to be attributed or verified at all. Delta
 * and its kin on a text that lacks most of the most frequent words measure that absence: every
 * missing word is the same z-score for every author, and the nearest author is whoever uses those
 * words least, whatever the text. Below half of the features compared present (count above 0), the
 * text is reported as not attributed instead of given a name.
 */

/** The share of the features compared a text must use (count above 0) to be attributed (0.5). */
export const MIN_SHARED_FEATURES = 0.5;

/** How many of `counts` (a text's counts of the features compared) are above 0. */
export function sharedFeatures(counts: ArrayLike<number>): number {
  let shared = 0;
  for (let i = 0; i < counts.length; i += 1) if (counts[i]! > 0) shared += 1;
  return shared;
}

/** Why a text using `shared` of `compared` features is not attributed, or undefined when it is enough. */
export function tooFewShared(shared: number, compared: number): string | undefined {
  if (compared === 0 || shared >= MIN_SHARED_FEATURES * compared) return undefined;
  return `it uses ${shared} of the ${compared} features compared (under half)`;
}
