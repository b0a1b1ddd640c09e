// What sending a model to each pool thread once (then by key) saves against sending it with every
// call: a transform's restyle with its style model, and its quality analytics with ROUGE against a
// 100-document ground truth (references included), through a 2-thread pool, 8 calls in flight.
// "cloned" runs the same tasks with the model as a plain argument, structured-cloned every call,
// as before; rounds alternate the two so the machine's load hits both alike.
// Run: npm run build && node bench/pool/shared-model.mjs [rounds=5] [secondsPerMeasure=3]
import '../support/node-version.mjs';
import { loadavg } from 'node:os';
import { createStylePool, fitStyle, restyle } from '../../packages/service/dist/index.js';
import { readFolder, textOfWords } from '../support/corpus.mjs';
import { callsPerSecond } from '../support/rate.mjs';

const rounds = Number(process.argv[2] ?? 5);
const measureMs = Number(process.argv[3] ?? 3) * 1000;
const IN_FLIGHT = 8;

const darwin = readFolder('darwin-letters');
// About 100 training documents: the letters, and each also split in halves, as a user's samples might be.
const documents = [
  ...darwin,
  ...darwin.flatMap((text) => [text.slice(0, text.length / 2), text.slice(text.length / 2)]),
].slice(0, 100);
const model = fitStyle(documents);
const paragraphs = readFolder('ai-inputs')
  .flatMap((text) => text.split(/\n\s*\n/))
  .filter((p) => p.trim());
const message = textOfWords(paragraphs, 600).match(/^(?:\s*\S+){500}/)[0];
const styled = restyle(message, model);
const quality = { personalized: styled, unpersonalized: message, groundTruth: model.groundTruth, includeRouge: true };

const pool = createStylePool({ threads: 2 });
const calls = {
  shared: {
    restyle: () => pool.restyle(message, model),
    quality: () => pool.qualityAnalytics(quality),
  },
  cloned: {
    // As before: the model without its ROUGE references (restyle never reads them), cloned each call.
    restyle: () => pool.run('restyle', [message, { ...model, groundTruth: { ...model.groundTruth, rouge: [] } }]),
    quality: () => pool.run('qualityAnalytics', [quality]),
  },
};

const rate = (run) => callsPerSecond(run, IN_FLIGHT, measureMs);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const results = { shared: { restyle: [], quality: [] }, cloned: { restyle: [], quality: [] } };
// Warm both paths (threads load wink and fill their caches).
for (const way of Object.values(calls)) for (const run of Object.values(way)) await Promise.all([run(), run(), run()]);
for (let round = 1; round <= rounds; round += 1) {
  for (const task of ['restyle', 'quality']) {
    for (const way of round % 2 ? ['shared', 'cloned'] : ['cloned', 'shared']) {
      results[way][task].push(await rate(calls[way][task]));
    }
  }
  console.error(`round ${round}: load ${loadavg()[0].toFixed(2)}`);
}
await pool.close();

const json = JSON.stringify(model);
console.log(`model: ${documents.length} documents, ${(json.length / 1024 / 1024).toFixed(2)} MiB as JSON`);
console.log('| call | cloned every call (calls/s) | shared by key (calls/s) | × |');
console.log('| --- | ---: | ---: | ---: |');
for (const task of ['restyle', 'quality']) {
  const cloned = median(results.cloned[task]);
  const shared = median(results.shared[task]);
  console.log(`| ${task} | ${cloned.toFixed(1)} | ${shared.toFixed(1)} | ${(shared / cloned).toFixed(2)} |`);
}
