import { contractionPlaces } from '../ops/contractions.js';
import type { Token } from '../text/token.js';
import type { ContractionPlan } from '../edits/context.js';

/** How far past the author's rate, in places, a plan may land. */
const PAST_PLACE = 0.25;

/**
 * How far a restyle may move the input's contractions: toward the author's rate of contracting and
 * no further. An input contracting 85 % of its places toward an author at 34 % may expand about half
 * of its contractions, the ones the objective likes best, not all of them (the habit's pull is per
 * place and alone would expand every one). Counted on the running prose the restyle edits
 * contractions in (`sentences`). Undefined when the text has no such place.
 */
export function planContractions(
  sentences: ReadonlyArray<readonly Token[]>,
  rate: number,
): ContractionPlan | undefined {
  let contracted = 0;
  let places = 0;
  for (const tokens of sentences) {
    const here = contractionPlaces(tokens);
    contracted += here.contracted;
    places += here.places;
  }
  if (places === 0) return undefined;
  // Stop on the input's side of the author's rate, or past it by a quarter of a place at most: in a
  // short text one place is many points (7 places: 14), and a whole place past the author moves the
  // share farther past than it closed. An author who hardly ever contracts (0.03 of a place here)
  // still has every contraction expanded.
  const target = rate * places;
  const changes =
    contracted > target ? contracted - Math.ceil(target - PAST_PLACE) : Math.floor(target + PAST_PLACE) - contracted;
  return { share: contracted / places, changes: Math.max(0, changes) };
}
