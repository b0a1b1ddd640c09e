// Checks that wink-nlp's minimal pipeline (sbd + pos, what Styler uses) gives exactly the tokens,
// types, tags and sentences of its default pipeline, on every document of the corpora, and times both.
// Run: node bench/accuracy/wink-pipeline.mjs
import '../support/node-version.mjs';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { authorFolders, readFolder, throughput } from '../support/corpus.mjs';

const full = winkNLP(model);
const minimal = winkNLP(model, ['sbd', 'pos']);
const its = full.its;
const documents = [...authorFolders(), 'ai-inputs'].flatMap((folder) => readFolder(folder));

let tokens = 0;
let differences = 0;
let sentenceDifferences = 0;
for (const text of documents) {
  const a = full.readDoc(text);
  const b = minimal.readDoc(text);
  const outs = (doc) => [doc.tokens().out(), doc.tokens().out(its.type), doc.tokens().out(its.pos)];
  const [va, ta, pa] = outs(a);
  const [vb, tb, pb] = outs(b);
  tokens += va.length;
  for (let i = 0; i < Math.max(va.length, vb.length); i += 1) {
    if (va[i] !== vb[i] || ta[i] !== tb[i] || pa[i] !== pb[i]) differences += 1;
  }
  if (JSON.stringify(a.sentences().out(its.span)) !== JSON.stringify(b.sentences().out(its.span)))
    sentenceDifferences += 1;
}
const sample = documents.slice(0, 20).join('\n\n');
const fullRate = throughput(() => full.readDoc(sample).tokens().out(its.pos));
const minimalRate = throughput(() => minimal.readDoc(sample).tokens().out(its.pos));
console.log(
  `${documents.length} documents, ${tokens} tokens: ${differences} token differences, ${sentenceDifferences} documents with different sentences`,
);
console.log(`tagging speed, minimal / default pipeline: ${(minimalRate / fullRate).toFixed(2)}x`);
