// Where the remaining Delta lies: for every AI input restyled toward every development author, each
// of the 150 most frequent words' share of Burrows' Delta between the output and the author's profile
// (z-scores from the authors' held-out files 22–30, as delta.mjs), and how much of it the restyle
// removed. It says which words carry the distance a restyle leaves, and whether the engine's edits
// can reach them (contractions, connectives, relative pronouns, variants) or they are the text's
// content (pronouns of address, tense, topic words).
// Run: npm run build && node bench/style/headroom.mjs [--top N]
import '../support/node-version.mjs';
import { countWordForms, deltaReference } from '../../packages/analytics/dist/index.js';
import { deltaZScores } from '../../packages/analytics/dist/metrics/index.js';
import { restyles } from './changes.mjs';
import { authors, splitAuthor } from './corpora.mjs';
import { MOST_FREQUENT } from './delta.mjs';

const topAt = process.argv.indexOf('--top');
const TOP = topAt > 0 ? Number(process.argv[topAt + 1]) : 25;

const names = authors();
const documents = names.flatMap((author) =>
  splitAuthor(author).heldOut.map((file) => ({ author, counts: countWordForms(file.text) })),
);
const reference = deltaReference(
  documents.map((document) => document.counts),
  MOST_FREQUENT,
);
const profiles = Object.fromEntries(
  names.map((author) => {
    const own = documents
      .filter((document) => document.author === author)
      .map((d) => deltaZScores(d.counts, reference));
    return [author, reference.words.map((_, i) => own.reduce((sum, z) => sum + z[i], 0) / own.length)];
  }),
);

const restyled = restyles('ai');
/** Per word: its mean share of Delta(output, author), and the mean share removed (input's minus output's). */
const left = new Map();
const removed = new Map();
const share = 1 / reference.words.length / restyled.length;
for (const one of restyled) {
  const before = deltaZScores(countWordForms(one.text), reference);
  const after = deltaZScores(countWordForms(one.output), reference);
  const profile = profiles[one.author];
  reference.words.forEach((word, i) => {
    const distanceAfter = Math.abs(after[i] - profile[i]);
    left.set(word, (left.get(word) ?? 0) + distanceAfter * share);
    removed.set(word, (removed.get(word) ?? 0) + (Math.abs(before[i] - profile[i]) - distanceAfter) * share);
  });
}

const sum = (map) => [...map.values()].reduce((a, b) => a + b, 0);
const rank = (map, order) => [...map.entries()].sort((a, b) => order * (b[1] - a[1])).slice(0, TOP);
const cell = ([word, value]) => `${word} ${value.toFixed(4)}`;
console.log(
  `${restyled.length} restyles: mean Delta to the author ${(sum(left) + sum(removed)).toFixed(3)} → ${sum(left).toFixed(3)} (removed ${sum(removed).toFixed(4)})`,
);
console.log(`\nLargest shares left (share removed in brackets):`);
console.log(
  rank(left, 1)
    .map(([word, value]) => `${word} ${value.toFixed(4)} (${removed.get(word).toFixed(4)})`)
    .join(', '),
);
console.log(`\nMoved most toward the authors: ${rank(removed, 1).map(cell).join(', ')}`);
console.log(`\nMoved away: ${rank(removed, -1).map(cell).join(', ')}`);
