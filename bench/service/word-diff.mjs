// Our word diff (include_compare_original) against the well-kept `diff` package's diffArrays on the
// same word sequences, in the same process: a 100,000-character text against its restyled version
// (many small edits), and against an unrelated text of the same size (the worst case a client can
// send). diffArrays runs synchronously, so its time is time the event loop is blocked; ours yields
// to the event loop every million steps.
// Run: npm run build && node bench/service/word-diff.mjs
import '../support/node-version.mjs';
import { diffArrays } from 'diff';
import { wordDiff } from '../../packages/service/dist/compare/word-diff.js';
import { fitStyle, restyle } from '../../packages/service/dist/index.js';
import { readFolder } from '../support/corpus.mjs';

const big = readFolder('ai-inputs').join('\n\n').repeat(4).slice(0, 100_000);
const darwin = readFolder('darwin-letters');
const styled = restyle(big, fitStyle(darwin.slice(0, 10)));
const unrelated = darwin.join('\n\n').slice(0, 100_000);
const words = (text) => text.split(/\s+/).filter(Boolean);

console.log('| texts | ours (ms) | longest event-loop block, ours (ms) | diff.diffArrays (ms, all blocking) | × |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [name, a, b] of [
  ['100,000 characters vs their restyled version', big, styled],
  ['100,000 characters vs an unrelated text', big, unrelated],
]) {
  // The longest gap between event-loop turns while ours runs.
  let longest = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  let start = performance.now();
  await wordDiff(a, b);
  const ours = performance.now() - start;
  clearInterval(ticker);
  start = performance.now();
  diffArrays(words(a), words(b));
  const theirs = performance.now() - start;
  console.log(
    `| ${name} | ${ours.toFixed(0)} | ${longest.toFixed(0)} | ${theirs.toFixed(0)} | ${(theirs / ours).toFixed(1)} |`,
  );
}
