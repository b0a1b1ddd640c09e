// The single-word swaps the engine makes on the development corpora, with the source that made each
// (WordNet synonym, plain word for a generic one, function-word variant, spelling, contraction,
// relative pronoun, connective), for judging
// their precision by hand (bench/style/swaps-labelled.json holds the judgements).
// Run: npm run build && node bench/style/swaps.mjs [--out swaps.json]
import '../support/node-version.mjs';
import { writeFileSync } from 'node:fs';
import { fitStyle, restyle } from '../../packages/engine/dist/index.js';
import { UK_TO_US, US_TO_UK } from '../../packages/engine/dist/style/lexicon/spelling.js';
import { VARIANT_SET_OF } from '../../packages/engine/dist/style/lexicon/variants.js';
import { startsConnective } from '../../packages/engine/dist/style/lexicon/connectives.js';
import { GENERIC_FORMS } from '../../packages/engine/dist/style/lexicon/generic.js';
import { CONTRACTED, EXPANSIONS } from '../../packages/engine/dist/style/lexicon/contractions.js';
import { authors, readFolder, splitAuthor } from './corpora.mjs';

const RELATIVES = new Set(['which', 'that', 'who']);
// The second words of two-word connectives ("In short", "For instance").
const CONNECTIVE_TAILS = new Set(['short', 'summary', 'conclusion', 'example', 'instance', 'brief', 'sum']);
const GENERIC_WORDS = new Set(GENERIC_FORMS.map((form) => form.toLowerCase()));

/** Words and the spaces and marks between them, so a swap can be shown in its sentence. */
// A word carries the spaces after it, so that a shared space never aligns two different edits.
const tokensOf = (text) => text.match(/[\p{L}\p{N}'’-]+\s*|[^\p{L}\p{N}'’-]+/gu) ?? [];
const isWord = (token) => /[\p{L}\p{N}]/u.test(token);

/**
 * One-for-one word replacements between two texts: an LCS alignment of their tokens, keeping each
 * place where exactly one word gave way to one word between tokens both texts share (so reordered
 * clauses, joins and expansions are not taken for swaps). A few words of context go with each.
 */
function swapsBetween(before, after) {
  const a = tokensOf(before);
  const b = tokensOf(after);
  const n = a.length;
  const m = b.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i -= 1)
    for (let j = m - 1; j >= 0; j -= 1)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  // The edit script: runs of removed and added tokens between matches.
  const runs = [];
  let run = { i: 0, removed: [], added: [] };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      if (run.removed.length + run.added.length > 0) runs.push(run);
      i += 1;
      j += 1;
      run = { i, removed: [], added: [] };
    } else if (j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1])) {
      run.removed.push(a[i]);
      i += 1;
    } else {
      run.added.push(b[j]);
      j += 1;
    }
  }
  if (run.removed.length + run.added.length > 0) runs.push(run);
  const swaps = [];
  for (const { i: at, removed, added } of runs) {
    if (removed.length !== 1 || added.length !== 1 || !isWord(removed[0]) || !isWord(added[0])) continue;
    const from = removed[0].trim();
    const to = added[0].trim();
    if (from.toLowerCase() === to.toLowerCase()) continue;
    const context = `${a.slice(Math.max(0, at - 8), at).join('')}[${from} → ${to}] ${a.slice(at + 1, at + 9).join('')}`;
    swaps.push({ from, to, context: context.replace(/\s+/g, ' ').trim() });
  }
  return swaps;
}

function sourceOf(from, to) {
  const f = from.toLowerCase();
  const t = to.toLowerCase();
  if (US_TO_UK.get(f) === t || UK_TO_US.get(f) === t) return 'spelling';
  if (VARIANT_SET_OF.has(f) && VARIANT_SET_OF.get(f) === VARIANT_SET_OF.get(t)) return 'variant';
  if (RELATIVES.has(f) && RELATIVES.has(t)) return 'relative';
  if (CONTRACTED.get(f) === t || EXPANSIONS.get(f) === t) return 'contraction';
  if (GENERIC_WORDS.has(f)) return 'generic';
  if (startsConnective(f) || startsConnective(t) || (CONNECTIVE_TAILS.has(f) && CONNECTIVE_TAILS.has(t)))
    return 'connective';
  return 'synonym';
}

// Inputs: the AI-style texts, and each author's held-out documents restyled toward the other authors.
const names = authors();
const aiInputs = readFolder('ai-inputs').map((file) => ({ ...file, from: 'ai-inputs' }));
const heldOut = names.flatMap((name) => splitAuthor(name).heldOut.map((file) => ({ ...file, from: name })));
const all = [];
for (const name of names) {
  const model = fitStyle(splitAuthor(name).train.map((file) => file.text));
  for (const input of [...aiInputs, ...heldOut.filter((file) => file.from !== name)]) {
    for (const matchOutputLength of [true, false]) {
      for (const swap of swapsBetween(input.text, restyle(input.text, model, { matchOutputLength }))) {
        all.push({ author: name, input: `${input.from}/${input.file}`, source: sourceOf(swap.from, swap.to), ...swap });
      }
    }
  }
}
// The same swap in the same place under both settings counts once.
const unique = [...new Map(all.map((swap) => [`${swap.author}|${swap.input}|${swap.context}`, swap])).values()];
const bySource = {};
for (const swap of unique) bySource[swap.source] = (bySource[swap.source] ?? 0) + 1;
console.log(`${unique.length} single-word swaps:`, bySource);
const outAt = process.argv.indexOf('--out');
if (outAt > 0) writeFileSync(process.argv[outAt + 1], JSON.stringify(unique, null, 1));
