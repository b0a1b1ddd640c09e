// Styler's sentence voice and structure classifiers, and the wink UPOS tagger, measured against the
// UD English EWT dev gold labels (fixtures/gold/ud-ewt-dev.jsonl), with compromise and
// retext-passive as peers for voice. "Styler" is the production classifier (rules + learned
// decision), "Styler rules" the rules alone. Prints markdown tables.
// The other treebanks and EWT train: bench/accuracy/treebanks.mjs.
// Run: npm run build && node bench/accuracy/gold.mjs
import '../support/node-version.mjs';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import nlpCompromise from 'compromise';
import { retext } from 'retext';
import retextPassive from 'retext-passive';
import { SENTENCE_STRUCTURES, SENTENCE_VOICES, UPOS_TAGS } from '../../packages/analytics/dist/metrics/index.js';
import { classifyTokens, classifyTokensByRules, tagSentence } from '../../packages/analytics/dist/nlp/index.js';
import {
  accuracy,
  classScores,
  confusion,
  confusionTable,
  fmt,
  pct,
  perClassTable,
  table,
} from './classification-metrics.mjs';
import { measureUpos } from './upos-alignment.mjs';

// The class and tag lists are the library's own (built), so the bench can never drift from them.
const STRUCTURES = SENTENCE_STRUCTURES;
const VOICES = SENTENCE_VOICES;
const UPOS = UPOS_TAGS;
const MAIN_TAGS = ['NOUN', 'PROPN', 'VERB', 'AUX', 'ADJ', 'ADV', 'PRON', 'DET', 'ADP', 'PART', 'SCONJ', 'CCONJ'];

const gold = readFileSync(
  new URL('../../packages/analytics/test/fixtures/gold/ud-ewt-dev.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));

/** Runs `classify` over every gold sentence (after one warm-up pass); returns predictions and seconds taken. */
async function timed(classify) {
  for (const sentence of gold) await classify(sentence.text);
  const start = performance.now();
  const out = [];
  for (const sentence of gold) out.push(await classify(sentence.text));
  return { predictions: out, seconds: (performance.now() - start) / 1000 };
}

// compromise 14 has no sentences().isPassive(); its verb parser reports `grammar.passive`
// (forms "was #Passive", "is being #Passive", "has been #Passive", "will be #Passive" ...).
const compromiseVoice = (text) =>
  nlpCompromise(text)
    .verbs()
    .json()
    .some((verb) => verb.verb?.grammar?.passive === true)
    ? 'passive'
    : 'active';
const retextProcessor = retext().use(retextPassive);
const retextVoice = async (text) => ((await retextProcessor.process(text)).messages.length > 0 ? 'passive' : 'active');

// classifySentence(text) is exactly classifyTokens(tagSentence(text)); this form also gives the clause counts.
/** Styler with and without the learned decision, timed alternately three times each; the fastest run counts. */
async function fastestOfThree(...classifiers) {
  const best = classifiers.map(() => null);
  for (let round = 0; round < 3; round += 1) {
    for (const [i, classify] of classifiers.entries()) {
      const run = await timed(classify);
      if (best[i] === null || run.seconds < best[i].seconds) best[i] = run;
    }
  }
  return best;
}
const [styler, stylerRules] = await fastestOfThree(
  (text) => classifyTokens(tagSentence(text)),
  (text) => classifyTokensByRules(tagSentence(text)),
);
const compromise = await timed(compromiseVoice);
const retextRun = await timed(retextVoice);

const goldVoice = gold.map((g) => g.voice);
const goldStructure = gold.map((g) => g.structure);
const stylerVoice = styler.predictions.map((p) => p.voice);
const stylerStructure = styler.predictions.map((p) => p.structure);
const rulesVoice = stylerRules.predictions.map((p) => p.voice);
const rulesStructure = stylerRules.predictions.map((p) => p.structure);
const voiceSystems = [
  { name: 'Styler', predictions: stylerVoice, seconds: styler.seconds },
  { name: 'Styler rules', predictions: rulesVoice, seconds: stylerRules.seconds },
  { name: 'compromise', predictions: compromise.predictions, seconds: compromise.seconds },
  { name: 'retext-passive', predictions: retextRun.predictions, seconds: retextRun.seconds },
].map((system) => ({ ...system, matrix: confusion(goldVoice, system.predictions, VOICES) }));

const out = [];
const section = (title, body) => out.push(`#### ${title}\n\n${body}\n`);

section(
  `Voice (${gold.length} sentences, ${goldVoice.filter((v) => v === 'passive').length} passive)`,
  [
    table(
      ['system', 'accuracy', 'passive precision', 'passive recall', 'passive F1', 'seconds'],
      voiceSystems.map((s) => {
        const p = classScores(s.matrix, VOICES, 'passive');
        return [
          s.name,
          fmt(accuracy(goldVoice, s.predictions)),
          fmt(p.precision),
          fmt(p.recall),
          fmt(p.f1),
          fmt(s.seconds, 2),
        ];
      }),
    ),
    '',
    'Styler confusion (rows gold, columns predicted):',
    '',
    confusionTable(voiceSystems[0].matrix, VOICES),
  ].join('\n'),
);

const structureMatrix = confusion(goldStructure, stylerStructure, STRUCTURES);
const rulesMatrix = confusion(goldStructure, rulesStructure, STRUCTURES);
const nonFragment = gold.map((g, i) => i).filter((i) => goldStructure[i] !== 'fragment/unknown');
const macroF1 = (matrix) =>
  STRUCTURES.reduce((sum, c) => sum + classScores(matrix, STRUCTURES, c).f1, 0) / STRUCTURES.length;
const measures = (structures, predictions, matrix) => [
  fmt(accuracy(goldStructure, structures)),
  fmt(
    accuracy(
      nonFragment.map((i) => goldStructure[i]),
      nonFragment.map((i) => structures[i]),
    ),
  ),
  fmt(macroF1(matrix)),
  fmt(
    accuracy(
      gold.map((g) => g.independent_clauses),
      predictions.map((p) => p.independentClauses),
    ),
  ),
  fmt(
    accuracy(
      gold.map((g) => g.dependent_clauses),
      predictions.map((p) => p.dependentClauses),
    ),
  ),
];
const stylerMeasures = measures(stylerStructure, styler.predictions, structureMatrix);
const rulesMeasures = measures(rulesStructure, stylerRules.predictions, rulesMatrix);
section(
  'Sentence structure (no peer classifies structure)',
  [
    table(
      ['measure', 'Styler', 'Styler rules'],
      [
        'accuracy, all sentences',
        `accuracy, gold non-fragments (${nonFragment.length})`,
        'macro F1 over the five classes',
        'independent-clause count exact',
        'dependent-clause count exact',
      ].map((name, i) => [name, stylerMeasures[i], rulesMeasures[i]]),
    ),
    '',
    perClassTable(
      [
        { name: 'Styler', matrix: structureMatrix },
        { name: 'rules', matrix: rulesMatrix },
      ],
      STRUCTURES,
    ),
    '',
    'Confusion (rows gold, columns predicted):',
    '',
    confusionTable(structureMatrix, STRUCTURES),
  ].join('\n'),
);

// Even/odd halves of the file: the rules were tuned on even lines only, odd lines were held out
// (the learned model's settings were chosen on the whole file).
const splitRow = (name, keep) => {
  const idx = gold.map((g, i) => i).filter(keep);
  const gv = idx.map((i) => goldVoice[i]);
  const gs = idx.map((i) => goldStructure[i]);
  const ps = idx.map((i) => stylerStructure[i]);
  const sm = confusion(gs, ps, STRUCTURES);
  const minF1 = Math.min(...STRUCTURES.map((c) => classScores(sm, STRUCTURES, c).f1));
  const passiveF1 = (preds) =>
    fmt(
      classScores(
        confusion(
          gv,
          idx.map((i) => preds[i]),
          VOICES,
        ),
        VOICES,
        'passive',
      ).f1,
    );
  const rs = idx.map((i) => rulesStructure[i]);
  const rulesMinF1 = Math.min(...STRUCTURES.map((c) => classScores(confusion(gs, rs, STRUCTURES), STRUCTURES, c).f1));
  return [
    name,
    String(idx.length),
    fmt(
      accuracy(
        gv,
        idx.map((i) => stylerVoice[i]),
      ),
    ),
    passiveF1(stylerVoice),
    fmt(accuracy(gs, ps)),
    fmt(minF1),
    fmt(accuracy(gs, rs)),
    fmt(rulesMinF1),
    passiveF1(compromise.predictions),
    passiveF1(retextRun.predictions),
  ];
};
section(
  'Tuning split (rules tuned on even lines; odd lines held out)',
  table(
    [
      'lines',
      'sentences',
      'voice accuracy',
      'passive F1',
      'structure accuracy',
      'lowest class F1',
      'rules: structure accuracy',
      'rules: lowest class F1',
      'compromise passive F1',
      'retext-passive passive F1',
    ],
    [
      splitRow('even (tuning)', (i) => i % 2 === 0),
      splitRow('odd (held out)', (i) => i % 2 === 1),
      splitRow('all', () => true),
    ],
  ),
);

// UPOS: wink tokens aligned to gold syntactic words by identical character spans.
const { goldTokens, aligned, correct, matrix: uposMatrix } = measureUpos(gold, tagSentence, UPOS);
const mainMatrix = Object.fromEntries(
  MAIN_TAGS.map((g) => [g, Object.fromEntries(MAIN_TAGS.map((p) => [p, uposMatrix[g][p]]))]),
);
section(
  'UPOS tagging (wink-eng-lite-web-model vs gold)',
  [
    table(
      ['measure', 'value'],
      [
        ['gold tokens', String(goldTokens)],
        ['aligned (identical character span)', `${aligned} (${pct(aligned / goldTokens)})`],
        ['tag accuracy over aligned tokens', fmt(correct / aligned)],
      ],
    ),
    '',
    perClassTable([{ name: 'wink', matrix: uposMatrix }], UPOS),
    '',
    'Confusion among the main tags (rows gold, columns wink; aligned tokens):',
    '',
    confusionTable(mainMatrix, MAIN_TAGS),
  ].join('\n'),
);

console.log(out.join('\n'));
