// qualityAnalytics throughput as a ratio to a bare wink-nlp tagging pass, peers, and pool scaling.
// Run: npm run build && node bench/analytics.mjs
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import readability from 'text-readability';
import * as jsRouge from 'js-rouge';
import nlpCompromise from 'compromise';
import {
  analyzeText,
  buildGroundTruth,
  classifySentence,
  createAnalyticsPool,
  fleschReadingEase,
  qualityAnalytics,
  rouge,
} from '../packages/service/dist/index.js';
import { allParagraphs, throughput, textOfWords } from './support/corpus.mjs';

const paragraphs = allParagraphs();
const personalized = textOfWords(paragraphs, 1000, 0);
const unpersonalized = textOfWords(paragraphs, 1000, 400);
const truthDocs = Array.from({ length: 100 }, (_, i) => textOfWords(paragraphs, 1000, 37 * i + 11));
const groundTruth = buildGroundTruth(truthDocs);

// Two baselines: wink's default pipeline (what `winkNLP(model)` gives a user) and the minimal
// sentence + POS pipeline that Styler itself runs (the stricter one).
const nlp = winkNLP(model);
const minimalNlp = winkNLP(model, ['sbd', 'pos']);
const its = nlp.its;
const bareTagging = () => {
  for (const text of [personalized, unpersonalized]) nlp.readDoc(text).tokens().out(its.pos);
};
const minimalTagging = () => {
  for (const text of [personalized, unpersonalized]) minimalNlp.readDoc(text).tokens().out(its.pos);
};

// The rows above re-read the same two texts, which flatters the bare instance (it keeps every word
// it has met) against Styler's reader (which forgets them between texts). A service sees new texts:
// these rows give each call the next pair of 1,200 distinct texts, the same sequence for both.
const freshTexts = Array.from({ length: 1200 }, (_, i) => textOfWords(paragraphs, 1000, 53 * i + 7));
const freshPairs = () => {
  let next = 0;
  return () => {
    const pair = [freshTexts[next % freshTexts.length], freshTexts[(next + 1) % freshTexts.length]];
    next += 2;
    return pair;
  };
};
const freshBaseNext = freshPairs();
const freshQualityNext = freshPairs();
const freshBareTagging = () => {
  for (const text of freshBaseNext()) nlp.readDoc(text).tokens().out(its.pos);
};
const freshQuality = () => {
  const [a, b] = freshQualityNext();
  qualityAnalytics({ personalized: a, unpersonalized: b, groundTruth });
};

const results = [];
const row = (name, value, note = '') => results.push(`| ${name} | ${value} | ${note} |`);

// Interleave the measurements so that load on a shared machine hits all of them alike.
const rates = { base: [], minimal: [], without: [], with: [], freshBase: [], freshWithout: [] };
for (let round = 0; round < 5; round += 1) {
  rates.base.push(throughput(bareTagging, 600));
  rates.minimal.push(throughput(minimalTagging, 600));
  rates.without.push(throughput(() => qualityAnalytics({ personalized, unpersonalized, groundTruth }), 600));
  rates.with.push(
    throughput(() => qualityAnalytics({ personalized, unpersonalized, groundTruth, includeRouge: true }), 600),
  );
  rates.freshBase.push(throughput(freshBareTagging, 600));
  rates.freshWithout.push(throughput(freshQuality, 600));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const base = median(rates.base);
const minimal = median(rates.minimal);
const withoutRouge = median(rates.without);
const withRouge = median(rates.with);
row('bare wink tagging of both texts, default pipeline (baseline)', `${base.toFixed(1)} calls/s`, '1.00');
row(
  'bare wink tagging of both texts, sbd + pos pipeline',
  `${minimal.toFixed(1)} calls/s`,
  (minimal / base).toFixed(2),
);
row(
  'qualityAnalytics, no ROUGE',
  `${withoutRouge.toFixed(1)} calls/s`,
  `${(withoutRouge / base).toFixed(2)} of baseline (goal ≥ 0.75); ${(withoutRouge / minimal).toFixed(2)} of sbd + pos tagging`,
);
row(
  'qualityAnalytics, with ROUGE vs 100 refs',
  `${withRouge.toFixed(1)} calls/s`,
  `${(withRouge / base).toFixed(2)} of baseline (goal ≥ 0.5); ${(withRouge / minimal).toFixed(2)} of sbd + pos tagging`,
);

const freshBase = median(rates.freshBase);
const freshWithout = median(rates.freshWithout);
row(
  'fresh texts: bare wink tagging of a new pair each call, default pipeline',
  `${freshBase.toFixed(1)} calls/s`,
  '1.00',
);
row(
  'fresh texts: qualityAnalytics of a new pair each call, no ROUGE',
  `${freshWithout.toFixed(1)} calls/s`,
  `${(freshWithout / freshBase).toFixed(2)} of fresh-text baseline`,
);

// Peers on the same text: our time as a ratio to theirs (below 1: we are faster).
const sentences = personalized.split(/(?<=[.!?])\s+/).filter((s) => s.length > 0);
const ourFlesch = throughput(() => fleschReadingEase(analyzeText(personalized)));
const theirFlesch = throughput(() => readability.fleschReadingEase(personalized));
row(
  'Flesch: ours (full analyzeText) vs text-readability',
  `${(theirFlesch / ourFlesch).toFixed(2)}× their time`,
  `${ourFlesch.toFixed(1)} vs ${theirFlesch.toFixed(1)} texts/s`,
);
const ourRougeL = throughput(() => rouge(unpersonalized, personalized, { useStemmer: false }));
const theirRougeL = throughput(() => jsRouge.l(personalized, unpersonalized, {}));
row(
  'ROUGE-L: ours (all four ROUGE types) vs js-rouge l()',
  `${(theirRougeL / ourRougeL).toFixed(3)}× their time`,
  `${ourRougeL.toFixed(1)} vs ${theirRougeL.toFixed(1)} pairs/s`,
);
const ourPassive = throughput(() => {
  for (const s of sentences) classifySentence(s);
});
const theirPassive = throughput(() => {
  for (const s of sentences) nlpCompromise(s).has('#Passive');
});
row(
  'passive detection per sentence: ours (voice + structure) vs compromise',
  `${(theirPassive / ourPassive).toFixed(2)}× their time`,
  `${sentences.length} sentences; ${ourPassive.toFixed(1)} vs ${theirPassive.toFixed(1)} passes/s`,
);

// Pool scaling: documents per second through analyzeText.
for (const threads of [1, 2]) {
  const pool = createAnalyticsPool({ threads, maxQueue: 1000 });
  // Warm every worker (model loading is a one-off cost), then time three passes over the documents.
  await Promise.all(truthDocs.slice(0, threads * 4).map((d) => pool.analyzeText(d)));
  const start = performance.now();
  const documents = [...truthDocs, ...truthDocs, ...truthDocs];
  await Promise.all(documents.map((d) => pool.analyzeText(d)));
  const perSecond = (documents.length * 1000) / (performance.now() - start);
  row(`pool analyzeText, ${threads} thread(s)`, `${perSecond.toFixed(1)} docs/s`, '1,000-word documents');
  await pool.close();
}

console.log(`Node ${process.version}, ${truthDocs.length} ground-truth documents of ~1,000 words\n`);
console.log('| measure | result | ratio / note |\n|---|---:|---|');
console.log(results.join('\n'));
