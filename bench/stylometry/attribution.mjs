// Attribution of held-out documents with the library's corpus analysis (styler corpus): each
// author's files 01–21 labelled, files 22–30 unknown, at several most-frequent-word counts; and
// the leave-one-out accuracy over the labelled files. Also: the same held-out attribution with one
// author's labelled files left out of the candidates, where its texts must go to someone else (how
// often they go to each remaining author is printed, as a check that nothing favours one author).
// Run: npm run build && node bench/stylometry/attribution.mjs
import '../support/node-version.mjs';
import { countWordForms, wordProfile } from '../../packages/analytics/dist/metrics/index.js';
import { analyzeCorpus } from '../../packages/research/dist/stylometry/index.js';
import { authors, splitAuthor } from '../style/corpora.mjs';

const names = authors();
const documents = [];
for (const author of names) {
  const { train, heldOut } = splitAuthor(author);
  for (const file of train)
    documents.push({ name: `${author}/${file.file}`, author, profile: wordProfile(countWordForms(file.text)) });
  for (const file of heldOut)
    documents.push({ name: `${author}/${file.file}`, truth: author, profile: wordProfile(countWordForms(file.text)) });
}

console.log('| most frequent words | held-out documents attributed right | leave-one-out accuracy | ms |');
console.log('| ---: | ---: | ---: | ---: |');
for (const mostFrequent of [50, 100, 200, 500]) {
  const start = performance.now();
  const analysis = analyzeCorpus(documents, { mostFrequent });
  const ms = performance.now() - start;
  const right = analysis.attribution.filter((entry) => entry.document.startsWith(`${entry.predicted}/`)).length;
  console.log(
    `| ${mostFrequent} | ${right} of ${analysis.attribution.length} (${((100 * right) / analysis.attribution.length).toFixed(1)} %) | ` +
      `${(100 * analysis.looAccuracy).toFixed(1)} % | ${ms.toFixed(0)} |`,
  );
}

console.log('\nOne author left out of the candidates (100 MFW): where its held-out texts go');
for (const left of names) {
  const kept = documents.filter(
    (document) => document.author !== left && (document.author !== undefined || document.truth === left),
  );
  const analysis = analyzeCorpus(kept, { mostFrequent: 100 });
  const counts = {};
  for (const entry of analysis.attribution) counts[entry.predicted] = (counts[entry.predicted] ?? 0) + 1;
  console.log(`  ${left}: ${JSON.stringify(counts)}`);
}
