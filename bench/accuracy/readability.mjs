// Compares Styler's readability counts and scores with textstat 0.7.11 (fixtures/reference/readability.jsonl).
// Run: npm run build && node bench/accuracy/readability.mjs
import '../support/node-version.mjs';
import { readFileSync } from 'node:fs';
import { fleschKincaidGrade, fleschReadingEase } from '../../packages/analytics/dist/metrics/index.js';
import { analyzeText, countSyllables } from '../../packages/analytics/dist/nlp/index.js';

const cases = readFileSync(
  new URL('../../packages/analytics/test/fixtures/reference/readability.jsonl', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));

const fmt = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : String(x));

// 1. Formula parity from textstat's own counts.
let formulaMaxError = 0;
for (const c of cases) {
  const counts = {
    sentences: c.values.sentence_count,
    words: c.values.lexicon_count,
    syllables: c.values.syllable_count,
  };
  formulaMaxError = Math.max(
    formulaMaxError,
    Math.abs(fleschReadingEase(counts) - c.values.flesch_reading_ease),
    Math.abs(fleschKincaidGrade(counts) - c.values.flesch_kincaid_grade),
  );
}

// 2. Per-word syllables against what textstat used (CMUdict when found, else Pyphen).
let cmuWords = 0,
  cmuAgree = 0,
  pyphenWords = 0,
  pyphenAgree = 0,
  pyphenOver = 0;
for (const c of cases)
  for (const [word, cmu, pyphen] of c.word_syllables) {
    const ours = countSyllables(word);
    if (cmu !== null) {
      cmuWords += 1;
      if (ours === cmu) cmuAgree += 1;
    } else {
      pyphenWords += 1;
      if (ours === pyphen) pyphenAgree += 1;
      else if (ours > pyphen) pyphenOver += 1;
    }
  }

// 3. Whole pipeline, by category.
const byCategory = new Map();
for (const c of cases) {
  const category = c.id.replace(/-\d+$/, '');
  const f = analyzeText(c.text);
  const row = byCategory.get(category) ?? {
    n: 0,
    sentences: 0,
    words: 0,
    syllables: 0,
    sentencesExact: 0,
    wordsExact: 0,
    syllablesExact: 0,
    fre: 0,
    fkgl: 0,
  };
  row.n += 1;
  row.sentences += f.sentences - c.values.sentence_count;
  row.words += f.words - c.values.lexicon_count;
  row.syllables += f.syllables - c.values.syllable_count;
  row.sentencesExact += f.sentences === c.values.sentence_count ? 1 : 0;
  row.wordsExact += f.words === c.values.lexicon_count ? 1 : 0;
  row.syllablesExact += f.syllables === c.values.syllable_count ? 1 : 0;
  row.fre += Math.abs(fleschReadingEase(f) - c.values.flesch_reading_ease);
  row.fkgl += Math.abs(fleschKincaidGrade(f) - c.values.flesch_kincaid_grade);
  byCategory.set(category, row);
}

const out = [];
out.push(
  `Formula parity (textstat's counts fed to our formulas, ${cases.length} cases): max |error| = ${formulaMaxError.toExponential(2)}`,
);
out.push('');
out.push('| syllable source in textstat | words | agree with ours | share |');
out.push('|---|---:|---:|---:|');
out.push(`| CMUdict (first pronunciation) | ${cmuWords} | ${cmuAgree} | ${fmt(cmuAgree / cmuWords)} |`);
out.push(
  `| Pyphen fallback | ${pyphenWords} | ${pyphenAgree} | ${fmt(pyphenWords ? pyphenAgree / pyphenWords : 1)} (ours higher on ${pyphenOver}) |`,
);
out.push('');
out.push(
  '| category | cases | sentences exact | mean Δ sentences | words exact | mean Δ words | syllables exact | mean Δ syllables | mean abs Δ FRE | mean abs Δ FKGL |',
);
out.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const [category, r] of byCategory) {
  out.push(
    `| ${category} | ${r.n} | ${r.sentencesExact} | ${fmt(r.sentences / r.n, 2)} | ${r.wordsExact} | ${fmt(r.words / r.n, 2)} | ${r.syllablesExact} | ${fmt(r.syllables / r.n, 2)} | ${fmt(r.fre / r.n, 2)} | ${fmt(r.fkgl / r.n, 2)} |`,
  );
}
console.log(out.join('\n'));
