/**
 * Polarity of aligned clauses: whether a rewrite still affirms what its input affirmed and denies
 * what it denied. Counting negation words cannot tell a faithful rewording ("Avoid sending the same
 * letter" → "Never send the same letter"; "Don't forget" → "Remember"; "stands out" → "does not pass
 * unnoticed") from a reversed claim, so each text is cut into clauses (sentences, and their parts at
 * semicolons), the rewrite's clauses are aligned to the input's by shared content words (a monotone
 * alignment that lets a clause be split or two be joined; clauses it leaves between two aligned
 * groups are then paired by their best overlap), and per aligned group the parity of negations is
 * compared (reversed). Negations are the negative words, "n't", the verbs and phrases that deny
 * their object (avoid, prevent, forget, fail, lack, without, rather than, instead of, …), the words
 * that deny by themselves (a shortfall: "insufficient", "too little"; a bound: "only as good as"), a
 * negative-prefix word whose stem stands on the other side ("not possible" ↔ "impossible"), and a
 * privative-suffix word facing a "without" ("seamlessly" ↔ "without a hitch"); a word
 * whose WordNet antonym stands on the other side in its place counts as one too ("increase" ↔
 * "decrease", "all" ↔ "some", "good" ↔ "not bad").
 */
import { FUNCTION_WORDS } from '@styler-dev/analytics/nlp';
import { antonymsOfWord, lemmasOf } from '../wordnet/antonyms.js';

/** One clause of a text: its words, content stems and negations. */
export interface Clause {
  text: string;
  /** Lower-case word forms, in order. */
  words: string[];
  /** Content-word stems (function words and negations left out). */
  stems: Set<string>;
  /** Negations counted without the prefix rule (which needs the other side). */
  negations: number;
  /**
   * The stems of the words after a negation that denies nothing ("can't wait", "doesn't matter",
   * "no doubt"): the idiom stands for an affirmation, but the same word without it on the other
   * side ("can wait", "it matters") is the reversal.
   */
  idioms: Set<string>;
  /** "not only", "not just", "not merely": how many times the clause adds with a negation. */
  additive: number;
  /** Words that restrict ("alone", "merely", "only", "solely") with no "not" before them. */
  exclusive: number;
  /**
   * The stems of what a privative compound denies ("low-maintenance", "leak-proof", "sugar-free":
   * "maintenance", "leak", "sugar"); counted, as the negative prefix is, only where that word stands
   * on the other side.
   */
  privatives: string[];
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
    // "a lack of sleep" = "not enough sleep", as "lacks" is "does not have"
    'lack lacks lacked lacking',
    // "prevents delays" = "delays do not happen"
    'prevent prevents prevented preventing',
    'prohibit prohibits prohibited prohibiting',
    'forbid forbids forbade forbidden forbidding',
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
  ['free', 'from'],
  ['exempt', 'from'],
  ['devoid', 'of'],
  ['stay', 'away'],
];
// Verbs that deny what follows their object's "from" ("keeps us from sleeping" = "we do not sleep"),
// when "from" comes within KEEP_FROM_REACH words, in the same phrase.
const KEEPING_FROM = new Set(
  ['keep keeps kept keeping', 'stop stops stopped stopping', 'bar bars barred barring'].flatMap((forms) =>
    forms.split(' '),
  ),
);
const KEEP_FROM_REACH = 4;
// "gets in the way of sleep" = "keeps us from sleeping": "in the way of" after these verbs.
const IN_THE_WAY_AFTER = new Set(
  ['get gets got getting gotten', 'stand stands stood standing'].flatMap((forms) => forms.split(' ')),
);
// "noise can stand between us and sleep" = "we cannot sleep"; but "all that stands between us and
// the prize", "the one thing standing between": what decides, not what prevents.
const STANDING = new Set(['stand', 'stands', 'stood', 'standing']);
const DECIDING_BEFORE_STANDING = new Set(['that', 'which', 'what', 'thing', 'only']);
// Restrictive words: "for data scientists alone" reverses "not just for data scientists". "just" is
// left out: it is also "exactly" and "simply" ("just a tap away", "just as much").
const EXCLUSIVE = new Set(['alone', 'merely', 'only', 'solely']);
// A compound that denies its first or last part: "low-cost", "risk-free", "leak-proof", "waterproof".
const PRIVATIVE_COMPOUND = /\blow-(\p{L}{3,})|\b(\p{L}{3,})-?(?:free|proof)\b/gu;
// "not only", "not just", "not merely": additive, not a denial; "nothing but", "no one but": "only".
const ADDITIVE_AFTER_NOT = new Set(['only', 'just', 'merely']);
const ONLY_BEFORE_BUT = new Set(['no', 'nobody', 'nothing', 'none']);
// "anything but easy" = "not easy"; "does not bother with anyone but them" = "bothers only with them".
const EXCEPT_AFTER_ANY = new Set(['anybody', 'anyone', 'anything']);
const NEGATIVE_PREFIX = /^(?:un|in|im|il|ir|dis|non-?)(\p{L}{3,})$/u;
// Words that say "not enough" by themselves, whatever the other side holds ("insufficient sleep" =
// "not getting enough sleep"); the prefix rule leaves them alone, so they are not counted twice.
const INSUFFICIENT = new Set(['insufficient', 'insufficiently', 'inadequate', 'inadequately']);
// After "too", a quantity that falls short: "too little sleep" = "not enough sleep".
const SHORT_AFTER_TOO = new Set(['little', 'few']);
// A privative suffix ("seamlessly" = "without a seam"); counted only against a "without" on the
// other side, since most such words deny nothing said ("countless" = "many").
const PRIVATIVE_SUFFIX = /^\p{L}{3,}less(?:ly|ness)?$/u;
const NOT_PRIVATIVE = new Set(['unless', 'nevertheless', 'nonetheless', 'regardless', 'doubtless']);

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
 * "whatever"), "no doubt" (says "surely"), "not least" (says "especially"), and "can't wait" (says
 * "eager"): true when `word` before `next` is one.
 */
const IDIOM_AFTER_NEGATION = new Set(['matter', 'difference', 'doubt', 'least']);
const MATTER = new Set(['matter', 'matters', 'mattered']);
function isIdiomNegation(word: string, next: string | undefined): boolean {
  if (IDIOM_AFTER_NEGATION.has(next ?? '')) return isNegationWord(word);
  return saysEagerness(word, next);
}

/** "can't wait": eagerness, neither a denial nor a possibility. */
export function saysEagerness(word: string, next: string | undefined): boolean {
  return (word === "can't" || word === 'cannot') && next === 'wait';
}

/** A negative word or a contracted "n't", whatever follows it. */
function isNegationWord(word: string): boolean {
  return NEGATIVE_WORDS.has(word) || /n['’]t$/u.test(word);
}

/**
 * A bound that denies more: "only as good as the data" = "no better than the data" (`tokens[index]`
 * is "only", then "as", a word, "as").
 */
function onlyAsAs(tokens: readonly string[], index: number): boolean {
  return tokens[index] === 'only' && tokens[index + 1] === 'as' && tokens[index + 3] === 'as';
}

function isNegativeWord(word: string, next: string | undefined, previous?: string, beforePrevious?: string): boolean {
  if (isIdiomNegation(word, next)) return false;
  if (INSUFFICIENT.has(word) || (word === 'too' && SHORT_AFTER_TOO.has(next ?? ''))) return true;
  // "hurdles or no hurdles": whatever the case, not a denial.
  if (word === 'no' && previous === 'or' && next !== undefined && next === beforePrevious) return false;
  if (word === 'not') return !ADDITIVE_AFTER_NOT.has(next ?? '');
  if (ONLY_BEFORE_BUT.has(word) && next === 'but') return false;
  if (EXCEPT_AFTER_ANY.has(word) && next === 'but') return true;
  // "unlike" is "not like"; its other negative-prefix kin are judged against the other side.
  return (
    isNegationWord(word) ||
    DENYING_VERBS.has(word) ||
    (DENYING_BEFORE_TO.has(word) && next === 'to') ||
    word === 'unlike'
  );
}

/** Whether "from" follows `tokens[index]` within KEEP_FROM_REACH words, before any punctuation. */
function fromFollows(tokens: readonly string[], index: number): boolean {
  for (const token of tokens.slice(index + 1, index + 1 + KEEP_FROM_REACH)) {
    if (token === 'from') return true;
    if (!/\p{L}/u.test(token)) return false;
  }
  return false;
}

/** "in the way of" after a verb of standing or getting (`tokens[index]` is "in"). */
function inTheWay(tokens: readonly string[], index: number): boolean {
  return (
    tokens[index] === 'in' &&
    tokens[index + 1] === 'the' &&
    tokens[index + 2] === 'way' &&
    tokens[index + 3] === 'of' &&
    IN_THE_WAY_AFTER.has(tokens[index - 1] ?? '')
  );
}

/** "stand between" that prevents (`tokens[index]` is the verb). */
function standsBetween(tokens: readonly string[], index: number): boolean {
  return (
    STANDING.has(tokens[index]!) &&
    tokens[index + 1] === 'between' &&
    !DECIDING_BEFORE_STANDING.has(tokens[index - 1] ?? '')
  );
}

/**
 * A clause that opens with "whether … or" concedes that the alternatives make no difference
 * ("Whether you rent or buy, …"), as "no matter whether" and "it makes no difference whether" say.
 */
function concedesAlternatives(words: readonly string[]): boolean {
  const first = ['and', 'but', 'so'].includes(words[0] ?? '') ? 1 : 0;
  return words[first] === 'whether' && words.includes('or');
}

/** The stems a clause's privative compounds deny. */
function privativeStems(clauseText: string): string[] {
  return [...clauseText.toLowerCase().matchAll(PRIVATIVE_COMPOUND)].map((match) => stemOf(match[1] ?? match[2]!));
}

/** Clauses of `text` with their words, stems and negations. */
export function clausesOf(text: string): Clause[] {
  return clauseTexts(text).map((clauseText) => {
    const tokens = (clauseText.toLowerCase().match(WORD_OR_BREAK) ?? []).map((token) => token.replace(/’/gu, "'"));
    const words = tokens.filter((token) => /\p{L}/u.test(token));
    let negations = 0;
    let additive = 0;
    let exclusive = 0;
    const stems = new Set<string>();
    const idioms = new Set<string>(concedesAlternatives(words) ? [stemOf('matter'), stemOf('difference')] : []);
    tokens.forEach((token, index) => {
      const next = tokens[index + 1];
      if (!/\p{L}/u.test(token)) return;
      if (next !== undefined && isIdiomNegation(token, next)) idioms.add(stemOf(next));
      // "it matters little whether" says "it doesn't matter whether".
      if (MATTER.has(token) && next === 'little') idioms.add(stemOf(token));
      if (token === 'not' && ADDITIVE_AFTER_NOT.has(next ?? '')) additive += 1;
      if (EXCLUSIVE.has(token) && tokens[index - 1] !== 'not') exclusive += 1;
      if (
        isNegativeWord(token, next, tokens[index - 1], tokens[index - 2]) ||
        onlyAsAs(tokens, index) ||
        inTheWay(tokens, index) ||
        standsBetween(tokens, index) ||
        DENYING_PHRASES.some(([first, second]) => token === first && next === second) ||
        (KEEPING_FROM.has(token) && fromFollows(tokens, index))
      ) {
        negations += 1;
      } else if (!FUNCTION_WORDS.has(token) && !NEGATIVE_WORDS.has(token)) {
        stems.add(stemOf(token));
      }
    });
    return {
      text: clauseText,
      words,
      stems,
      negations,
      idioms,
      additive,
      exclusive,
      privatives: privativeStems(clauseText),
    };
  });
}

/** The clauses of `text` as one unit (a sentence that alignment treats whole): their words, stems and counts merged. */
export function unitClause(text: string): Clause {
  const clauses = clausesOf(text);
  const total = (count: (clause: Clause) => number): number => clauses.reduce((sum, clause) => sum + count(clause), 0);
  return {
    text,
    words: clauses.flatMap((clause) => clause.words),
    stems: new Set(clauses.flatMap((clause) => [...clause.stems])),
    negations: total((clause) => clause.negations),
    idioms: new Set(clauses.flatMap((clause) => [...clause.idioms])),
    additive: total((clause) => clause.additive),
    exclusive: total((clause) => clause.exclusive),
    privatives: clauses.flatMap((clause) => clause.privatives),
  };
}

// Alignment gain of a group: shared stems less this share of the stems only one side has, so a
// clause joins a group only when it shares words with it (after Gale & Church 1993, with word
// overlap in place of length).
const UNSHARED_WEIGHT = 0.2;
// Clauses left between two aligned groups pair when they share at least this Dice coefficient of
// stems (the alignment's own groups share more than 2/7: its gain is positive).
const MIN_DICE = 0.2;
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
  return attachStemless(pairLeftovers(groups.reverse()));
}

/**
 * `groups` with each group of one side only whose clauses have no content word ("It doesn't have
 * to be.", "Nor can we.") put into the group before it: such a clause says nothing alone and shares
 * no word to align by, so it is judged with the clause it answers.
 */
function attachStemless(groups: readonly ClauseGroup[]): ClauseGroup[] {
  const out: ClauseGroup[] = [];
  for (const group of groups) {
    const previous = out.at(-1);
    const side = group.input.length === 0 ? group.output : group.output.length === 0 ? group.input : undefined;
    if (previous !== undefined && side !== undefined && side.every((clause) => clause.stems.size === 0)) {
      out[out.length - 1] = {
        input: [...previous.input, ...group.input],
        output: [...previous.output, ...group.output],
      };
    } else out.push(group);
  }
  return out;
}

/**
 * `groups` with the clauses left unaligned between two aligned groups (or a text's end) paired one
 * to one, in order: a lone clause on each side always (between the same neighbours they stand for
 * each other: "Here's what it can do:" → "Specifically, it can:"), else where they share at least
 * MIN_DICE of their stems (the pairing of highest summed overlap). A rewrite that rewords a run of
 * sentences heavily shares too few words for the alignment's gain, yet between its neighbours each
 * of its sentences still stands for one of the input's; left unpaired, a reversal there would go
 * unjudged.
 */
function pairLeftovers(groups: readonly ClauseGroup[]): ClauseGroup[] {
  const out: ClauseGroup[] = [];
  let inputs: Clause[] = [];
  let outputs: Clause[] = [];
  const flush = (): void => {
    out.push(...pairInOrder(inputs, outputs));
    inputs = [];
    outputs = [];
  };
  for (const group of groups) {
    if (group.input.length > 0 && group.output.length > 0) {
      flush();
      out.push(group);
    } else {
      inputs.push(...group.input);
      outputs.push(...group.output);
    }
  }
  flush();
  return out;
}

/**
 * The monotone one-to-one pairing of `inputs` to `outputs` of highest summed Dice (pairs of at least
 * MIN_DICE, within ALIGNMENT_BAND of the gap's diagonal; one clause a side: that pair), the rest
 * alone, in order.
 */
function pairInOrder(inputs: readonly Clause[], outputs: readonly Clause[]): ClauseGroup[] {
  if (inputs.length === 1 && outputs.length === 1) return [{ input: [...inputs], output: [...outputs] }];
  const cols = outputs.length + 1;
  const best = new Float64Array((inputs.length + 1) * cols);
  const slope = outputs.length / inputs.length;
  const overlap = (i: number, j: number): number => {
    // Within the band of the diagonal only, as the alignment itself: a long gap costs no n × m Dice.
    if (Math.abs(j - i * slope) > ALIGNMENT_BAND) return 0;
    const a = inputs[i]!.stems;
    const b = outputs[j]!.stems;
    return a.size + b.size === 0 ? 0 : (2 * shared(a, b)) / (a.size + b.size);
  };
  for (let i = 1; i <= inputs.length; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const paired = overlap(i - 1, j - 1);
      best[i * cols + j] = Math.max(
        best[(i - 1) * cols + j]!,
        best[i * cols + j - 1]!,
        paired >= MIN_DICE ? best[(i - 1) * cols + j - 1]! + paired : 0,
      );
    }
  }
  const reversedOut: ClauseGroup[] = [];
  let i = inputs.length;
  let j = outputs.length;
  while (i > 0 || j > 0) {
    const here = best[i * cols + j]!;
    if (i > 0 && (j === 0 || here === best[(i - 1) * cols + j])) {
      reversedOut.push({ input: [inputs[i - 1]!], output: [] });
      i -= 1;
    } else if (i === 0 || here === best[i * cols + j - 1]) {
      reversedOut.push({ input: [], output: [outputs[j - 1]!] });
      j -= 1;
    } else {
      reversedOut.push({ input: [inputs[i - 1]!], output: [outputs[j - 1]!] });
      i -= 1;
      j -= 1;
    }
  }
  return reversedOut.reverse();
}

/**
 * The negative-prefix words of `clauses` whose stem stands on the other side and not on their own
 * ("impossible" where "possible" does); where their own side says the stem too ("I looked into it;
 * the delay was unlooked-for"), the other side's word answers that one.
 */
function prefixDenials(clauses: readonly Clause[], other: ReadonlySet<string>): string[] {
  const own = union(clauses);
  const out: string[] = [];
  for (const clause of clauses) {
    for (const word of clause.words) {
      const base = INSUFFICIENT.has(word) ? undefined : NEGATIVE_PREFIX.exec(word)?.[1];
      if (base === undefined) continue;
      const stem = stemOf(base);
      if (other.has(stem) && !own.has(stem) && !other.has(stemOf(word))) out.push(stem);
    }
  }
  return out;
}

/** The privative compounds of `clauses` whose denied word stands on the other side ("low-fat" where "fat" does). */
function compoundDenials(clauses: readonly Clause[], other: ReadonlySet<string>): number {
  return clauses.flatMap((clause) => clause.privatives).filter((stem) => other.has(stem)).length;
}

// Function words that an antonym can reverse: quantifiers and degrees ("all" → "some", "more" → "less").
const QUANTIFIERS = new Set(['all', 'every', 'some', 'many', 'few', 'more', 'less', 'most', 'much', 'often']);

/**
 * A word an antonym swap may stand for: a content word or a quantifier, not a negation nor a
 * denying verb ("forget" ↔ "remember" is counted as the verb's denial already).
 */
function swappable(word: string): boolean {
  if (NEGATIVE_WORDS.has(word) || /n't$/u.test(word) || DENYING_VERBS.has(word) || DENYING_BEFORE_TO.has(word))
    return false;
  return !FUNCTION_WORDS.has(word) || QUANTIFIERS.has(word);
}

/** True when one word is the other with a negative prefix (the prefix rule counts those). */
function prefixed(a: string, b: string): boolean {
  return NEGATIVE_PREFIX.exec(a)?.[1] === b || NEGATIVE_PREFIX.exec(b)?.[1] === a;
}

/**
 * How many words of one side stand against their WordNet antonym on the other, each word only on
 * its own side ("prices increased" ↔ "prices decreased"). Each such swap reverses what it says, as
 * a negation does: "good" ↔ "not bad" keeps it, "good" ↔ "bad" reverses it.
 */
function antonymSwaps(input: readonly Clause[], output: readonly Clause[]): number {
  const a = new Set(input.flatMap((clause) => clause.words));
  const b = new Set(output.flatMap((clause) => clause.words));
  const onlyA = [...a].filter((word) => !b.has(word) && swappable(word));
  const onlyB = [...b].filter((word) => !a.has(word) && swappable(word));
  if (onlyA.length === 0 || onlyB.length === 0) return 0;
  const lemmasB = new Map<string, string>();
  for (const word of onlyB) for (const lemma of lemmasOf(word)) lemmasB.set(lemma, word);
  let swaps = 0;
  for (const word of onlyA) {
    for (const antonym of antonymsOfWord(word)) {
      const other = lemmasB.get(antonym);
      if (other !== undefined && !prefixed(word, other)) {
        swaps += 1;
        break;
      }
    }
  }
  return swaps;
}

/** One side of a group: its stems, its negation count's parity, its idioms' words, and how it adds or restricts. */
interface Side {
  stems: Set<string>;
  odd: boolean;
  idioms: Set<string>;
  additive: number;
  exclusive: number;
}

/** The privative-suffix words of `clauses` where only the other side says "without" ("seamlessly" ↔ "without a hitch"). */
function privativeDenials(clauses: readonly Clause[], other: readonly Clause[]): number {
  const saysWithout = (side: readonly Clause[]): boolean => side.some((clause) => clause.words.includes('without'));
  if (!saysWithout(other) || saysWithout(clauses)) return 0;
  return clauses
    .flatMap((clause) => clause.words)
    .filter((word) => PRIVATIVE_SUFFIX.test(word) && !NOT_PRIVATIVE.has(word)).length;
}

function sideOf(clauses: readonly Clause[], other: readonly Clause[]): Side {
  const otherStems = union(other);
  const negations =
    clauses.reduce((sum, clause) => sum + clause.negations, 0) +
    prefixDenials(clauses, otherStems).length +
    compoundDenials(clauses, otherStems) +
    privativeDenials(clauses, other);
  return {
    stems: union(clauses),
    odd: negations % 2 === 1,
    idioms: new Set(clauses.flatMap((clause) => [...clause.idioms])),
    additive: clauses.reduce((sum, clause) => sum + clause.additive, 0),
    exclusive: clauses.reduce((sum, clause) => sum + clause.exclusive, 0),
  };
}

/** A word an idiom's negation stands before on one side ("can't wait") and bare on the other ("can wait"). */
function idiomUndone(a: Side, b: Side): boolean {
  for (const stem of a.idioms) if (b.stems.has(stem) && !b.idioms.has(stem)) return true;
  return false;
}

/** "not just X" on one side and "X alone" on the other: an addition made a restriction. */
function additiveUndone(a: Side, b: Side): boolean {
  return a.additive > 0 && b.additive === 0 && b.exclusive > 0;
}

/**
 * True when the group's polarity changed: the parity of its negations and antonym swaps differs,
 * or an idiom's negation was dropped from its word. Any aligned group counts, however far it was reworded: a
 * rewording that adds a negation of new words ("stands out" → "does not pass unnoticed") is then
 * repaired too, which costs one sentence of the author's voice, where letting a reversal through
 * costs a false statement (bench/style/keep-policy.mjs measures both, docs/BENCHMARKS.md).
 */
function reversed(group: ClauseGroup): boolean {
  const input = sideOf(group.input, group.output);
  const output = sideOf(group.output, group.input);
  const swapped = antonymSwaps(group.input, group.output) % 2 === 1;
  return (
    (input.odd !== output.odd) !== swapped ||
    idiomUndone(input, output) ||
    idiomUndone(output, input) ||
    additiveUndone(input, output) ||
    additiveUndone(output, input)
  );
}

/**
 * The aligned groups whose polarity changed: the parity of their negations differs between the
 * input's clauses and the rewrite's (or an idiom's negation was dropped from its word). A clause
 * the rewrite added or dropped has no polarity to compare. Pure.
 */
export function polarityChanges(input: readonly Clause[], output: readonly Clause[]): PolarityChange[] {
  return polarityChangesIn(alignClauses(input, output));
}

/** The same over groups already aligned (alignClauses), for a caller that checks more than polarity. */
export function polarityChangesIn(groups: readonly ClauseGroup[]): PolarityChange[] {
  return groups
    .filter((group) => reversed(group))
    .map((group) => ({
      input: group.input.map((clause) => clause.text).join(' '),
      output: group.output.map((clause) => clause.text).join(' '),
    }));
}
