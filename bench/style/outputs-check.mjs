// Guard for optimisations of the style engine: restyle's outputs must not change. For each author
// of the corpora (fit on files 01–21), restyle each AI input and the 1,000-word cost text
// (restyle-cost.mjs), with matchOutputLength true and false, and either save the outputs to a
// snapshot or compare them byte for byte with a saved one.
// Run: npm run build && node bench/style/outputs-check.mjs --save /tmp/outputs.json
//      npm run build && node bench/style/outputs-check.mjs /tmp/outputs.json   (exit code 1 on any difference)
import '../support/node-version.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import { fitStyle, restyle } from '../../packages/service/dist/index.js';
import { authors, readFolder, splitAuthor } from './corpora.mjs';
import { costText } from './cost-text.mjs';

const args = process.argv.slice(2);
const save = args[0] === '--save';
const path = save ? args[1] : args[0];
if (path === undefined) {
  console.error('usage: node bench/style/outputs-check.mjs [--save] SNAPSHOT.json');
  process.exit(2);
}

const inputs = [...readFolder('ai-inputs'), { file: 'cost-text', text: costText().text }];
/** Key "author/input/matchOutputLength" → output text. */
const outputs = {};
const started = performance.now();
for (const name of authors()) {
  const model = fitStyle(splitAuthor(name).train.map((f) => f.text));
  for (const input of inputs) {
    for (const matchOutputLength of [true, false]) {
      outputs[`${name}/${input.file}/${matchOutputLength}`] = restyle(input.text, model, { matchOutputLength });
    }
  }
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);

if (save) {
  writeFileSync(path, `${JSON.stringify(outputs, null, 1)}\n`);
  console.log(`saved ${Object.keys(outputs).length} outputs to ${path} (${seconds} s)`);
} else {
  const expected = JSON.parse(readFileSync(path, 'utf8'));
  const keys = new Set([...Object.keys(expected), ...Object.keys(outputs)]);
  const differing = [...keys].filter((key) => expected[key] !== outputs[key]);
  for (const key of differing) console.log(`differs: ${key}`);
  console.log(`${keys.size - differing.length} of ${keys.size} outputs identical (${seconds} s)`);
  process.exitCode = differing.length === 0 ? 0 : 1;
}
