/**
 * Polarity of aligned clauses: whether a rewrite still affirms what its input affirmed and denies
 * what it denied. Counting negation words cannot tell a faithful rewording ("Avoid sending the same
 * letter" → "Never send the same letter"; "Don't forget" → "Remember") from a reversed claim, so
 * each text is cut into clauses (sentences, and their parts at semicolons), the rewrite's clauses are
 * aligned to the input's by shared content words (a monotone alignment that lets a clause be split
 * or two be joined), and the parity of negations is compared per aligned group. Negations are the
 * negative words, "n't", the verbs and phrases that deny their object (avoid, forget, fail,
 * without, rather than, instead of, …), and a negative-prefix word whose stem stands, negated or
 * not, on the other side ("not possible" ↔ "impossible").
 */
import { FUNCTION_WORDS } from '@styler/analytics/nlp';

/** One clause of a text: its words, content stems and negation count. */
export interface Clause {
  text: string;
  /** Lower-case word forms, in order. */
  words: string[];
  /** Content-word stems (function words and negations left out). */
  stems: Set<string>;
  /** Negations counted without the prefix rule (which needs the other side). */
  negations: number;
}

/** An aligned group of input and rewrite clauses whose polarities differ. */
export interface PolarityChange {
  /** The input's clauses of the group, joined. */
  input: string;
  /** The rewrite's clauses of the group, joined. */
  output: string;
}

const NEGATIVE_WORDS = new Set([
  'not',
  'no',
  'never',
  'nor',
  'none',
  'nobody',
  'nothing',
  'nowhere',
  'neither',
  'cannot',
  'without',
  'unless',
  'hardly',
  'scarcely',
  'barely',
  'seldom',
  'rarely',
]);

// Verbs that deny their complement ("avoid sending" = "do not send"), in every inflection.
const DENYING_VERBS = new Set(
  [
    'avoid avoids avoided avoiding',
    'forget forgets forgot forgotten forgetting',
    'fail fails failed failing',
    'refrain refrains refrained refraining',
    'neglect neglects neglected neglecting',
    'lack lacks lacked lacking',
    'omit omits omitted omitting',
    'refuse refuses refused refusing',
    'shun shuns shunned shunning',
    'eschew eschews eschewed eschewing',
  ].flatMap((forms) => forms.split(' ')),
);
const DENYING_PHRASES: readonly (readonly [string, string])[] = [
  ['rather', 'than'],
  ['instead', 'of'],
  ['steer', 'clear'],
  ['stay', 'away'],
];
// "not only", "not just", "not merely": additive, not a denial.
const ADDITIVE_AFTER_NOT = new Set(['only', 'just', 'merely']);
const NEGATIVE_PREFIX = /^(?:un|in|im|il|ir|dis|non-?)(\p{L}{3,})$/u;

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;
const ABBREVIATION = /(?:^|\s)(?:Mr|Mrs|Ms|Dr|St|Sr|Jr|Prof|Gen|Col|Capt|Rev|No|vs|etc|e\.g|i\.e|cf|viz)\.$/iu;

/** The text cut into clauses: sentences (and lines), then their parts at semicolons. */
function clauseTexts(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/u)) {
    let start = 0;
    const ends = /[.!?]+["'”’)\]]*(?=\s+["'“‘([]?[\p{Lu}\p{N}])|;\s+/gu;
    for (const match of line.matchAll(ends)) {
      const end = match.index + match[0].length;
      if (match[0].startsWith('.') && ABBREVIATION.test(line.slice(start, match.index + 1))) continue;
      out.push(line.slice(start, end));
      start = end;
    }
    out.push(line.slice(start));
  }
  return out.map((clause) => clause.trim()).filter((clause) => /\p{L}/u.test(clause));
}

/** A crude stem: lower case, common endings off, at most six letters (enough to align clauses). */
export function stemOf(word: string): string {
  const bare = word.replace(/['’]s$/u, '');
  const stripped = bare.length > 5 ? bare.replace(/(?:ings?|edly|ed|es|ly|ment|ness|ers?|s)$/u, '') : bare;
  return stripped.slice(0, 6);
}

function isNegativeWord(word: string, next: string | undefined): boolean {
  if (word === 'not') return !ADDITIVE_AFTER_NOT.has(next ?? '');
  return NEGATIVE_WORDS.has(word) || /n['’]t$/u.test(word) || DENYING_VERBS.has(word);
}

/** Clauses of `text` with their words, stems and negations. */
export function clausesOf(text: string): Clause[] {
  return clauseTexts(text).map((clauseText) => {
    const words = (clauseText.toLowerCase().match(WORD) ?? []).map((word) => word.replace(/’/gu, "'"));
    let negations = 0;
    const stems = new Set<string>();
    words.forEach((word, index) => {
      const next = words[index + 1];
      if (isNegativeWord(word, next)) negations += 1;
      else if (DENYING_PHRASES.some(([first, second]) => word === first && next === second)) negations += 1;
      else if (!FUNCTION_WORDS.has(word) && !NEGATIVE_WORDS.has(word)) stems.add(stemOf(word));
    });
    return { text: clauseText, words, stems, negations };
  });
}

// Alignment gain of a group: shared stems less this share of the stems only one side has, so a
// clause joins a group only when it shares words with it (after Gale & Church 1993, with word
// overlap in place of length).
const UNSHARED_WEIGHT = 0.2;
// A group is sure enough to judge when its sides share at least this Dice coefficient of stems.
const MIN_DICE = 0.2;
const MAX_GROUP = 3;

interface Group {
  input: Clause[];
  output: Clause[];
}

function union(clauses: readonly Clause[]): Set<string> {
  const out = new Set<string>();
  for (const clause of clauses) for (const stem of clause.stems) out.add(stem);
  return out;
}

function shared(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let count = 0;
  for (const stem of a) if (b.has(stem)) count += 1;
  return count;
}

function gainOf(input: readonly Clause[], output: readonly Clause[]): number {
  const a = union(input);
  const b = union(output);
  const common = shared(a, b);
  return common - UNSHARED_WEIGHT * (a.size + b.size - 2 * common);
}

/**
 * The monotone alignment of `output`'s clauses to `input`'s that maximizes the summed gain, groups
 * of 1–3 clauses a side; clauses left unaligned (added or dropped) are not returned.
 */
export function alignClauses(input: readonly Clause[], output: readonly Clause[]): Group[] {
  const rows = input.length + 1;
  const cols = output.length + 1;
  const best = new Float64Array(rows * cols);
  const step = new Int32Array(rows * cols * 2);
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < cols; j += 1) {
      if (i === 0 && j === 0) continue;
      let value = -Infinity;
      let di = 0;
      let dj = 0;
      const consider = (a: number, b: number, gain: number): void => {
        const candidate = best[(i - a) * cols + (j - b)]! + gain;
        if (candidate > value) [value, di, dj] = [candidate, a, b];
      };
      if (i > 0) consider(1, 0, 0);
      if (j > 0) consider(0, 1, 0);
      for (let a = 1; a <= Math.min(MAX_GROUP, i); a += 1) {
        for (let b = 1; b <= Math.min(MAX_GROUP, j); b += 1) {
          consider(a, b, gainOf(input.slice(i - a, i), output.slice(j - b, j)));
        }
      }
      best[i * cols + j] = value;
      step[(i * cols + j) * 2] = di;
      step[(i * cols + j) * 2 + 1] = dj;
    }
  }
  const groups: Group[] = [];
  for (let i = input.length, j = output.length; i > 0 || j > 0;) {
    const di = step[(i * cols + j) * 2]!;
    const dj = step[(i * cols + j) * 2 + 1]!;
    if (di > 0 && dj > 0) groups.push({ input: input.slice(i - di, i), output: output.slice(j - dj, j) });
    i -= di;
    j -= dj;
  }
  return groups.reverse();
}

/** Negative-prefix words of `clauses` whose stem the other side has ("impossible" where "possible" stands). */
function prefixNegations(clauses: readonly Clause[], other: ReadonlySet<string>): number {
  let count = 0;
  for (const clause of clauses) {
    for (const word of clause.words) {
      const base = NEGATIVE_PREFIX.exec(word)?.[1];
      if (base !== undefined && other.has(base)) count += 1;
    }
  }
  return count;
}

function wordsOf(clauses: readonly Clause[]): Set<string> {
  return new Set(clauses.flatMap((clause) => clause.words));
}

function negationsOf(clauses: readonly Clause[], other: readonly Clause[]): number {
  const own = clauses.reduce((sum, clause) => sum + clause.negations, 0);
  return own + prefixNegations(clauses, wordsOf(other));
}

function dice(group: Group): number {
  const a = union(group.input);
  const b = union(group.output);
  return a.size + b.size === 0 ? 0 : (2 * shared(a, b)) / (a.size + b.size);
}

/**
 * The aligned groups whose polarity changed: the parity of their negations differs between the
 * input's clauses and the rewrite's. Only groups sure enough to judge count (stems shared with a
 * Dice coefficient of at least 0.2); a clause the rewrite added or dropped has no polarity to
 * compare. Pure.
 */
export function polarityChanges(input: readonly Clause[], output: readonly Clause[]): PolarityChange[] {
  return alignClauses(input, output)
    .filter((group) => dice(group) >= MIN_DICE)
    .filter((group) => negationsOf(group.input, group.output) % 2 !== negationsOf(group.output, group.input) % 2)
    .map((group) => ({
      input: group.input.map((clause) => clause.text).join(' '),
      output: group.output.map((clause) => clause.text).join(' '),
    }));
}
