// stylo's methods on the Federalist papers, against the published result: Mosteller & Wallace (1964,
// Inference and Disputed Authorship: The Federalist) give all twelve disputed papers to Madison, and
// name "upon" as Hamilton's marker (3.24 per 1,000 words in his papers, 0.23 in Madison's) and
// "whilst" as Madison's (Hamilton writes "while").
// Training: Hamilton's 51 papers and Madison's 14 undisputed; test: the 12 disputed.
// Run: npm run build && node bench/stylometry/federalist.mjs PATH/TO/1404.txt [--folders DIR]
// --folders DIR also writes the papers as DIR/hamilton, DIR/madison and DIR/disputed (one .txt a
// paper), so that `styler corpus` reproduces the tables (docs/BENCHMARKS.md gives the commands).
// The classifiers run with the shared-words rule off (minShared 0, `--min-shared 0`): at 500 MFW
// the rule leaves the shorter papers unattributed, and the tables compare the methods on all twelve;
// how many papers the rule leaves out is printed beside them.
// (1404.txt: GitHub GITenberg/The-Federalist-Papers_1404, commit 7effe9c7518aa38e80f23664419a3e28b7993127.)
import '../support/node-version.mjs';
import { wordFormSequence } from '../../packages/analytics/dist/metrics/index.js';
import {
  classifyCorpus,
  classicalMds,
  craigZeta,
  DISTANCES,
  distanceMatrix,
  featureCounts,
  rollingDelta,
  spaceVector,
  verifyCorpus,
} from '../../packages/research/dist/stylometry/index.js';
import { deltaReference } from '../../packages/analytics/dist/metrics/index.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readFederalist } from './federalist-papers.mjs';

const path = process.argv[2];
if (!path) {
  console.error('usage: node bench/stylometry/federalist.mjs PATH/TO/1404.txt');
  process.exit(2);
}
const papers = readFederalist(path).map((paper) => ({ ...paper, words: wordFormSequence(paper.text) }));
const foldersAt = process.argv.indexOf('--folders');
if (foldersAt > 0) {
  const root = process.argv[foldersAt + 1];
  for (const paper of papers.filter((p) => ['hamilton', 'madison', 'disputed'].includes(p.author))) {
    mkdirSync(join(root, paper.author), { recursive: true });
    writeFileSync(join(root, paper.author, `${String(paper.number).padStart(2, '0')}.txt`), paper.text);
  }
  console.log(`wrote the papers of Hamilton, Madison and the disputed ones under ${root}\n`);
}
const known = papers.filter((p) => p.author === 'hamilton' || p.author === 'madison');
const disputed = papers.filter((p) => p.author === 'disputed');

function corpus(features = { kind: 'words' }) {
  return [
    ...known.map((p) => ({ name: `No. ${p.number}`, author: p.author, profile: featureCounts(p.words, features) })),
    ...disputed.map((p) => ({ name: `No. ${p.number}`, profile: featureCounts(p.words, features) })),
  ];
}

const percent = (x) => `${(100 * x).toFixed(1)} %`;
const madisonCount = (result) => result.attribution.filter((a) => a.label === 'madison').length;

console.log(
  `${papers.length} papers; training ${known.length} (Hamilton ${known.filter((p) => p.author === 'hamilton').length}, Madison ${known.filter((p) => p.author === 'madison').length}); disputed ${disputed.length}\n`,
);

// Mosteller & Wallace's markers, per 1,000 words.
const rate = (group, word) => {
  const words = group.flatMap((p) => p.words);
  return (1000 * words.filter((w) => w === word).length) / words.length;
};
console.log('| word | Hamilton | Madison | disputed | papers using it (H / M / disputed) |');
console.log('| --- | ---: | ---: | ---: | --- |');
const hamilton = known.filter((p) => p.author === 'hamilton');
const madison = known.filter((p) => p.author === 'madison');
for (const word of ['upon', 'whilst', 'while', 'enough', 'on', 'by', 'there']) {
  const using = (group) => group.filter((p) => p.words.includes(word)).length;
  console.log(
    `| ${word} | ${rate(hamilton, word).toFixed(2)} | ${rate(madison, word).toFixed(2)} | ${rate(disputed, word).toFixed(2)} | ${using(hamilton)}/${hamilton.length} / ${using(madison)}/${madison.length} / ${using(disputed)}/${disputed.length} |`,
  );
}

console.log('\nDisputed papers given to Madison (of 12), and 5-fold cross-validation on the 65 known papers:\n');
console.log('| features | MFW | classifier | distance | disputed → Madison | CV accuracy | CV recall H / M | ms |');
console.log('| --- | ---: | --- | --- | ---: | ---: | --- | ---: |');
const rows = [];
for (const [label, features] of [
  ['words', { kind: 'words' }],
  ['word 2-grams', { kind: 'word-ngrams', n: 2 }],
  ['char 3-grams', { kind: 'char-ngrams', n: 3 }],
]) {
  const documents = corpus(features);
  for (const mostFrequent of [100, 500]) {
    const ruled = classifyCorpus(documents, { mostFrequent });
    const refused = ruled.attribution.filter((a) => a.reason !== undefined).map((a) => a.document);
    console.log(
      `| ${label} | ${mostFrequent} | shared-words rule (--min-shared 0.5) | – | ${refused.length} not attributed${refused.length > 0 ? `: ${refused.join(', ')}` : ''} | | | |`,
    );
    const runs = [
      ...DISTANCES.map((distance) => ['centroid', distance]),
      ...DISTANCES.map((distance) => ['nearest', distance]),
      ['knn', 'burrows'],
      ['nsc', null],
      ['svm', null],
    ];
    for (const [classifier, distance] of runs) {
      if (label !== 'words' && distance !== null && !['burrows', 'cosine', 'minmax'].includes(distance)) continue;
      const start = performance.now();
      const result = classifyCorpus(documents, {
        classifier,
        ...(distance !== null && { distance }),
        mostFrequent,
        folds: 5,
        seed: 1,
        k: 3,
        minShared: 0,
      });
      const ms = performance.now() - start;
      const cv = result.crossValidation.metrics;
      rows.push({ label, mostFrequent, classifier, distance, madison: madisonCount(result), result });
      console.log(
        `| ${label} | ${mostFrequent} | ${classifier} | ${distance ?? '–'} | ${madisonCount(result)} | ${percent(cv.accuracy)} | ${percent(cv.perClass.hamilton.recall)} / ${percent(cv.perClass.madison.recall)} | ${ms.toFixed(0)} |`,
      );
    }
  }
}

const nsc = classifyCorpus(corpus(), { classifier: 'nsc', mostFrequent: 500, minShared: 0 });
console.log('\nNSC (500 MFW, Δ = 1) posterior of Madison per disputed paper:');
console.log(nsc.attribution.map((a) => `${a.document}: ${a.probabilities.madison.toFixed(3)}`).join(', '));

// Imposters: each disputed paper, Madison as candidate against Hamilton's papers, and the reverse.
const verification = verifyCorpus(corpus(), { mostFrequent: 500, iterations: 100, seed: 1, minShared: 0 });
console.log('\nImposters (500 MFW, 100 rounds, Burrows), score with Madison / Hamilton as candidate:');
console.log(
  verification.scores
    .map((s) => `${s.document}: ${s.scores.madison.toFixed(2)} / ${s.scores.hamilton.toFixed(2)}`)
    .join(', '),
);
const minmax = verifyCorpus(corpus(), {
  mostFrequent: 500,
  iterations: 100,
  seed: 1,
  distance: 'minmax',
  minShared: 0,
});
console.log('Imposters, min-max distance (Koppel & Winter): Madison / Hamilton');
console.log(
  minmax.scores
    .map((s) => `${s.document}: ${s.scores.madison.toFixed(2)} / ${s.scores.hamilton.toFixed(2)}`)
    .join(', '),
);

// Craig's Zeta: Hamilton's papers against Madison's, slices of 1,000 words.
const zeta = craigZeta(
  hamilton.map((p) => ({ name: `No. ${p.number}`, words: p.words })),
  madison.map((p) => ({ name: `No. ${p.number}`, words: p.words })),
  { sliceLength: 1000 },
  disputed.map((p) => ({ name: `No. ${p.number}`, words: p.words })),
);
const show = (words) =>
  words
    .slice(0, 15)
    .map((w) => `${w.word} (${w.score.toFixed(2)})`)
    .join(', ');
console.log(
  `\nCraig's Zeta, Hamilton (${zeta.slices.primary} slices) against Madison (${zeta.slices.secondary} slices of 1,000 words):`,
);
console.log(`  preferred by Hamilton: ${show(zeta.preferred)}`);
console.log(`  preferred by Madison:  ${show(zeta.avoided)}`);
const mean = (markers, key) => markers.reduce((sum, m) => sum + m[key], 0) / markers.length;
for (const group of ['primary', 'secondary', 'test']) {
  const markers = zeta.markers.filter((m) => m.group === group);
  console.log(
    `  ${group === 'primary' ? 'Hamilton' : group === 'secondary' ? 'Madison' : 'disputed'} slices: ${markers.length}, mean share of Hamilton's markers ${mean(markers, 'preferred').toFixed(3)}, of Madison's ${mean(markers, 'avoided').toFixed(3)}`,
  );
}
const disputedMarkers = zeta.markers.filter((m) => m.group === 'test');
console.log(
  `  disputed slices nearer Madison's markers than Hamilton's: ${disputedMarkers.filter((m) => m.avoided > m.preferred).length} of ${disputedMarkers.length}`,
);

// Rolling Delta through the joint papers 18–20 ("Madison, with Hamilton") against the two authors.
const joint = papers.filter((p) => p.author === 'joint').flatMap((p) => p.words);
const rolling = rollingDelta(
  joint,
  corpus().filter((d) => d.author !== undefined),
  { window: 1000, step: 250, mostFrequent: 100, minShared: 0 },
);
const nearerMadison = rolling.windows.filter((w) => w.nearest === 'madison').length;
console.log(
  `\nRolling Delta over Nos. 18–20 (${joint.length} words, windows of 1,000 by 250): ${nearerMadison} of ${rolling.windows.length} windows nearer Madison`,
);

// MDS of the 77 papers (Burrows' Delta, 100 MFW): where the disputed papers lie on the first axis.
const all = corpus();
const reference = deltaReference(
  all.filter((d) => d.author).map((d) => d.profile),
  100,
);
const mds = classicalMds(
  distanceMatrix(
    all.map((d) => spaceVector(d.profile, reference)),
    'burrows',
  ),
  2,
);
const axis = (author) => {
  const values = all.map((d, i) => [d.author ?? 'disputed', mds.coordinates[i][0]]).filter(([a]) => a === author);
  return values.reduce((sum, [, x]) => sum + x, 0) / values.length;
};
console.log(
  `\nMDS (Burrows' Delta, 100 MFW), mean first coordinate: Hamilton ${axis('hamilton').toFixed(3)}, Madison ${axis('madison').toFixed(3)}, disputed ${axis('disputed').toFixed(3)}; fit ${mds.fit.map((f) => f.toFixed(3)).join(' / ')}`,
);
console.log(
  `\nAll twelve disputed papers to Madison in ${rows.filter((r) => r.madison === 12).length} of ${rows.length} runs; papers given to Hamilton most often: ${JSON.stringify(
    Object.entries(
      rows
        .flatMap((r) => r.result.attribution.filter((a) => a.label === 'hamilton').map((a) => a.document))
        .reduce((counts, name) => ({ ...counts, [name]: (counts[name] ?? 0) + 1 }), {}),
    ).sort((a, b) => b[1] - a[1]),
  )}`,
);
