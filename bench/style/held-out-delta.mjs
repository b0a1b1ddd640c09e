// Helpers of the attribution benchmark (attribution.mjs): a Burrows' Delta attributor built from
// word counts (so a candidate set can be rebuilt cheaply, and one document left out of it), and an
// author's own documents cut to a given length at sentence ends.
import { countWordForms, deltaReference } from '../../packages/analytics/dist/index.js';
import { deltaOfZScores, deltaZScores } from '../../packages/analytics/dist/metrics/index.js';
import { MOST_FREQUENT } from './delta.mjs';

/** Word forms of a text as Delta counts them (the length measure of inputs and cuts). */
export function wordFormCount(counts) {
  let total = 0;
  for (const count of Object.values(counts)) total += count;
  return total;
}

/**
 * An attributor over candidate authors, from each one's reference documents as word counts: the
 * same formulas as delta.mjs (the MOST_FREQUENT words, μ and σ over the documents, a profile the
 * mean of its documents' z-scores), the same tie rule (alphabetical).
 */
export function attributorFromCounts(countsByAuthor) {
  const candidates = Object.keys(countsByAuthor).sort();
  const reference = deltaReference(
    candidates.flatMap((author) => countsByAuthor[author]),
    MOST_FREQUENT,
  );
  const profiles = Object.fromEntries(
    candidates.map((author) => [author, meanVector(countsByAuthor[author].map((c) => deltaZScores(c, reference)))]),
  );
  return {
    candidates,
    /** Delta of counts to every candidate, and the nearest candidate. */
    attribute(counts) {
      const z = deltaZScores(counts, reference);
      const deltas = Object.fromEntries(candidates.map((author) => [author, deltaOfZScores(z, profiles[author])]));
      const author = candidates.reduce((best, next) => (deltas[next] < deltas[best] ? next : best));
      return { deltas, author };
    },
  };
}

function meanVector(vectors) {
  return vectors[0].map((_, i) => vectors.reduce((sum, v) => sum + v[i], 0) / vectors.length);
}

/** Sentences of a text: paragraph (line) ends and sentence-final punctuation before a space. */
export function sentencesOf(text) {
  return text
    .split(/\n+/)
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?]["')\]]*)\s+/))
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/** Pieces are never closed below this share of the wanted length (a short last piece is dropped). */
const SHORTEST_PIECE = 0.8;

/**
 * Word counts of an author's documents cut into consecutive pieces of about `length` word forms,
 * each ending at the sentence end nearest that length. A piece still short at a document's end runs
 * on into the next document (so documents shorter than `length` are joined); a short last piece is dropped.
 */
export function cutToLength(documents, length) {
  const pieces = [];
  let piece = [];
  let pieceLength = 0;
  const close = () => {
    pieces.push(countWordForms(piece.join(' ')));
    piece = [];
    pieceLength = 0;
  };
  for (const text of documents) {
    for (const sentence of sentencesOf(text)) {
      const words = wordFormCount(countWordForms(sentence));
      // Close before this sentence when stopping here is nearer the wanted length than after it.
      const nearer = Math.abs(pieceLength - length) < Math.abs(pieceLength + words - length);
      if (nearer && pieceLength >= SHORTEST_PIECE * length) close();
      piece.push(sentence);
      pieceLength += words;
    }
    if (pieceLength >= SHORTEST_PIECE * length) close();
  }
  return pieces;
}
