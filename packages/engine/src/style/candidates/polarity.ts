/**
 * Polarity of aligned clauses: whether a rewrite still affirms what its input affirmed and denies
 * what it denied. Counting negation words cannot tell a faithful rewording ("Avoid sending the same
 * letter" → "Never send the same letter"; "Don't forget" → "Remember"; "stands out" → "does not pass
 * unnoticed") from a reversed claim, so each text is cut into clauses (sentences, and their parts at
 * semicolons), the rewrite's clauses are aligned to the input's by shared content words (a monotone
 * alignment that lets a clause be split or two be joined), and per aligned group the parity of
 * negations and the words they deny are compared (reversed). Negations are the negative words,
 * "n't", the verbs and phrases that deny their object (avoid, forget, fail, without, rather than,
 * instead of, …), and a negative-prefix word whose stem stands on the other side ("not possible" ↔
 * "impossible").
 */
import { FUNCTION_WORDS } from '@styler-dev/analytics/nlp';

/** One clause of a text: its words, content stems, negations and what they deny. */
export interface Clause {
  text: string;
  /** Lower-case word forms, in order. */
  words: string[];
  /** Content-word stems (function words and negations left out). */
  stems: Set<string>;
  /** Negations counted without the prefix rule (which needs the other side). */
  negations: number;
  /**
   * The stems denied: for each negation (or chain of them: "don't forget" is two), the first
   * content words after it (DENIED_WORDS, within its phrase), when the chain's count is odd
   * ("never send" denies "send").
   */
  denied: Set<string>;
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

// Verbs that deny their complement ("avoid sending" = "do not send"), in every inflection; those
// of DENYING_BEFORE_TO only with an infinitive ("forgot to lock"; "habits to forget" denies nothing).
const DENYING_VERBS = new Set(
  [
    'avoid avoids avoided avoiding',
    'refrain refrains refrained refraining',
    'omit omits omitted omitting',
    'shun shuns shunned shunning',
    'eschew eschews eschewed eschewing',
    'lacks lacked',
  ].flatMap((forms) => forms.split(' ')),
);
const DENYING_BEFORE_TO = new Set(
  [
    'forget forgets forgot forgetting',
    'fail fails failed failing',
    'neglect neglects neglected neglecting',
    'refuse refuses refused refusing',
  ].flatMap((forms) => forms.split(' ')),
);
const DENYING_PHRASES: readonly (readonly [string, string])[] = [
  ['rather', 'than'],
  ['instead', 'of'],
  ['steer', 'clear'],
  ['free', 'of'],
  ['stay', 'away'],
];
// "not only", "not just", "not merely": additive, not a denial; "nothing but", "no one but": "only".
const ADDITIVE_AFTER_NOT = new Set(['only', 'just', 'merely']);
const ONLY_BEFORE_BUT = new Set(['no', 'nobody', 'nothing', 'none']);
// Words that end a negation's reach: the next clause or a coordinated phrase begins.
const REACH_ENDS = new Set(
  'but and or nor yet so because since though although while whereas which who whom whose that when where if unless until'.split(
    ' ',
  ),
);
// A negation denies at most this many content words after it, within its phrase.
const DENIED_WORDS = 2;
const NEGATIVE_PREFIX = /^(?:un|in|im|il|ir|dis|non-?)(\p{L}{3,})$/u;

const WORD_OR_BREAK = /\p{L}+(?:['’]\p{L}+)*|[,;:—–()"“”]/gu;
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

/** One sentence of a block: its offsets in the block's text (start at its first letter or mark, end after its closing mark). */
export interface SentenceSpan {
  start: number;
  end: number;
  text: string;
}

/**
 * `text` (one Markdown block) cut into sentences at . ! ? (with closing quotes or brackets) before
 * a space and a capital, digit or opening mark, as clauses are cut but not at semicolons; a line
 * break inside the block is a space. The spaces between sentences belong to none.
 */
export function sentenceSpans(text: string): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  const push = (from: number, to: number): void => {
    const piece = text.slice(from, to);
    const start = from + (piece.length - piece.trimStart().length);
    const end = to - (piece.length - piece.trimEnd().length);
    if (end > start) spans.push({ start, end, text: text.slice(start, end) });
  };
  let start = 0;
  for (const match of text.matchAll(/[.!?]+["'”’)\]]*(?=\s+["'“‘([]?[\p{Lu}\p{N}])/gu)) {
    const end = match.index + match[0].length;
    if (match[0].startsWith('.') && ABBREVIATION.test(text.slice(start, match.index + 1))) continue;
    // "**1. Open with a hook.**": a numeral's period ends no sentence, nor does anything without a word.
    if (!/\p{L}/u.test(text.slice(start, end))) continue;
    push(start, end);
    start = end;
  }
  push(start, text.length);
  return spans;
}

/** A crude stem: lower case, common endings off, at most six letters (enough to align clauses). */
export function stemOf(word: string): string {
  const bare = word.replace(/['’]s$/u, '');
  let stripped = bare.length > 5 ? bare.replace(/(?:ings?|edly|ed|es|ly|ment|ness|ers?)$/u, '') : bare;
  if (stripped.length > 3 && /[^s]s$/u.test(stripped)) stripped = stripped.slice(0, -1);
  return stripped.slice(0, 6);
}

/**
 * Negations that deny nothing said: "it doesn't matter", "no matter", "makes no difference" (say
 * "whatever"), "no doubt" (says "surely"), "not least" (says "especially").
 */
const IDIOM_AFTER_NEGATION = new Set(['matter', 'difference', 'doubt', 'least']);

function isNegativeWord(word: string, next: string | undefined, previous?: string, beforePrevious?: string): boolean {
  if (IDIOM_AFTER_NEGATION.has(next ?? '')) return false;
  // "hurdles or no hurdles": whatever the case, not a denial.
  if (word === 'no' && previous === 'or' && next !== undefined && next === beforePrevious) return false;
  if (word === 'not') return !ADDITIVE_AFTER_NOT.has(next ?? '');
  // "can't wait" is eagerness, not a denial.
  if ((word === "can't" || word === 'cannot') && next === 'wait') return false;
  if (ONLY_BEFORE_BUT.has(word) && next === 'but') return false;
  // "unlike" is "not like"; its other negative-prefix kin are judged against the other side.
  return (
    NEGATIVE_WORDS.has(word) ||
    /n['’]t$/u.test(word) ||
    DENYING_VERBS.has(word) ||
    (DENYING_BEFORE_TO.has(word) && next === 'to') ||
    word === 'unlike'
  );
}

/** Clauses of `text` with their words, stems and negations. */
export function clausesOf(text: string): Clause[] {
  return clauseTexts(text).map((clauseText) => {
    const tokens = (clauseText.toLowerCase().match(WORD_OR_BREAK) ?? []).map((token) => token.replace(/’/gu, "'"));
    const words = tokens.filter((token) => /\p{L}/u.test(token));
    let negations = 0;
    // Negations met and not yet spent on what they deny: a chain whose parity decides it.
    let chain = 0;
    let deniedSoFar = 0;
    const stems = new Set<string>();
    const denied = new Set<string>();
    const endReach = (): void => {
      chain = 0;
      deniedSoFar = 0;
    };
    tokens.forEach((token, index) => {
      const next = tokens[index + 1];
      if (!/\p{L}/u.test(token)) return endReach();
      if (
        isNegativeWord(token, next, tokens[index - 1], tokens[index - 2]) ||
        DENYING_PHRASES.some(([first, second]) => token === first && next === second)
      ) {
        negations += 1;
        chain += 1;
        deniedSoFar = 0;
      } else if (FUNCTION_WORDS.has(token) || NEGATIVE_WORDS.has(token)) {
        if (REACH_ENDS.has(token)) endReach();
      } else {
        const stem = stemOf(token);
        stems.add(stem);
        if (chain % 2 === 1 && deniedSoFar < DENIED_WORDS) {
          denied.add(stem);
          deniedSoFar += 1;
          if (deniedSoFar === DENIED_WORDS) endReach();
        }
      }
    });
    return { text: clauseText, words, stems, negations, denied };
  });
}

// Alignment gain of a group: shared stems less this share of the stems only one side has, so a
// clause joins a group only when it shares words with it (after Gale & Church 1993, with word
// overlap in place of length).
const UNSHARED_WEIGHT = 0.2;
// A group is sure enough to judge when its sides share at least this Dice coefficient of stems.
const MIN_DICE = 0.2;
// A group this close is a light rewording: a change of parity there is a change of polarity. On
// the first set of development drafts (bench/style/keep-policy.mjs, docs/BENCHMARKS.md) 0.5 kept
// 50 % of faithful drafts and refused 93.5 % of reversed sentences, 0.7 kept 58 % and refused 90 %,
// no such shortcut 69 % and 82 %: the faithful drafts' rewording is what a lexical check cannot tell
// from a reversal.
const CLOSE_DICE = 0.7;
const MAX_GROUP = 3;
/**
 * The alignment looks this many clauses either side of the diagonal (the rewrite's clause where the
 * input's would fall at the same share of the text): a rewrite keeps its input's order and length
 * roughly, and a text of a thousand clauses need not cost a million cells. Texts of up to this many
 * clauses are aligned over every cell.
 */
const ALIGNMENT_BAND = 40;

/** Aligned clauses: the input's and the rewrite's (either may be empty in alignAll). */
export interface ClauseGroup {
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

// Each clause a group holds beyond one a side costs this much: a union counts a word the texts repeat
// once, so without it clauses that repeat a name or a verb merge into one group, where two reversals
// cancel out. Above 0.7 such neighbours stay apart; below 1 a real split ("Rather than X, do Y" →
// "Do not X; do Y", whose stems differ by a stemmer's quirk) still aligns as one group.
const MERGE_COST = 0.8;

function gainOf(input: readonly Clause[], output: readonly Clause[]): number {
  const a = union(input);
  const b = union(output);
  const common = shared(a, b);
  return common - UNSHARED_WEIGHT * (a.size + b.size - 2 * common) - MERGE_COST * (input.length + output.length - 2);
}

/**
 * The monotone alignment of `output`'s clauses to `input`'s that maximizes the summed gain, groups
 * of 1–3 clauses a side, within ALIGNMENT_BAND clauses of the diagonal; clauses left unaligned
 * (added or dropped) are not returned.
 */
export function alignClauses(input: readonly Clause[], output: readonly Clause[]): ClauseGroup[] {
  return alignAll(input, output).filter((group) => group.input.length > 0 && group.output.length > 0);
}

/**
 * The same alignment with every clause in one group, in order: a clause the rewrite dropped stands
 * alone with an empty `output`, one it added with an empty `input`.
 */
export function alignAll(input: readonly Clause[], output: readonly Clause[]): ClauseGroup[] {
  if (input.length === 0 || output.length === 0) {
    return [
      ...input.map((clause) => ({ input: [clause], output: [] })),
      ...output.map((clause) => ({ input: [], output: [clause] })),
    ];
  }
  const rows = input.length + 1;
  const cols = output.length + 1;
  const best = new Float64Array(rows * cols).fill(Number.NEGATIVE_INFINITY);
  best[0] = 0;
  const step = new Int32Array(rows * cols * 2);
  const slope = input.length === 0 ? 0 : output.length / input.length;
  for (let i = 0; i < rows; i += 1) {
    const from = Math.max(0, Math.floor(i * slope) - ALIGNMENT_BAND);
    const to = Math.min(cols - 1, Math.ceil(i * slope) + ALIGNMENT_BAND);
    for (let j = from; j <= to; j += 1) {
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
  const groups: ClauseGroup[] = [];
  for (let i = input.length, j = output.length; i > 0 || j > 0;) {
    const di = step[(i * cols + j) * 2]!;
    const dj = step[(i * cols + j) * 2 + 1]!;
    groups.push({ input: input.slice(i - di, i), output: output.slice(j - dj, j) });
    i -= di;
    j -= dj;
  }
  return groups.reverse();
}

/** The negative-prefix words of `clauses` whose stem stands on the other side ("impossible" where "possible" does). */
function prefixDenials(clauses: readonly Clause[], other: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const clause of clauses) {
    for (const word of clause.words) {
      const base = NEGATIVE_PREFIX.exec(word)?.[1];
      if (base !== undefined && other.has(stemOf(base)) && !other.has(stemOf(word))) out.push(stemOf(base));
    }
  }
  return out;
}

/** One side of a group: its stems, its negation count's parity, and the stems it denies. */
interface Side {
  stems: Set<string>;
  odd: boolean;
  denied: Set<string>;
}

function sideOf(clauses: readonly Clause[], other: readonly Clause[]): Side {
  const otherStems = union(other);
  const prefixed = prefixDenials(clauses, otherStems);
  const stems = union(clauses);
  const denied = new Set(clauses.flatMap((clause) => [...clause.denied]));
  for (const stem of prefixed) {
    stems.add(stem);
    denied.add(stem);
  }
  const negations = clauses.reduce((sum, clause) => sum + clause.negations, 0) + prefixed.length;
  return { stems, odd: negations % 2 === 1, denied };
}

/** A stem one side denies that the other side says without denying it. */
function deniedOnOneSide(a: Side, b: Side): boolean {
  for (const stem of a.denied) if (b.stems.has(stem) && !b.denied.has(stem)) return true;
  return false;
}

/**
 * True when the group's polarity changed (`overlap` its Dice coefficient of stems): the parity of its
 * negations differs, and the group is a light rewording (CLOSE_DICE) or a word one side
 * denies stands undenied on the other ("works" → "does not work"). Both are needed: a rewording
 * that adds a negation of new words ("stands out" → "does not pass unnoticed") changes the parity
 * but denies nothing the input said, and one that moves a negation ("needs no special tools" →
 * "does not need any special tools") denies another word with the parity kept.
 */
function reversed(group: ClauseGroup, overlap: number): boolean {
  const input = sideOf(group.input, group.output);
  const output = sideOf(group.output, group.input);
  if (input.odd === output.odd) return false;
  return overlap >= CLOSE_DICE || deniedOnOneSide(input, output) || deniedOnOneSide(output, input);
}

function dice(group: ClauseGroup): number {
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
    .filter((group) => {
      const overlap = dice(group);
      return overlap >= MIN_DICE && reversed(group, overlap);
    })
    .map((group) => ({
      input: group.input.map((clause) => clause.text).join(' '),
      output: group.output.map((clause) => clause.text).join(' '),
    }));
}
