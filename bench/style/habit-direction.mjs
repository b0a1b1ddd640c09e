// Does each habit the engine edits move toward the author, and not past? For every (author, input)
// pair, the habit's rate is measured on the running prose (changes.mjs runningProseOf: the engine's
// own rule, which its direction gate counts by; headings, list items, labels, greetings and e-mail
// header lines are layout, not habits) of the input, of the engine's output and of the author's
// training files (01–21, what the model is fit on), by counters written here, apart from the
// engine's own tokenizer: dashes (em, en, spaced hyphen, double hyphen), semicolons, colons (not in
// times such as 2:30) and parentheses per 1,000 words, the share of places a contraction fits that
// are contracted (percent), and mean words per sentence. Over the (pair, habit) cases where input and author differ (by more than a tenth of
// the author's rate, or 0.5 per 1,000 words where the author's rate is near zero), it reports the
// mean share of the distance closed, (|input − author| − |output − author|) / |input − author|, the
// cases moved away (output farther from the author than the input; and beyond what a change of length
// or of the places counted alone does) and past (output on the other side of the author's rate by more
// than half the step one use makes), per habit. Inputs: the AI inputs toward every
// author, and literary prose: each author's first two held-out files (22, 23) toward every other
// author. Also counts pairs of different targets whose outputs are byte-identical though the input
// changed for at least one of them.
//
// Run: npm run build && node bench/style/habit-direction.mjs [--json out.json]
//      STYLER_ENGINE_DIST=DIR runs another engine build (as changes.mjs does), for a before/after.
import '../support/node-version.mjs';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { modelOf, restyle, runningProseOf } from './changes.mjs';
import { authors, readFolder, splitAuthor } from './corpora.mjs';

const HABITS = Object.freeze({
  dashes: (text) => text.match(/—|–| - | -- |--/gu)?.length ?? 0,
  semicolons: (text) => text.match(/;/gu)?.length ?? 0,
  colons: (text) => text.match(/(?<!\d):(?!\d)/gu)?.length ?? 0,
  parentheses: (text) => text.match(/\(/gu)?.length ?? 0,
});
// Places a contraction fits, written either way: "n't" or "not" after an auxiliary, a pronoun (or
// "here", "there", "what") with "am", "are", "have", "will" or "is", and "let us" (written out or
// contracted; each form counted both ways, so that "I've" and "I have" are one place).
const AUXILIARY = 'do|does|did|is|are|was|were|has|have|had|will|would|could|should|must|need|ca|wo';
const CONTRACTED_PLACE = new RegExp(
  `\\b(?:${AUXILIARY})n['’]t\\b|\\b(?:i|you|we|they)['’](?:m|re|ve|ll)\\b|\\b(?:he|she|it|that|there|here|what)['’](?:s|ll)\\b|\\blet['’]s\\b`,
  'giu',
);
const FULL_PLACE = new RegExp(
  `\\b(?:${AUXILIARY.replace('|ca|wo', '')}) not\\b|\\bcannot\\b|\\b(?:i (?:am|have|will)|(?:you|we|they) (?:are|have|will)|(?:he|she|it|that|there|here|what) (?:is|will)|let us)\\b`,
  'giu',
);

/** The share of places a contraction fits that are written contracted, and how many places. */
function contractionShare(text) {
  const contracted = text.match(CONTRACTED_PLACE)?.length ?? 0;
  const full = text.match(FULL_PLACE)?.length ?? 0;
  return { share: contracted / Math.max(1, contracted + full), places: contracted + full };
}

const wordsIn = (text) => text.split(/\s+/u).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
// runningProseOf writes one sentence a line, as the rule that picks running prose split them (the
// tagger's sentences): a full stop after "Mr." or "Dr." ends no sentence there, nor here.
const sentencesIn = (text) => text.split('\n').filter((sentence) => /\p{L}/u.test(sentence)).length;

/**
 * Per-1,000-word rates of each habit, and mean words per sentence, of some texts together, with the
 * step one use moves each (`units`): a text can only land on its own steps, so landing within half a
 * step of the author's rate is reaching it.
 */
export function habitRates(texts) {
  const joined = texts.map(runningProseOf).join('\n');
  const words = Math.max(1, wordsIn(joined));
  const sentences = Math.max(1, sentencesIn(joined));
  const rates = Object.fromEntries(
    Object.entries(HABITS).map(([habit, count]) => [habit, (1000 * count(joined)) / words]),
  );
  const units = Object.fromEntries(Object.keys(HABITS).map((habit) => [habit, 1000 / words]));
  rates.sentenceLength = words / sentences;
  units.sentenceLength = words / sentences / sentences;
  // Per place, as a share in percent; a text without a place says nothing of the habit.
  const contractions = contractionShare(joined);
  if (contractions.places > 0) {
    rates.contractionsPerPlace = 100 * contractions.share;
    units.contractionsPerPlace = 100 / contractions.places;
  }
  return { rates, units };
}

/** Whether input and author differ enough for a case: a tenth of the author's rate, at least 0.5. */
function differs(input, author) {
  return Math.abs(input - author) > Math.max(0.5, 0.1 * Math.abs(author));
}

/**
 * A change of length alone moves every rate a little (a text 2 % longer has 2 % fewer dashes per
 * 1,000 words): "away beyond length" leaves out the cases that moved away by less than that.
 */
const LENGTH_DRIFT = 0.03;

/** `unit`: the output's step (see habitRates); past means beyond half a step on the other side. */
function judge(input, output, author, unit) {
  const before = Math.abs(input - author);
  const after = Math.abs(output - author);
  return {
    closed: (before - after) / before,
    away: after > before + 1e-9,
    awayBeyondLength: after > before + Math.max(LENGTH_DRIFT * Math.abs(input), unit / 2),
    past: Math.sign(output - author) !== Math.sign(input - author) && after > unit / 2,
  };
}

function summarize(cases) {
  const byHabit = {};
  for (const one of cases) (byHabit[one.habit] ??= []).push(one);
  const line = (list) => ({
    cases: list.length,
    meanClosed: list.reduce((sum, one) => sum + one.closed, 0) / Math.max(1, list.length),
    away: list.filter((one) => one.away).length,
    awayBeyondLength: list.filter((one) => one.awayBeyondLength).length,
    past: list.filter((one) => one.past).length,
  });
  return { all: line(cases), perHabit: Object.fromEntries(Object.entries(byHabit).map(([h, l]) => [h, line(l)])) };
}

function printSummary(title, summary) {
  console.log(`\n${title}: ${summary.all.cases} (pair, habit) cases where input and author differ`);
  console.log('| habit | cases | mean share closed | moved away | away beyond a length drift | past the author |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [habit, s] of [...Object.entries(summary.perHabit), ['all', summary.all]]) {
    console.log(
      `| ${habit} | ${s.cases} | ${s.meanClosed.toFixed(2)} | ${s.away} | ${s.awayBeyondLength} | ${s.past} |`,
    );
  }
}

function main() {
  const { values } = parseArgs({ options: { json: { type: 'string' } } });
  const everyAuthor = authors();
  const authorRates = Object.fromEntries(
    everyAuthor.map((name) => [name, habitRates(splitAuthor(name).train.map((f) => f.text)).rates]),
  );
  const aiInputs = readFolder('ai-inputs').map((f) => ({ id: `ai-inputs/${f.file}`, text: f.text, from: undefined }));
  const literary = everyAuthor.flatMap((name) =>
    splitAuthor(name)
      .heldOut.slice(0, 2)
      .map((f) => ({ id: `${name}/${f.file}`, text: f.text, from: name })),
  );
  const results = { ai: [], literary: [] };
  let identical = 0;
  for (const [kind, inputs] of [
    ['ai', aiInputs],
    ['literary', literary],
  ]) {
    for (const input of inputs) {
      const inputRates = habitRates([input.text]).rates;
      const outputs = new Map();
      for (const target of everyAuthor) {
        if (target === input.from) continue;
        const output = restyle(input.text, modelOf(target));
        if (output !== input.text) {
          if ([...outputs.values()].includes(output)) identical += 1;
          outputs.set(target, output);
        }
        const { rates: outputRates, units } = habitRates([output]);
        for (const habit of Object.keys(inputRates)) {
          if (outputRates[habit] === undefined || authorRates[target][habit] === undefined) continue;
          if (!differs(inputRates[habit], authorRates[target][habit])) continue;
          results[kind].push({
            input: input.id,
            target,
            habit,
            inputRate: inputRates[habit],
            outputRate: outputRates[habit],
            authorRate: authorRates[target][habit],
            ...judge(inputRates[habit], outputRates[habit], authorRates[target][habit], units[habit]),
          });
        }
      }
    }
  }
  const summaries = { ai: summarize(results.ai), literary: summarize(results.literary) };
  printSummary('AI inputs', summaries.ai);
  printSummary('Literary prose (held-out files 22–23 toward the other authors)', summaries.literary);
  console.log(`\nOutputs byte-identical to another target's output of the same input (input changed): ${identical}`);
  if (values.json) writeFileSync(values.json, `${JSON.stringify({ summaries, results, identical }, null, 2)}\n`);
}

main();
