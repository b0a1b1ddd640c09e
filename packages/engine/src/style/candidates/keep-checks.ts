/**
 * The keep policy: what a rewrite must keep of its input, and what it must not add. Kept: numbers,
 * names, quotations, URLs and e-mail addresses, code, the polarity of each aligned clause
 * (polarity.ts), the Markdown block structure and, when the model matches output length, the
 * length within a tenth. Not added: numbers, names, or a first person the input does not speak in
 * (the claims an LLM invents that can be detected). One pass of the engine's own tokenizer
 * (tokenizeBlock locks numbers, names, quoted speech, addresses and code) finds them. Every LLM path
 * (chooseDraft, and through it the service's transform and chat completions) judges drafts here,
 * without `length` (a preference there, lengthRange), and repairs what a sentence holds (repair.ts).
 */
import { normalizeText, parseBlocks } from '@styler-dev/analytics/nlp';
import { FIRST_SINGULAR_FORMS } from '../lexicon/person.js';
import type { Token } from '../text/token.js';
import { tokenizeBlock } from '../text/tokenize.js';
import { lowerKey } from '../ops/tokens.js';
import { modalityChangesIn } from './modality.js';
import { alignClauses, clausesOf, polarityChangesIn, type Clause, type ClauseGroup } from './polarity.js';

/** The kinds of things a rewrite must keep. */
export type KeepKind =
  | 'text'
  | 'number'
  | 'name'
  | 'quotation'
  | 'address'
  | 'code'
  | 'negation'
  | 'modality'
  | 'markdown'
  | 'person'
  | 'length';

/** Every kind, in the order a report lists them. */
export const KEEP_KINDS: readonly KeepKind[] = [
  'text',
  'number',
  'name',
  'quotation',
  'address',
  'code',
  'negation',
  'modality',
  'markdown',
  'person',
  'length',
];

/**
 * One thing a rewrite lost or invented. `missing`: an item of the input absent from the rewrite (its
 * text; for `text`, a rewrite with no word left of an input that had some); `added`: a number or
 * name the input does not have, or (`person`) the first person singular ("I")
 * where the input has none, its text the words added; `changed`: for `negation`, a clause of the
 * input whose rewrite affirms what it denied or denies what it affirmed (`text` the input's
 * clause, `output` the rewrite's); for `modality`, one the rewrite states more firmly (a
 * possibility made fact, advice a rule, "often" made "always"; modality.ts); for `markdown`, the blocks as "input kinds → output kinds"; for
 * `length`, "N words for M" when the rewrite is more than a tenth longer or shorter.
 */
export interface KeepLoss {
  kind: KeepKind;
  change: 'missing' | 'added' | 'changed';
  text: string;
  /** The rewrite's side of a changed clause (negation, modality). */
  output?: string;
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
  /** Clauses of the prose and headings with their negations, to compare polarity clause by clause. */
  clauses: Clause[];
  /** Word tokens of the prose and headings. */
  wordCount: number;
  /** First-person singular words ("I", "me", "my", …), as written. */
  firstSingular: string[];
  /** Every word token's name key (nameKey), to find names wherever they stand in a rewrite. */
  words: Set<string>;
  /** The same, lower case: a name the rewrite capitalised is not new. */
  lowerWords: Set<string>;
}

const FIRST_SINGULAR = new Set(FIRST_SINGULAR_FORMS);
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
    clauses: [],
    wordCount: 0,
    firstSingular: [],
    words: new Set(),
    lowerWords: new Set(),
  };
  for (const block of blocks) {
    if (block.kind === 'code') parts.code.push(block.raw.trim());
    if (!block.prose && block.kind !== 'heading') continue;
    const pieces = tokenizeBlock(block.raw, block.kind);
    const words = pieces.filter((piece) => piece.kind === 'word');
    parts.wordCount += words.length;
    for (const [index, piece] of pieces.entries()) {
      if (piece.kind !== 'word') continue;
      const key = nameKey(piece.text);
      parts.words.add(key);
      parts.lowerWords.add(key.toLowerCase());
      if (piece.lock === 'number') parts.numbers.push(piece.text);
      else if (piece.lock === 'address') parts.addresses.push(piece.text);
      else if (piece.lock === 'code') parts.code.push(piece.text);
      else if (piece.lock === 'name' && !isFirstPerson(piece.text) && !afterColon(pieces, index)) parts.names.push(key);
      if (FIRST_SINGULAR.has(lowerKey(piece.text))) parts.firstSingular.push(piece.text);
    }
    // A heading states a claim too ("Why Remote Work Is Here to Stay").
    parts.clauses.push(...clausesOf(block.raw));
    for (const match of block.raw.matchAll(QUOTATION)) {
      const quoted = quotationKey(match[1] ?? match[2] ?? match[3] ?? '');
      if (/[\p{L}\p{N}]/u.test(quoted)) parts.quotations.push(quoted);
    }
  }
  return parts;
}

/**
 * True when the word opens what follows a colon ("**Pick a spot:** Start small"): a capital there
 * opens a sentence, so the word is no name to keep.
 */
function afterColon(pieces: readonly Token[], index: number): boolean {
  for (let i = index - 1; i >= 0; i -= 1) {
    const piece = pieces[i]!;
    if (piece.kind === 'space' || piece.kind === 'markup' || /^[*_]+$/u.test(piece.text)) continue;
    return piece.text === ':';
  }
  return false;
}

/** "I" and its contractions are capitalised but no name. */
function isFirstPerson(word: string): boolean {
  return FIRST_SINGULAR.has(lowerKey(word));
}

function missing(kind: KeepKind, items: readonly string[], present: (item: string) => boolean): KeepLoss[] {
  return [...new Set(items)].filter((item) => !present(item)).map((text) => ({ kind, change: 'missing', text }));
}

function added(kind: KeepKind, items: readonly string[], present: (item: string) => boolean): KeepLoss[] {
  return [...new Set(items)].filter((item) => !present(item)).map((text) => ({ kind, change: 'added', text }));
}

/**
 * The first person singular where the input never speaks as "I": an invented voice, the carrier of
 * invented asides and experiences ("as I have found"). An expository "we" ("in this post we look
 * at") claims nothing, and is left to the feedback's point-of-view rule.
 */
function personLosses(before: KeptParts, after: KeptParts): KeepLoss[] {
  const losses: KeepLoss[] = [];
  const words = (forms: readonly string[]): string => [...new Set(forms.map((form) => form.toLowerCase()))].join(', ');
  if (before.firstSingular.length === 0 && after.firstSingular.length > 0)
    losses.push({ kind: 'person', change: 'added', text: words(after.firstSingular) });
  return losses;
}

/** A clause, shortened for a message. */
function clip(text: string): string {
  return text.length <= 160 ? text : `${text.slice(0, 157).trimEnd()}…`;
}

/** The word counts a rewrite of `inputWords` words may have: ± KEEP_POLICY.lengthTolerance, at least ± minLengthSlack words. */
export function lengthRange(inputWords: number): { min: number; max: number } {
  const slack = Math.max(KEEP_POLICY.minLengthSlack, inputWords * KEEP_POLICY.lengthTolerance);
  return { min: Math.max(0, Math.ceil(inputWords - slack)), max: Math.floor(inputWords + slack) };
}

/** The rewrite's word count outside lengthRange of the input's. */
function lengthLosses(before: KeptParts, after: KeptParts): KeepLoss[] {
  const { min, max } = lengthRange(before.wordCount);
  if (after.wordCount >= min && after.wordCount <= max) return [];
  return [{ kind: 'length', change: 'changed', text: `${after.wordCount} words for ${before.wordCount}` }];
}

/** Bounds of the keep policy. */
export const KEEP_POLICY = Object.freeze({
  /** Matching output length, a rewrite may be this share longer or shorter than its input. */
  lengthTolerance: 0.1,
  /** ...and at least this many words, so a one-line input may gain or lose a word or two. */
  minLengthSlack: 2,
});

/** Aligned clause groups a clause check found changed, as losses of `kind`. */
function changedClauses(
  kind: 'negation' | 'modality',
  changes: readonly { input: string; output: string }[],
): KeepLoss[] {
  return changes.map((change) => ({ kind, change: 'changed', text: clip(change.input), output: clip(change.output) }));
}

/** Which checks checkKept makes. */
export interface KeepCheckOptions {
  /** The kinds checked (default every kind but `length`). */
  kinds?: readonly KeepKind[];
  /** Check the length too (the model matches output length). Default false. */
  matchLength?: boolean;
}

/**
 * What `output` lost of `input`, or invented, among the kinds checked (KeepCheckOptions): an output
 * without words lost the whole text (the one loss reported then); otherwise each number, name,
 * quotation, URL or e-mail address and code span of the input must appear in the output (names
 * anywhere, as words; quotations between quotation marks, with the same words); each aligned clause
 * must keep its polarity (polarityChanges: a reworded negation keeps it, a reversed claim does not)
 * and state nothing more firmly (modalityChanges), both over one alignment of the clauses;
 * the Markdown block kinds must stay in order; no number or name may be added, nor a first person
 * the input never uses; and, with `matchLength`, the word count must stay within a tenth (at least
 * two words). Pure; never throws on strings.
 */
export function checkKept(
  input: string | KeptParts,
  output: string | KeptParts,
  options: KeepCheckOptions = {},
): KeepReport {
  const before = typeof input === 'string' ? keptParts(input) : input;
  const after = typeof output === 'string' ? keptParts(output) : output;
  const checked = new Set(options.kinds ?? KEEP_KINDS);
  // An emptied rewrite lost everything: one loss says so, rather than every item of the input.
  if (checked.has('text') && before.words.size > 0 && after.words.size === 0) {
    return { kept: false, losses: [{ kind: 'text', change: 'missing', text: 'the whole text' }] };
  }
  const numbers = new Set(after.numbers);
  const addresses = new Set(after.addresses);
  const code = new Set(after.code);
  const quotations = new Set(after.quotations);
  const inputNumbers = new Set(before.numbers);
  // Polarity and modality compare the same aligned clause groups: align once, only when asked.
  let groups: ClauseGroup[] | undefined;
  const aligned = (): ClauseGroup[] => (groups ??= alignClauses(before.clauses, after.clauses));
  const losses: KeepLoss[] = [
    ...(checked.has('number') ? missing('number', before.numbers, (item) => numbers.has(item)) : []),
    ...(checked.has('number') ? added('number', after.numbers, (item) => inputNumbers.has(item)) : []),
    ...(checked.has('name') ? missing('name', before.names, (item) => after.words.has(item)) : []),
    ...(checked.has('name')
      ? added('name', after.names, (item) => before.words.has(item) || before.lowerWords.has(item.toLowerCase()))
      : []),
    ...(checked.has('quotation') ? missing('quotation', before.quotations, (item) => quotations.has(item)) : []),
    ...(checked.has('address') ? missing('address', before.addresses, (item) => addresses.has(item)) : []),
    ...(checked.has('code') ? missing('code', before.code, (item) => code.has(item)) : []),
    ...(checked.has('negation') ? changedClauses('negation', polarityChangesIn(aligned())) : []),
    ...(checked.has('modality') ? changedClauses('modality', modalityChangesIn(aligned())) : []),
    ...(checked.has('markdown') && before.blocks !== after.blocks
      ? [{ kind: 'markdown' as const, change: 'changed' as const, text: `${before.blocks} → ${after.blocks}` }]
      : []),
    ...(checked.has('person') ? personLosses(before, after) : []),
    ...(checked.has('length') && options.matchLength === true ? lengthLosses(before, after) : []),
  ];
  return { kept: losses.length === 0, losses };
}
