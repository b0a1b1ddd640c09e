/**
 * What a rewrite must keep of its input: numbers, names, quotations, URLs and e-mail addresses,
 * code, the count of negations, and the Markdown block structure. One pass of the engine's own
 * tokenizer (tokenizeBlock locks numbers, names, quoted speech, addresses and code) finds them.
 */
import { normalizeText, parseBlocks } from '@styler/analytics/nlp';
import { tokenizeBlock } from '../text/tokenize.js';

/** The kinds of things a rewrite must keep. */
export type KeepKind = 'text' | 'number' | 'name' | 'quotation' | 'address' | 'code' | 'negation' | 'markdown';

/** Every kind, in the order a report lists them. */
export const KEEP_KINDS: readonly KeepKind[] = [
  'text',
  'number',
  'name',
  'quotation',
  'address',
  'code',
  'negation',
  'markdown',
];

/**
 * One thing a rewrite lost. `missing`: an item of the input absent from the rewrite (its text; for
 * `text`, a rewrite with no word left of an input that had some);
 * `added`/`missing` for negations: a negation word the rewrite has more or fewer of (the word,
 * "n't" and "cannot" counted as "not"); `changed`: the Markdown blocks, as "input kinds → output kinds".
 */
export interface KeepLoss {
  kind: KeepKind;
  change: 'missing' | 'added' | 'changed';
  text: string;
}

/** What checkKept found: whether everything was kept, and each loss. */
export interface KeepReport {
  kept: boolean;
  losses: KeepLoss[];
}

/** The parts of a text a rewrite must keep, collected in one pass. */
export interface KeptParts {
  /** Markdown block kinds in order, space-separated. */
  blocks: string;
  /** Number tokens (with the symbols glued to them), as written. */
  numbers: string[];
  /** Locked names, without a possessive "'s" or a final period. */
  names: string[];
  /** URLs and e-mail addresses. */
  addresses: string[];
  /** Inline code spans and whole code blocks. */
  code: string[];
  /** Quoted passages: their words between the quotation marks, normalised (quotationKey). */
  quotations: string[];
  /** Negation word (normalised: "n't" and "cannot" as "not") → occurrences. */
  negations: Map<string, number>;
  /** Every word token's name key (nameKey), to find names wherever they stand in a rewrite. */
  words: Set<string>;
}

const NEGATIONS = new Set(['not', 'no', 'never', 'nor', 'none', 'nobody', 'nothing', 'nowhere', 'neither', 'cannot']);
const CONTRACTED_NOT = /n['’]t$/i;
// Quoted speech: a straight pair opening after a space, start or bracket; a curly double pair; a
// curly single pair whose closing mark is not an apostrophe inside a word ("don’t").
const QUOTATION = /(?<![\p{L}\p{N}])"([^"\n]+)"|“([^”]+)”|‘((?:[^’]|’(?=\p{L}))+)’/gu;

/** A name as compared: without a possessive ending or a final period ("Smith's" → "Smith", "Dr." → "Dr"). */
function nameKey(word: string): string {
  return word.replace(/['’]s$/u, '').replace(/\.$/u, '');
}

/** A quotation as compared: straight apostrophes, single spaces, no final , . ; : (a quote may end a clause either way). */
function quotationKey(text: string): string {
  return text
    .replace(/[‘’]/gu, "'")
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/[\s,.;:]+$/u, '');
}

/** The negation a word is, normalised, or undefined. "not only" is additive, not a negation. */
function negationOf(word: string, next: string | undefined): string | undefined {
  const lower = word.toLowerCase();
  if (CONTRACTED_NOT.test(lower) || lower === 'cannot') return 'not';
  if (!NEGATIONS.has(lower)) return undefined;
  if (lower === 'not' && next?.toLowerCase() === 'only') return undefined;
  return lower;
}

/** Collects what a rewrite of `text` must keep (see KeptParts). */
export function keptParts(text: string): KeptParts {
  const blocks = parseBlocks(normalizeText(text));
  const parts: KeptParts = {
    blocks: blocks.map((block) => block.kind).join(' '),
    numbers: [],
    names: [],
    addresses: [],
    code: [],
    quotations: [],
    negations: new Map(),
    words: new Set(),
  };
  for (const block of blocks) {
    if (block.kind === 'code') parts.code.push(block.raw.trim());
    if (!block.prose && block.kind !== 'heading') continue;
    const words = tokenizeBlock(block.raw, block.kind).filter((piece) => piece.kind === 'word');
    words.forEach((piece, index) => {
      parts.words.add(nameKey(piece.text));
      if (piece.lock === 'number') parts.numbers.push(piece.text);
      else if (piece.lock === 'address') parts.addresses.push(piece.text);
      else if (piece.lock === 'code') parts.code.push(piece.text);
      else if (piece.lock === 'name') parts.names.push(nameKey(piece.text));
      const negation = negationOf(piece.text, words[index + 1]?.text);
      if (negation !== undefined) parts.negations.set(negation, (parts.negations.get(negation) ?? 0) + 1);
    });
    for (const match of block.raw.matchAll(QUOTATION)) {
      const quoted = quotationKey(match[1] ?? match[2] ?? match[3] ?? '');
      if (/[\p{L}\p{N}]/u.test(quoted)) parts.quotations.push(quoted);
    }
  }
  return parts;
}

function missing(kind: KeepKind, items: readonly string[], present: (item: string) => boolean): KeepLoss[] {
  return [...new Set(items)].filter((item) => !present(item)).map((text) => ({ kind, change: 'missing', text }));
}

/** Negation words whose count changed, when the total changed (a swap of "never" for "not" keeps the meaning). */
function negationLosses(before: Map<string, number>, after: Map<string, number>): KeepLoss[] {
  const total = (counts: Map<string, number>): number => [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total(before) === total(after)) return [];
  const words = [...new Set([...before.keys(), ...after.keys()])].sort();
  return words.flatMap((text): KeepLoss[] => {
    const difference = (after.get(text) ?? 0) - (before.get(text) ?? 0);
    const change = difference > 0 ? 'added' : 'missing';
    return Array.from({ length: Math.abs(difference) }, () => ({ kind: 'negation', change, text }));
  });
}

/**
 * What `output` lost of `input` among `kinds` (default all): an output without words lost the whole
 * text (the one loss reported then); otherwise each number, name, quotation, URL or
 * e-mail address and code span of the input must appear in the output (names anywhere, as words;
 * quotations between quotation marks, with the same words), the output must have as many negations ("not", "n't",
 * "no", "never", "nor", "none", "nobody", "nothing", "nowhere", "neither", "cannot"; "not only"
 * excepted) and the same Markdown block kinds in the same order. Additions other than negations
 * are not losses. Pure; never throws on strings.
 */
export function checkKept(
  input: string | KeptParts,
  output: string | KeptParts,
  kinds: readonly KeepKind[] = KEEP_KINDS,
): KeepReport {
  const before = typeof input === 'string' ? keptParts(input) : input;
  const after = typeof output === 'string' ? keptParts(output) : output;
  const checked = new Set(kinds);
  const numbers = new Set(after.numbers);
  const addresses = new Set(after.addresses);
  const code = new Set(after.code);
  const quotations = new Set(after.quotations);
  // An emptied rewrite lost everything: one loss says so, rather than every item of the input.
  if (checked.has('text') && before.words.size > 0 && after.words.size === 0) {
    return { kept: false, losses: [{ kind: 'text', change: 'missing', text: 'the whole text' }] };
  }
  const losses: KeepLoss[] = [
    ...(checked.has('number') ? missing('number', before.numbers, (item) => numbers.has(item)) : []),
    ...(checked.has('name') ? missing('name', before.names, (item) => after.words.has(item)) : []),
    ...(checked.has('quotation') ? missing('quotation', before.quotations, (item) => quotations.has(item)) : []),
    ...(checked.has('address') ? missing('address', before.addresses, (item) => addresses.has(item)) : []),
    ...(checked.has('code') ? missing('code', before.code, (item) => code.has(item)) : []),
    ...(checked.has('negation') ? negationLosses(before.negations, after.negations) : []),
    ...(checked.has('markdown') && before.blocks !== after.blocks
      ? [{ kind: 'markdown' as const, change: 'changed' as const, text: `${before.blocks} → ${after.blocks}` }]
      : []),
  ];
  return { kept: losses.length === 0, losses };
}

/** What draftWithLLM has always checked: numbers, addresses, code and the Markdown blocks. */
const DRAFT_KINDS: readonly KeepKind[] = ['number', 'address', 'code', 'markdown'];

/** True when `reply` keeps the input's block structure and every number, URL, e-mail address and code span. */
export function keepsInvariants(input: string, reply: string): boolean {
  return checkKept(input, reply, DRAFT_KINDS).kept;
}
