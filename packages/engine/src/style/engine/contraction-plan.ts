import { findContractible, findContracted } from '../ops/contractions.js';
import type { Token } from '../text/token.js';
import type { ContractionPlan } from '../edits/context.js';

/** `count` items of `items`, spread evenly through them (deterministic). */
function spread<T>(items: readonly T[], count: number): T[] {
  const out: T[] = [];
  for (let j = 0; j < count; j += 1) out.push(items[Math.floor(((j + 0.5) * items.length) / count)] as T);
  return out;
}

/**
 * Which of the input's contraction places may change, so that a restyle moves the text to the
 * author's rate of contracting and no further: an input contracting 85 % of the time toward an
 * author at 34 % gets full forms at about half of its contractions, spread through the text, not at
 * all of them (the habit's pull is per place and alone would expand every one). Undefined when the
 * text has no such place.
 */
export function planContractions(
  sentences: ReadonlyArray<readonly Token[]>,
  rate: number,
): ContractionPlan | undefined {
  const contracted: Token[] = [];
  const full: Token[] = [];
  for (const tokens of sentences) {
    for (const index of findContracted(tokens)) contracted.push(tokens[index] as Token);
    for (const spot of findContractible(tokens)) full.push(tokens[spot.first] as Token);
  }
  const places = contracted.length + full.length;
  if (places === 0) return undefined;
  const target = Math.round(rate * places);
  const chosen =
    contracted.length < target
      ? spread(full, Math.min(full.length, target - contracted.length))
      : spread(contracted, contracted.length - target);
  return { share: contracted.length / places, spots: new Set(chosen) };
}
