// stylo's classifiers and distances on the development corpora: each author's files 01–21
// labelled, files 22–30 held out (45 texts of 5 authors), as bench/stylometry/attribution.mjs; per
// method the held-out texts attributed right and a 5-fold cross-validation of the 105 labelled files.
// Run: npm run build && node bench/stylometry/classifiers.mjs
import '../support/node-version.mjs';
import { countWordForms, wordProfile } from '../../packages/analytics/dist/metrics/index.js';
import { classifyCorpus, DISTANCES } from '../../packages/research/dist/stylometry/index.js';
import { authors, splitAuthor } from '../style/corpora.mjs';

const documents = [];
for (const author of authors()) {
  const { train, heldOut } = splitAuthor(author);
  for (const file of train)
    documents.push({ name: `${author}/${file.file}`, author, profile: wordProfile(countWordForms(file.text)) });
  for (const file of heldOut)
    documents.push({ name: `${author}/${file.file}`, profile: wordProfile(countWordForms(file.text)) });
}

const runs = [
  ...DISTANCES.map((distance) => ['centroid', distance]),
  ...DISTANCES.map((distance) => ['nearest', distance]),
  ['knn', 'burrows'],
  ['nsc', null],
  ['svm', null],
];
console.log('| classifier | distance | MFW | held-out right (of 45) | 5-fold CV accuracy | CV macro recall | ms |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
for (const mostFrequent of [100, 500]) {
  for (const [classifier, distance] of runs) {
    const start = performance.now();
    const result = classifyCorpus(documents, {
      classifier,
      ...(distance !== null && { distance }),
      mostFrequent,
      folds: 5,
      seed: 1,
    });
    const ms = performance.now() - start;
    const right = result.attribution.filter((entry) => entry.document.startsWith(`${entry.label}/`)).length;
    const cv = result.crossValidation.metrics;
    console.log(
      `| ${classifier} | ${distance ?? '–'} | ${mostFrequent} | ${right} | ${(100 * cv.accuracy).toFixed(1)} % | ${(100 * cv.macro.recall).toFixed(1)} % | ${ms.toFixed(0)} |`,
    );
  }
}
