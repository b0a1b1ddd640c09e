// Worst inputs for the restyle engine: texts of about 100,000 characters (the service's default
// limit) shaped to stress it, each timed against ordinary prose of the same size in the same process.
// Reported: restyle and analyzeText time per 1,000 words, and restyle's ratio to ordinary prose.
// The engine's work must stay bounded and close to linear whatever the text: every ratio near 1.
// Run: npm run build && node bench/style/worst-case.mjs [--chars 100000]
import '../support/node-version.mjs';
import { analyzeText, fitStyle, restyle } from '../../packages/service/dist/index.js';
import { readFolder, splitAuthor } from './corpora.mjs';

const charsFlag = process.argv.indexOf('--chars');
const CHARS = charsFlag > 0 ? Number(process.argv[charsFlag + 1]) : 100_000;
const RUNS = 3;

const paragraphs = readFolder('ai-inputs')
  .flatMap(({ text }) => text.split(/\n\s*\n/))
  .map((p) => p.trim())
  .filter((p) => /^[A-Z]/.test(p) && /[.!?]$/.test(p) && !p.includes('\n'));
const sentences = paragraphs.flatMap((p) => p.split(/(?<=[.!?])\s+(?=[A-Z])/));

/** Repeats `make(i)` pieces joined by `separator` until the text reaches CHARS characters. */
function fill(make, separator) {
  const out = [];
  let length = 0;
  for (let i = 0; length < CHARS; i += 1) {
    const piece = make(i);
    if (length + piece.length + separator.length > CHARS && out.length > 0) break;
    out.push(piece);
    length += piece.length + separator.length;
  }
  return out.join(separator);
}

const pick = (list) => (i) => list[i % list.length];
const shapes = {
  'ordinary prose': fill(pick(paragraphs), '\n\n'),
  'one short sentence repeated': fill(() => 'The cat sat.', ' '),
  'one huge sentence': `${fill((i) => pick(sentences)(i).replace(/[.!?]$/, ''), ', and ')}.`,
  'one huge paragraph': fill(pick(paragraphs), ' '),
  '10,000 tiny paragraphs': fill((i) => `${['Yes', 'Thanks', 'Noted', 'Agreed', 'Done'][i % 5]}.`, '\n\n'),
  'long lists': fill((i) => `- ${pick(sentences)(i)}`, '\n'),
  'deep Markdown': fill((i) => `${'> '.repeat(1 + (i % 12))}${'  '.repeat(i % 8)}- ${pick(sentences)(i)}`, '\n'),
};

const model = fitStyle(splitAuthor('austen-letters').train.map((f) => f.text));
const words = (text) => text.split(/\s+/).filter(Boolean).length;

function median(fn) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

// Warm up the JIT on ordinary prose first, so the first shape is not charged for compiling.
restyle(shapes['ordinary prose'], model);
const rows = [];
for (const [name, text] of Object.entries(shapes)) {
  const perK = 1000 / words(text);
  rows.push({
    name,
    chars: text.length,
    words: words(text),
    restyle: median(() => restyle(text, model)) * perK,
    analyze: median(() => analyzeText(text)) * perK,
  });
}
const prose = rows[0];
console.log(`Restyle and analyzeText on ${CHARS.toLocaleString('en')}-character inputs (median of ${RUNS} runs)\n`);
console.log('| input | characters | words | restyle ms / 1,000 words | × prose | analyzeText ms / 1,000 words |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.name} | ${row.chars} | ${row.words} | ${row.restyle.toFixed(1)} | ${(row.restyle / prose.restyle).toFixed(2)} | ${row.analyze.toFixed(1)} |`,
  );
}
