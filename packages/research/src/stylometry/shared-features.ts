/**
 * The shared-words rule, the one place every command asks whether a text shares enough of the
 * features compared to be attributed or verified at all. Delta and its kin on a text that lacks most
 * of the most frequent words measure that absence: every missing word is the same z-score for every
 * author, and the nearest author is whoever uses those words least, whatever the text. Below the
 * share `minShared` of the features compared present (count above 0; half by default), the text is
 * reported as not attributed instead of given a name; `minShared` 0 switches the rule off.
 */

/** The default share of the features compared a text must use (count above 0) to be attributed. */
export const MIN_SHARED_FEATURES = 0.5;

/** `minShared` checked: a number in [0, 1] (0: the rule off); the default when undefined. */
export function minSharedShare(minShared: number | undefined): number {
  if (minShared === undefined) return MIN_SHARED_FEATURES;
  if (!(minShared >= 0 && minShared <= 1)) throw new RangeError('minShared must be a share from 0 (off) to 1');
  return minShared;
}

/** How many of `counts` (a text's counts of the features compared) are above 0. */
export function sharedFeatures(counts: ArrayLike<number>): number {
  let shared = 0;
  for (let i = 0; i < counts.length; i += 1) if (counts[i]! > 0) shared += 1;
  return shared;
}

/** The share as the reason words it: "half" for the default, else a percentage. */
function shareLabel(minShared: number): string {
  return minShared === 0.5 ? 'half' : `${Number((minShared * 100).toFixed(2))} %`;
}

/**
 * Why a text using `shared` of `compared` features is not attributed, or undefined when it is
 * enough (always, with `minShared` 0).
 */
export function tooFewShared(shared: number, compared: number, minShared = MIN_SHARED_FEATURES): string | undefined {
  if (compared === 0 || minShared === 0 || shared >= minShared * compared) return undefined;
  return `it uses ${shared} of the ${compared} features compared (under ${shareLabel(minShared)})`;
}
