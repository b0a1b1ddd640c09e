/** Shared generators of the stylometry tests: vectors on one feature space, and two-habit corpora. */
import fc from 'fast-check';
import { countWordForms, deltaReference, wordProfile } from '@styler-dev/analytics/metrics';
import { spaceVector, type CorpusDocument, type SpaceVector } from '../../src/stylometry/index.js';

/** Count profiles over a few words, non-empty. */
export const countProfiles = fc
  .array(fc.dictionary(fc.constantFrom('the', 'of', 'and', 'upon', 'while', 'which', 'that'), fc.nat(20)), {
    minLength: 3,
    maxLength: 7,
  })
  .filter((profiles) => profiles.filter((p) => Object.values(p).some((c) => c > 0)).length >= 2);

/** The profiles as vectors on the space they make (5 words). */
export function vectorsOf(profiles: ReadonlyArray<Record<string, number>>): SpaceVector[] {
  const reference = deltaReference(profiles, 5);
  return profiles.map((profile) => spaceVector(wordProfile(profile), reference));
}

/** A document in one of two habits: "the … of" against "a … upon", with shared filler (as corpus.test.ts). */
export function habitText(habit: 'A' | 'B', seed: number, length = 300): string {
  const words: string[] = [];
  for (let i = 0; i < length; i += 1) {
    const r = (seed * 7919 + i * 104729) % 100;
    if (habit === 'A') words.push(r < 30 ? 'the' : r < 45 ? 'of' : r < 50 ? 'upon' : `word${r % 9}`);
    else words.push(r < 15 ? 'the' : r < 20 ? 'of' : r < 40 ? 'upon' : r < 55 ? 'a' : `word${r % 9}`);
  }
  return words.join(' ');
}

export const habitDocument = (name: string, author: string | undefined, body: string): CorpusDocument => ({
  name,
  ...(author !== undefined && { author }),
  profile: wordProfile(countWordForms(body)),
});

/** Two authors of four documents each, and one unknown document of each habit. */
export function habitCorpus(): CorpusDocument[] {
  return [
    ...[1, 2, 3, 4].map((i) => habitDocument(`a${i}.txt`, 'alice', habitText('A', i))),
    ...[5, 6, 7, 8].map((i) => habitDocument(`b${i}.txt`, 'bob', habitText('B', i))),
    habitDocument('unknown-a.txt', undefined, habitText('A', 11)),
    habitDocument('unknown-b.txt', undefined, habitText('B', 12)),
  ];
}
