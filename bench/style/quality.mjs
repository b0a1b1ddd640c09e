// Proof of the style engine (docs/style-engine.md): for each author of the corpora, fit on the first
// 21 files, restyle every AI input with matchOutputLength true and false, and measure
// - per analytics group, how often and how much the text moved toward the author;
// - content kept (numbers, names, URLs) and ROUGE-1 recall of the output against the input;
// - attribution by Burrows' Delta (z-scores from the authors' files 22–30).
// Run: npm run build && node bench/style/quality.mjs [--json out.json] [--setting true|false]
//      STYLER_ENGINE_DIST=DIR fits and restyles with another engine build (as changes.mjs does);
//      the measures stay this checkout's. --setting runs one matchOutputLength setting only.
//      --pairs FILE writes one JSON line per (setting, author, input): the group improvements and the
//      output, to find the triples left worse than the input.
import '../support/node-version.mjs';
import { appendFileSync, writeFileSync } from 'node:fs';
import { qualityAnalytics, rouge } from '../../packages/service/dist/index.js';
import { fitStyle, restyle } from './changes.mjs';
import { authors, readFolder, splitAuthor } from './corpora.mjs';
import { contentKept } from './content.mjs';
import { deltaAttributor } from './delta.mjs';
import { groupImprovements } from '../../packages/engine/dist/style/optimizer/verify.js';

const names = authors();
const inputs = readFolder('ai-inputs');
const split = Object.fromEntries(names.map((name) => [name, splitAuthor(name)]));
const attributor = deltaAttributor(
  Object.fromEntries(names.map((name) => [name, split[name].heldOut.map((f) => f.text)])),
);

const results = { authors: names, inputs: inputs.length, mostFrequentWords: attributor.words.length, settings: {} };
// Delta of an author's own (training) documents to its profile: where a restyled text would arrive.
const ownDelta = Object.fromEntries(
  names.map((name) => {
    const own = split[name].train.map((file) => attributor.attribute(file.text).deltas[name]);
    return [name, own.reduce((a, b) => a + b, 0) / own.length];
  }),
);
const baseline = Object.fromEntries(inputs.map((input) => [input.file, attributor.attribute(input.text).author]));

const pairsAt = process.argv.indexOf('--pairs');
const pairsFile = pairsAt > 0 ? process.argv[pairsAt + 1] : undefined;
if (pairsFile) writeFileSync(pairsFile, '');
const settingAt = process.argv.indexOf('--setting');
const settings = settingAt > 0 ? [process.argv[settingAt + 1] === 'true'] : [true, false];
for (const matchOutputLength of settings) {
  const groups = {};
  let kept = 0;
  let total = 0;
  let recall = 0;
  let pairs = 0;
  let unpersonalizedHits = 0;
  let gapClosed = 0;
  let gapPairs = 0;
  let personalizedHits = 0;
  let lengthWithin = 0;
  const perAuthor = {};
  for (const name of names) {
    const model = fitStyle(split[name].train.map((f) => f.text));
    let authorHits = 0;
    for (const input of inputs) {
      const output = restyle(input.text, model, { matchOutputLength });
      const quality = qualityAnalytics({
        personalized: output,
        unpersonalized: input.text,
        groundTruth: model.groundTruth,
      });
      const improvements = groupImprovements(quality);
      if (pairsFile)
        appendFileSync(
          pairsFile,
          `${JSON.stringify({ matchOutputLength, author: name, input: input.file, improvements, output })}\n`,
        );
      for (const [group, value] of Object.entries(improvements)) {
        groups[group] ??= { positive: 0, sum: 0, count: 0 };
        groups[group].count += 1;
        groups[group].sum += value;
        if (value > 0) groups[group].positive += 1;
      }
      const content = contentKept(input.text, output);
      kept += content.kept;
      total += content.total;
      recall += rouge(input.text, output, { useStemmer: true }).rouge1.recall;
      const inputWords = input.text.split(/\s+/).filter(Boolean).length;
      const outputWords = output.split(/\s+/).filter(Boolean).length;
      if (Math.abs(outputWords - inputWords) <= 0.1 * inputWords) lengthWithin += 1;
      if (baseline[input.file] === name) unpersonalizedHits += 1;
      // Gap closed: how far the output moved from the input toward the author's own documents (by Delta).
      const before = attributor.attribute(input.text).deltas[name];
      const after = attributor.attribute(output).deltas[name];
      if (before > ownDelta[name]) {
        gapClosed += (before - after) / (before - ownDelta[name]);
        gapPairs += 1;
      }
      if (attributor.attribute(output).author === name) {
        personalizedHits += 1;
        authorHits += 1;
      }
      pairs += 1;
    }
    perAuthor[name] = {
      personalizedAttribution: authorHits / inputs.length,
      unpersonalizedAttribution: inputs.filter((i) => baseline[i.file] === name).length / inputs.length,
    };
  }
  const triples = Object.values(groups).reduce((sum, g) => sum + g.count, 0);
  const positive = Object.values(groups).reduce((sum, g) => sum + g.positive, 0);
  results.settings[String(matchOutputLength)] = {
    pairs,
    improvedTriples: positive / triples,
    groups: Object.fromEntries(
      Object.entries(groups).map(([group, g]) => [
        group,
        { improvedShare: g.positive / g.count, meanImprovement: g.sum / g.count },
      ]),
    ),
    contentKept: total === 0 ? 1 : kept / total,
    contentItems: total,
    rouge1Recall: recall / pairs,
    lengthWithin10Percent: lengthWithin / pairs,
    deltaGapClosed: gapPairs === 0 ? 0 : gapClosed / gapPairs,
    attribution: {
      unpersonalized: unpersonalizedHits / pairs,
      personalized: personalizedHits / pairs,
      chance: 1 / names.length,
      perAuthor,
    },
  };
}

const jsonAt = process.argv.indexOf('--json');
if (jsonAt > 0 && process.argv[jsonAt + 1])
  writeFileSync(process.argv[jsonAt + 1], `${JSON.stringify(results, null, 2)}\n`);
const pct = (x) => `${(100 * x).toFixed(1)} %`;
for (const [setting, r] of Object.entries(results.settings)) {
  console.log(`\nmatchOutputLength: ${setting} (${r.pairs} author × input pairs)`);
  console.log('| group | improved | mean improvement |\n| --- | ---: | ---: |');
  for (const [group, g] of Object.entries(r.groups))
    console.log(`| ${group} | ${pct(g.improvedShare)} | ${g.meanImprovement.toFixed(3)} |`);
  console.log(`| all (author, input, group) triples | ${pct(r.improvedTriples)} | |`);
  console.log(
    `content kept: ${pct(r.contentKept)} of ${r.contentItems} numbers, names and URLs; ROUGE-1 recall vs input: ${r.rouge1Recall.toFixed(3)}; word count within ±10 %: ${pct(r.lengthWithin10Percent)}`,
  );
  console.log(
    `attribution to the target author (Burrows' Delta, ${results.mostFrequentWords} MFW): unpersonalized ${pct(r.attribution.unpersonalized)}, personalized ${pct(r.attribution.personalized)}, chance ${pct(r.attribution.chance)}`,
  );
  console.log(
    `Delta to the target: ${pct(r.deltaGapClosed)} of the gap between input and the author's own documents closed`,
  );
  for (const [name, a] of Object.entries(r.attribution.perAuthor))
    console.log(`  ${name}: ${pct(a.unpersonalizedAttribution)} → ${pct(a.personalizedAttribution)}`);
}
