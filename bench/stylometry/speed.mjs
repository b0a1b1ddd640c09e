// Speed of `styler corpus`'s work on 1,000 documents (the development corpora's 150 files cut into
// about 1,000 pieces of equal word count), against a straightforward implementation of the same
// results in the same process:
//   styler:          analytics profiles on the worker pool; Delta on z-score vectors computed once;
//                    leave-one-out by taking the document out of its author's pooled counts.
//   straightforward: analytics one document after another on the main thread; each Delta from the
//                    two documents' word maps; leave-one-out by pooling the author's other documents
//                    again for every held-out one.
// Both also build stylo's consensus tree over 100…500 MFW. The ratio is the figure to compare
// (machines differ); the two must agree on the leave-one-out accuracy.
// Run: npm run build && node bench/stylometry/speed.mjs [DOCUMENTS]
import '../support/node-version.mjs';
import { analyzeText } from '../../packages/analytics/dist/nlp/index.js';
import {
  countWordForms,
  deltaReference,
  featureProfile,
  wordProfile,
} from '../../packages/analytics/dist/metrics/index.js';
import { createAnalyticsPool } from '../../packages/analytics/dist/pool/index.js';
import { analyzeCorpus, bootstrapConsensus } from '../../packages/research/dist/stylometry/index.js';
import { CALLS_PER_THREAD, mapBounded } from '../../packages/cli-kit/dist/bounded.js';
import { authors, readFolder } from '../style/corpora.mjs';

const TARGET = Number(process.argv[2] ?? 1000);
const CONSENSUS = [100, 200, 300, 400, 500];

function corpus() {
  const files = authors().flatMap((author) => readFolder(author).map((file) => ({ author, ...file })));
  const piecesPerFile = Math.ceil(TARGET / files.length);
  const documents = [];
  for (const file of files) {
    const words = file.text.split(/(\s+)/);
    const size = Math.ceil(words.length / piecesPerFile);
    for (let i = 0; i < piecesPerFile && documents.length < TARGET; i += 1) {
      const text = words.slice(i * size, (i + 1) * size).join('');
      if (text.trim() !== '') documents.push({ name: `${file.author}/${file.file}#${i}`, author: file.author, text });
    }
  }
  return documents;
}

async function styler(documents) {
  const pool = createAnalyticsPool();
  try {
    const features = await mapBounded(documents, pool.threads * CALLS_PER_THREAD, async (d) =>
      featureProfile(await pool.analyzeText(d.text)),
    );
    const profiled = documents.map((d) => ({
      name: d.name,
      author: d.author,
      profile: wordProfile(countWordForms(d.text)),
    }));
    const analysis = analyzeCorpus(profiled, { mostFrequent: 100 });
    const consensus = bootstrapConsensus(profiled, { mostFrequent: CONSENSUS });
    return {
      loo: analysis.looAccuracy,
      features: features.length,
      clades: consensus.clades.length,
      threads: pool.threads,
    };
  } finally {
    await pool.close();
  }
}

/** The same numbers, the plain way. */
function straightforward(documents) {
  const features = documents.map((d) => featureProfile(analyzeText(d.text)));
  const profiles = documents.map((d) => wordProfile(countWordForms(d.text)));
  const relative = (profile, word) => (profile.total > 0 ? (profile.counts[word] ?? 0) / profile.total : 0);
  const delta = (a, b, reference) => {
    let sum = 0;
    reference.words.forEach((word, i) => {
      const za = (relative(a, word) - reference.mean[i]) / reference.std[i];
      const zb = (relative(b, word) - reference.mean[i]) / reference.std[i];
      sum += Math.abs(za - zb);
    });
    return sum / reference.words.length;
  };
  const pool = (members) => {
    const counts = {};
    let total = 0;
    for (const p of members) {
      total += p.total;
      for (const [word, count] of Object.entries(p.counts)) counts[word] = (counts[word] ?? 0) + count;
    }
    return { counts, total };
  };
  const reference = deltaReference(profiles, 100);
  const names = [...new Set(documents.map((d) => d.author))];
  let right = 0;
  documents.forEach((document, i) => {
    let best;
    let bestDistance = Infinity;
    for (const author of names) {
      const members = profiles.filter((_, j) => j !== i && documents[j].author === author);
      const distance = delta(profiles[i], pool(members), reference);
      if (distance < bestDistance) [best, bestDistance] = [author, distance];
    }
    if (best === document.author) right += 1;
  });
  // The document × document matrices the consensus tree clusters, one per MFW size.
  for (const size of CONSENSUS) {
    const ref = deltaReference(profiles, size);
    for (let i = 0; i < profiles.length; i += 1)
      for (let j = i + 1; j < profiles.length; j += 1) delta(profiles[i], profiles[j], ref);
  }
  bootstrapConsensus(
    documents.map((d, i) => ({ name: d.name, profile: profiles[i] })),
    { mostFrequent: CONSENSUS },
  );
  return { loo: right / documents.length, features: features.length };
}

const documents = corpus();
const words = documents.reduce((sum, d) => sum + d.text.split(/\s+/).length, 0);
console.log(`${documents.length} documents, ${words} words, ${new Set(documents.map((d) => d.author)).size} authors`);
let start = performance.now();
const fast = await styler(documents);
const fastMs = performance.now() - start;
start = performance.now();
const plain = straightforward(documents);
const plainMs = performance.now() - start;
console.log('| implementation | seconds | leave-one-out accuracy |');
console.log('| --- | ---: | ---: |');
console.log(
  `| styler (pool of ${fast.threads} threads) | ${(fastMs / 1000).toFixed(1)} | ${(100 * fast.loo).toFixed(1)} % |`,
);
console.log(`| straightforward (main thread) | ${(plainMs / 1000).toFixed(1)} | ${(100 * plain.loo).toFixed(1)} % |`);
console.log(`speed-up: ${(plainMs / fastMs).toFixed(1)}×; consensus clades: ${fast.clades}`);
