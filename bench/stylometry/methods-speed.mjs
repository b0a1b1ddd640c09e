// Speed of stylo's methods on a synthetic corpus: 1,000 documents of 300 word types (counts drawn
// at random, each author favouring every fifth word), 5 authors, every tenth document unknown, 100
// MFW, one thread: 5-fold cross-validation per classifier, the Burrows distance matrix, classical
// MDS, and the imposters method for 30 unknown documents against 5 candidates.
// Run: npm run build && node bench/stylometry/methods-speed.mjs
import '../support/node-version.mjs';
import { deltaReference } from '../../packages/analytics/dist/metrics/index.js';
import {
  classicalMds,
  classifyCorpus,
  distanceMatrix,
  seededRandom,
  spaceVector,
  verifyCorpus,
} from '../../packages/research/dist/stylometry/index.js';

const random = seededRandom(3);
const documents = Array.from({ length: 1000 }, (_, i) => {
  const counts = {};
  for (let w = 0; w < 300; w += 1) counts[`w${w}`] = Math.floor(random() * 20 * (1 + (i % 5 === w % 5)));
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  return { name: `d${i}`, ...(i % 10 !== 0 && { author: `a${i % 5}` }), profile: { total, counts } };
});
const time = (label, run) => {
  const start = performance.now();
  const result = run();
  console.log(`| ${label} | ${((performance.now() - start) / 1000).toFixed(2)} |`);
  return result;
};

console.log('| step | seconds |');
console.log('| --- | ---: |');
for (const classifier of ['centroid', 'nearest', 'knn', 'nsc', 'svm']) {
  time(`5-fold cross-validation, ${classifier}`, () => classifyCorpus(documents, { classifier, folds: 5 }));
}
const reference = deltaReference(
  documents.filter((d) => d.author).map((d) => d.profile),
  100,
);
const vectors = documents.map((d) => spaceVector(d.profile, reference));
const matrix = time('Burrows distance matrix (1,000 × 1,000)', () => distanceMatrix(vectors, 'burrows'));
time('classical MDS of it', () => classicalMds(matrix, 2));
time('imposters, 30 unknown × 5 candidates, 100 rounds', () =>
  verifyCorpus(documents.slice(0, 300), { iterations: 100 }),
);
