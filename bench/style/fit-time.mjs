// How long fitStyle takes on 100 documents of 1,000 words (the issue asks for seconds at most).
// Documents are built from the corpora's paragraphs, cycling through every author file, each cut at
// the paragraph that reaches 1,000 words. Run: npm run build && node bench/style/fit-time.mjs
import '../support/node-version.mjs';
import { performance } from 'node:perf_hooks';
import { fitStyle } from '../../packages/service/dist/index.js';
import { authors, readFolder } from './corpora.mjs';

const DOCUMENTS = 100;
const WORDS = 1000;
const paragraphs = authors().flatMap((name) =>
  readFolder(name).flatMap((f) => f.text.split(/\n\s*\n/).filter((p) => p.trim().length > 0)),
);
const documents = [];
let next = 0;
for (let d = 0; d < DOCUMENTS; d += 1) {
  const parts = [];
  let words = 0;
  while (words < WORDS) {
    const paragraph = paragraphs[next % paragraphs.length];
    next += 1;
    parts.push(paragraph);
    words += paragraph.split(/\s+/).filter(Boolean).length;
  }
  documents.push(parts.join('\n\n'));
}
const totalWords = documents.reduce((sum, doc) => sum + doc.split(/\s+/).filter(Boolean).length, 0);

fitStyle(documents.slice(0, 2)); // load the tagger model and WordNet-free paths once
const runs = [];
for (let i = 0; i < 3; i += 1) {
  const start = performance.now();
  fitStyle(documents);
  runs.push(performance.now() - start);
}
runs.sort((a, b) => a - b);
console.log(
  `fitStyle: ${DOCUMENTS} documents, ${totalWords} words: median ${(runs[1] / 1000).toFixed(2)} s (runs: ${runs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s)`,
);
