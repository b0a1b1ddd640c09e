// Long runs without whitespace against prose of the same length: analyzeText's CPU time on 32 KB
// of prose, on 32 KB that is one base64 run, on 32 KB of 100-character base64 runs (the longest
// the tagger still reads itself), on one 32 KB URL, and on a 5 MB base64 blob (goal: a 32 KB token
// ≤ 5 × the prose; the blob in seconds), and wink's own tokenizer on the 32 KB run as the baseline. CPU time, which other processes on the machine do not change.
// Run: npm run build && node bench/analytics-long-tokens.mjs [runs=5]
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus } from 'node:os';
import { analyzeText } from '../packages/analytics/dist/index.js';
import { readFolder } from './support/corpus.mjs';
import { medianCpuMs } from './support/cpu.mjs';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

const runs = Number(process.argv[2] ?? 5);
const SIZE = 32 * 1024;
const prose = readFolder('darwin-letters').join('\n\n').slice(0, SIZE);
const base64 = (length) =>
  randomBytes(Math.ceil((length * 3) / 4))
    .toString('base64')
    .slice(0, length);
const cases = [
  ['prose (darwin-letters)', prose],
  ['one base64 run', base64(SIZE)],
  ['100-character base64 runs', Array.from({ length: SIZE / 101 }, () => base64(100)).join(' ')],
  ['one URL', `https://example.org/${'path/to-a-page_'.repeat(SIZE / 15)}`.slice(0, SIZE)],
];
analyzeText('Warm up. The models load now.');
console.log(
  `Machine: ${availableParallelism()} vCPU ${cpus()[0]?.model.trim()}, Node ${process.version}; median of ${runs}.`,
);
console.log('');
console.log('| text (32 KB) | CPU ms | × prose |');
console.log('|---|---:|---:|');
const proseMs = medianCpuMs(() => analyzeText(prose), runs);
for (const [name, text] of cases) {
  const ms = name.startsWith('prose') ? proseMs : medianCpuMs(() => analyzeText(text), runs);
  console.log(`| ${name} | ${ms.toFixed(1)} | ${(ms / proseMs).toFixed(2)} |`);
}
// The baseline: wink's own tokenizer on the one run, as the tagger read it before runs were masked.
const wink = winkNLP(model, ['sbd', 'pos']);
const unguarded = medianCpuMs(() => wink.readDoc(cases[1][1]), 1, 0);
console.log(
  `| one base64 run, read by wink itself (no mask) | ${unguarded.toFixed(0)} | ${(unguarded / proseMs).toFixed(1)} |`,
);
const blob = base64(5_000_000);
console.log(`| a 5 MB base64 blob | ${medianCpuMs(() => analyzeText(blob), 1, 0).toFixed(0)} | (one run) |`);
