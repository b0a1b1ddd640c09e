// Burrows' Delta attribution for the style benchmarks, from the library's formulas
// (packages/analytics/src/metrics/authorship): the reference is every reference document
// (words: the 150 most frequent; μ, σ over the documents), each author's profile the mean of its
// documents' z-scores, as Burrows (2002) does it.
import { countWordForms, deltaReference } from '../../packages/analytics/dist/index.js';
import { deltaOfZScores, deltaZScores } from '../../packages/analytics/dist/metrics/index.js';

/** How many of the most frequent words Delta uses. */
export const MOST_FREQUENT = 150;

/** An attributor from reference documents per author: `attribute(text)` gives every Delta and the nearest author. */
export function deltaAttributor(referenceByAuthor) {
  const documents = Object.entries(referenceByAuthor).flatMap(([author, texts]) =>
    texts.map((text) => ({ author, counts: countWordForms(text) })),
  );
  const reference = deltaReference(
    documents.map((doc) => doc.counts),
    MOST_FREQUENT,
  );
  const profiles = {};
  for (const author of Object.keys(referenceByAuthor)) {
    const own = documents.filter((doc) => doc.author === author).map((doc) => deltaZScores(doc.counts, reference));
    profiles[author] = reference.words.map((_, i) => own.reduce((sum, z) => sum + z[i], 0) / own.length);
  }
  return {
    words: reference.words,
    reference,
    attribute(text) {
      const z = deltaZScores(text, reference);
      const deltas = Object.fromEntries(
        Object.entries(profiles).map(([author, profile]) => [author, deltaOfZScores(z, profile)]),
      );
      const author = Object.entries(deltas).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0][0];
      return { deltas, author };
    },
  };
}
