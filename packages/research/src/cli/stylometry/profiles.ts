/**
 * A text's profiles for stylometry: its word forms counted as the chosen features, whole or cut into
 * samples (of a size, or a number of equal parts) (each sample its own document, named "<file>-1", "<file>-2", … as stylo names them). Random
 * samples are seeded per text (the seed and the file name), so a run repeats whatever order the files
 * are read in. With a word list, counts of other features are dropped but the total is kept, so the
 * listed features keep their relative frequencies and every table of the run compares only them.
 */
import type { WordProfile } from '@styler-dev/analytics/metrics';
import { featureCounts, fnv1a, sampleWords, splitWords } from '../../stylometry/index.js';
import type { FeatureSettings } from './options.js';

export interface ProfiledText {
  name: string;
  profile: WordProfile;
}

function restrict(profile: WordProfile, list: ReadonlySet<string> | undefined): WordProfile {
  if (list === undefined) return profile;
  const counts: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const [feature, count] of Object.entries(profile.counts)) if (list.has(feature)) counts[feature] = count;
  return { total: profile.total, counts };
}

/** A text's profile from its word forms, or its samples' profiles (none when it is shorter than a sample). */
export function textProfiles(words: readonly string[], name: string, settings: FeatureSettings): ProfiledText[] {
  const list = settings.wordList === undefined ? undefined : new Set(settings.wordList);
  if (settings.sample === undefined && settings.parts === undefined)
    return [{ name, profile: restrict(featureCounts(words, settings.features), list) }];
  const { samples } =
    settings.sample === undefined
      ? splitWords(words, settings.parts!)
      : sampleWords(words, { ...settings.sample, seed: fnv1a(name, settings.seed) });
  return samples.map((sample, i) => ({
    name: `${name}-${i + 1}`,
    profile: restrict(featureCounts(sample, settings.features), list),
  }));
}
