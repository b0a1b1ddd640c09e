// Burrows' Delta over the most frequent function words (Burrows 2002, "Delta: a Measure of
// Stylistic Difference and a Guide to Likely Authorship").
import { analyzeText } from '../../packages/service/dist/index.js';

/** How many of the most frequent function words Delta uses. */
export const MOST_FREQUENT = 50;

function frequencies(features, words) {
  return words.map((word) => (features.words > 0 ? (features.functionWords[word] ?? 0) / features.words : 0));
}

/**
 * Builds an attributor from reference documents per author: the MFW list (function words most
 * frequent over all reference documents), each word's mean and standard deviation over the
 * reference documents (z-scores), and each author's mean z-score vector.
 */
export function deltaAttributor(referenceByAuthor) {
  const documents = Object.entries(referenceByAuthor).flatMap(([author, texts]) =>
    texts.map((text) => ({ author, features: analyzeText(text) })),
  );
  const totals = {};
  for (const { features } of documents)
    for (const [word, count] of Object.entries(features.functionWords)) totals[word] = (totals[word] ?? 0) + count;
  const words = Object.entries(totals)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MOST_FREQUENT)
    .map(([word]) => word);
  const rows = documents.map((doc) => frequencies(doc.features, words));
  const mean = words.map((_, i) => rows.reduce((sum, row) => sum + row[i], 0) / rows.length);
  const std = words.map(
    (_, i) => Math.sqrt(rows.reduce((sum, row) => sum + (row[i] - mean[i]) ** 2, 0) / rows.length) || 1e-9,
  );
  const z = (row) => row.map((value, i) => (value - mean[i]) / std[i]);
  const profiles = {};
  for (const author of Object.keys(referenceByAuthor)) {
    const own = documents.map((doc, i) => ({ doc, row: z(rows[i]) })).filter(({ doc }) => doc.author === author);
    profiles[author] = words.map((_, i) => own.reduce((sum, { row }) => sum + row[i], 0) / own.length);
  }
  return {
    words,
    /** Delta of a text to every author, and the author with the smallest Delta. */
    attribute(text) {
      const zText = z(frequencies(analyzeText(text), words));
      const deltas = Object.fromEntries(
        Object.entries(profiles).map(([author, profile]) => [
          author,
          zText.reduce((sum, value, i) => sum + Math.abs(value - profile[i]), 0) / words.length,
        ]),
      );
      const best = Object.entries(deltas).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0][0];
      return { deltas, author: best };
    },
  };
}
