import { FUNCTION_WORDS } from '@styler-dev/analytics/nlp';
import { dashStyleAt } from '../habits/punctuation-habits.js';
import type { DashStyle, EllipsisStyle } from '../types.js';
import { retext, type Token } from '../text/token.js';
import type { EditContext } from '../edits/context.js';
import { isFiniteVerb, opensClause } from './clause-start.js';
import { tokenHabit } from './token-habit.js';
import { keyOf, leadingBareVerb, nextSolid, previousSolid, punct, space, splice } from './tokens.js';
import type { TokenEdit } from './types.js';

const DASH_TEXT: Readonly<Record<DashStyle, { mark: string; spaced: boolean }>> = {
  em_closed: { mark: '—', spaced: false },
  em_spaced: { mark: '—', spaced: true },
  en_spaced: { mark: '–', spaced: true },
  hyphen_spaced: { mark: '-', spaced: true },
  double_hyphen: { mark: '--', spaced: false },
  double_hyphen_spaced: { mark: '--', spaced: true },
};

/** A dash with the range it occupies (its spaces included). */
interface DashSpot {
  index: number;
  from: number;
  to: number;
  style: DashStyle;
}

const STARTS_WITH_DIGIT = /^\d/;

/**
 * True for a dash that spans a range ("10:00 AM – 11:00 AM", "pages 4 – 9", "2019 — 2021"): a
 * number right after it and one shortly before it. A range's dash is part of the fact: never edited.
 */
export function isRangeDash(tokens: readonly Token[], index: number): boolean {
  if (!STARTS_WITH_DIGIT.test(tokens[nextSolid(tokens, index)]?.text ?? '')) return false;
  let at = index;
  for (let seen = 0; seen < 3; seen += 1) {
    at = previousSolid(tokens, at);
    if (at < 0) return false;
    if (STARTS_WITH_DIGIT.test(tokens[at]?.text ?? '')) return true;
  }
  return false;
}

/**
 * Marks that make a compound with a dash in older prose (",—", ";—", ":—", ".—" after an
 * abbreviation or a dateline): the pair is one mark.
 */
const DASH_COMPANIONS = new Set([',', ';', ':', '.', '!', '?']);

/**
 * True for a dash that stands between two words of the sentence: not opening it ("—you in
 * particular"), and not beside a comma, semicolon or colon (",—" is one mark of older prose: made a
 * comma it would read ",,").
 */
function standsBetweenWords(tokens: readonly Token[], index: number): boolean {
  const before = tokens[previousSolid(tokens, index)];
  const after = tokens[nextSolid(tokens, index)];
  if (before === undefined || after === undefined) return false;
  // "Mr.—" (a name left out) and "morning.—" end in the period of an abbreviation or a dateline;
  // "Mr. B—" leaves out the rest of a name.
  if (before.text.length > 1 && before.text.endsWith('.')) return false;
  if (/^\p{Lu}$/u.test(before.text)) return false;
  return !DASH_COMPANIONS.has(before.text) && !DASH_COMPANIONS.has(after.text);
}

/** Dashes between words (not hyphens, not number ranges, not compounds with a comma). */
export function findDashes(tokens: readonly Token[]): DashSpot[] {
  const out: DashSpot[] = [];
  tokens.forEach((_, index) => {
    const style = dashStyleAt(tokens, index);
    if (style === undefined || isRangeDash(tokens, index) || !standsBetweenWords(tokens, index)) return;
    const spaced = tokens[index - 1]?.text === ' ' && tokens[index + 1]?.text === ' ';
    out.push({ index, from: spaced ? index - 1 : index, to: spaced ? index + 2 : index + 1, style });
  });
  return out;
}

function dashTokens(style: DashStyle): Token[] {
  const { mark, spaced } = DASH_TEXT[style];
  return spaced ? [space(), punct(mark), space()] : [punct(mark)];
}

/** The coordinators, whatever the tagger calls them ("yet" and "so" are often adverbs to it). */
const COORDINATING = new Set(['and', 'but', 'or', 'nor', 'yet', 'so']);

/** True when the word after the dash at `index` is a conjunction (and, yet, because, …). */
function startsWithConjunction(tokens: readonly Token[], index: number): boolean {
  const next = tokens[nextSolid(tokens, index)];
  return (
    next !== undefined && (COORDINATING.has(keyOf(next)) || next.tags.includes('CCONJ') || next.tags.includes('SCONJ'))
  );
}

/**
 * True when a stretch holds a finite verb, so it can stand as a clause: an auxiliary, or a verb that
 * is not a participle, a gerund or an infinitive after "to" ("— no alarms required" has none).
 */
function hasFiniteVerb(tokens: readonly Token[]): boolean {
  return tokens.some((piece, i) => {
    if (piece.kind !== 'word') return false;
    if (piece.tags.includes('AUX')) return true;
    if (!piece.tags.includes('VERB') || /(?:ing|ed)$/i.test(piece.text)) return false;
    const before = tokens[previousSolid(tokens, i)];
    return before === undefined || keyOf(before) !== 'to';
  });
}

/** True when a main clause opens at some word in [from, to) (after an opening phrase, say). */
function holdsClause(tokens: readonly Token[], from: number, to: number): boolean {
  for (let i = from; i < to; i += 1) if (tokens[i]?.kind === 'word' && opensClause(tokens.slice(0, to), i)) return true;
  return false;
}

/** First words of what a colon may introduce: a noun phrase or a list. */
const COLON_OPENING_TAGS = new Set(['DET', 'NOUN', 'PROPN', 'NUM']);

/**
 * True when what follows `at` can stand after a colon: a noun phrase or a command ("three things:
 * time, money", "one rule: never skip it"). Not a loose adverb or prepositional phrase ("updated
 * regularly: ideally automatically" reads as a stray mark), a relative clause ("Government: which is
 * surprising"), nor a clause of its own: a dash before a clause is as often an aside ("I had an
 * idea—he never had any") as an explanation, and a colon would make it the explanation.
 */
function introducesWhole(tokens: readonly Token[], at: number): boolean {
  let index = nextSolid(tokens, at - 1);
  const next = tokens[index];
  if (next === undefined || next.kind !== 'word' || opensClause(tokens, at)) return false;
  if (
    next.tags.some((tag) => COLON_OPENING_TAGS.has(tag)) &&
    !/^(?:that|which|what|this|these|those)$/i.test(next.text)
  )
    return true;
  // A command, also behind its adverbs ("never skip the warm-up"); a verb with its own ending
  // ("Mr. B—frightens me", the name left out) is no command.
  while (tokens[index]?.kind === 'word' && tokens[index]?.tags.includes('ADV')) index = nextSolid(tokens, index);
  return index > 0 && leadingBareVerb(tokens.slice(index)) !== undefined && !/s$/i.test(tokens[index]?.text ?? '');
}

/**
 * True when the dash at `index` breaks off a phrase left unfinished ("the problem has been—
 * unemployment", "if you think it's—if you think"): the word before it is a function word or an
 * auxiliary, which a phrase does not end on. A comma there reads as a slip, not a pause.
 */
function interrupts(tokens: readonly Token[], index: number): boolean {
  const before = tokens[previousSolid(tokens, index)];
  if (before?.kind !== 'word') return false;
  return FUNCTION_WORDS.has(keyOf(before)) || before.tags.includes('AUX') || /['’]s$/u.test(before.text);
}

/** Dash edits: the author's dash form; a lone dash as a comma or colon; a pair as parentheses or commas. */
function dashEdits(tokens: readonly Token[], context: EditContext, dashes: readonly DashSpot[]): TokenEdit[] {
  const edits: TokenEdit[] = [];
  if (context.dash !== undefined) {
    for (const dash of dashes) {
      if (dash.style !== context.dash)
        edits.push({ op: 'dash-style', tokens: splice(tokens, dash.from, dash.to, dashTokens(context.dash)) });
    }
  }
  const [first, second] = dashes;
  // A dash a join put between two sentences stays a dash: as a colon it would claim the second
  // explains the first, as a comma it would splice them.
  if (dashes.length === 1 && first !== undefined && tokens[first.index]?.joint !== true) {
    // A comma before a clause of its own would splice two clauses ("in control, you can …", "use
    // numbers, for example, this is far more compelling"); before a conjunction it joins them rightly.
    if (
      (!hasFiniteVerb(tokens.slice(first.to)) || startsWithConjunction(tokens, first.index)) &&
      !interrupts(tokens, first.index)
    ) {
      edits.push({ op: 'dash-comma', tokens: splice(tokens, first.from, first.to, [punct(','), space()]) });
    }
    // A colon introduces a clause that explains what precedes it; before a conjunction ("— and brings
    // you …") it breaks the sentence, and before a loose phrase ("updated regularly — ideally
    // automatically") it reads as a stray mark.
    if (context.proposes.colons && !startsWithConjunction(tokens, first.index) && introducesWhole(tokens, first.to))
      edits.push({ op: 'dash-colon', tokens: splice(tokens, first.from, first.to, [punct(':'), space()]) });
  }
  // Two dashes enclose a phrase only when the sentence goes on after the second without a clause of
  // its own ("well—Shylock, a good play—she cannot be …" holds two lone dashes, no pair).
  // Nor does a pair around a clause become commas or parentheses: ", at first glance they saw it,"
  // splices it into the sentence; nor one around a verb's phrase ("I then—finished my first note—and
  // so sent …"), which commas would cut from its subject.
  if (
    dashes.length === 2 &&
    first !== undefined &&
    second !== undefined &&
    !opensClause(tokens, second.to) &&
    !holdsClause(tokens, first.to, second.from) &&
    !isFiniteVerb(tokens[nextSolid(tokens, first.to - 1)])
  ) {
    const inner = tokens.slice(first.to, second.from);
    const rest = tokens.slice(second.to);
    const afterSecond = tokens[second.to];
    const closesSentence = afterSecond?.kind === 'punct';
    if (context.proposes.parentheses) {
      edits.push({
        op: 'dash-parentheses',
        tokens: [
          ...tokens.slice(0, first.from),
          space(),
          punct('('),
          ...inner,
          punct(')'),
          ...(closesSentence ? [] : [space()]),
          ...rest,
        ],
      });
    }
    // Commas around a list would read as more items of it: only parentheses then.
    if (!inner.some((piece) => piece.text === ',')) {
      edits.push({
        op: 'dash-commas',
        tokens: [
          ...tokens.slice(0, first.from),
          punct(','),
          space(),
          ...inner,
          ...(closesSentence ? [] : [punct(','), space()]),
          ...rest,
        ],
      });
    }
  }
  return edits;
}

/**
 * Openers of a comma-bounded aside: phrases a sentence holds up between commas and could hold between
 * dashes or in parentheses ("the plan, of course, works" → "the plan—of course—works"). Only these:
 * a comma pair around anything else may be a series, an apposition to a name, or a clause.
 */
const ASIDE_OPENERS = [
  'of course',
  'in fact',
  'for example',
  'for instance',
  'in short',
  'as it were',
  'to be sure',
  'no doubt',
  'after all',
  'by the way',
  'as a rule',
  'at least',
  'in particular',
  'above all',
  'as usual',
  'in general',
  'i think',
  'i believe',
  'it seems',
  'so to speak',
].map((phrase) => phrase.split(' '));
/** Words an aside may hold, at most. */
const MAX_ASIDE_WORDS = 8;

/**
 * The asides between two commas in a sentence: a phrase of ASIDE_OPENERS and what follows it up to
 * the next comma, with words on both sides ("the plan, of course, works"), not after a conjunction,
 * not before "and" or "or" (a series). Returns [first comma, second comma] pairs.
 */
export function findCommaAsides(tokens: readonly Token[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  tokens.forEach((piece, index) => {
    if (piece.kind !== 'punct' || piece.text !== ',' || piece.lock !== undefined) return;
    const before = tokens[previousSolid(tokens, index)];
    // After a conjunction the aside belongs to the clause it opens: set off by dashes or parentheses it
    // cuts the conjunction from that clause ("though (in general) a silent operation").
    if (before?.kind !== 'word' || COORDINATING.has(keyOf(before)) || before.tags.includes('SCONJ')) return;
    const opener = ASIDE_OPENERS.find((words) => {
      let at = index;
      for (const expected of words) {
        at = nextSolid(tokens, at);
        const next = tokens[at];
        if (next?.kind !== 'word' || next.lock !== undefined || keyOf(next) !== expected) return false;
      }
      return true;
    });
    if (opener === undefined) return;
    let words = 0;
    for (let at = nextSolid(tokens, index); at < tokens.length; at = nextSolid(tokens, at)) {
      const next = tokens[at];
      if (next === undefined) return;
      if (next.kind === 'word') {
        if (next.lock !== undefined || (words += 1) > MAX_ASIDE_WORDS) return;
        continue;
      }
      if (next.text !== ',' || next.lock !== undefined) return;
      const after = tokens[nextSolid(tokens, at)];
      if (after?.kind !== 'word' || COORDINATING.has(keyOf(after))) return;
      out.push([index, at]);
      return;
    }
  });
  return out;
}

/** Comma asides set off as the author does: between the author's dashes, or in parentheses. */
function asideEdits(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  const edits: TokenEdit[] = [];
  for (const [open, close] of findCommaAsides(tokens)) {
    const inner = tokens.slice(nextSolid(tokens, open), close);
    const rest = tokens.slice(nextSolid(tokens, close));
    if (context.dash !== undefined && context.proposes.dashes) {
      const dash = dashTokens(context.dash);
      edits.push({ op: 'aside-dashes', tokens: [...tokens.slice(0, open), ...dash, ...inner, ...dash, ...rest] });
    }
    if (context.proposes.parentheses) {
      edits.push({
        op: 'aside-parentheses',
        tokens: [...tokens.slice(0, open), space(), punct('('), ...inner, punct(')'), space(), ...rest],
      });
    }
  }
  return edits;
}

/**
 * Colons as an author who writes fewer sets what they introduce: a colon before a word of the
 * sentence ("the answer is simple: exercise") as the author's dash, where the author writes dashes.
 * The direction gate lets it through only while the text has more colons than the author and fewer
 * dashes.
 */
function colonEdits(tokens: readonly Token[], context: EditContext, dashes: readonly DashSpot[]): TokenEdit[] {
  const edits: TokenEdit[] = [];
  const dash = context.dash;
  // Beside a dash already there, a second would read as one of a pair ("not a requirement—you can
  // …—but follow it—a user might …").
  if (dash === undefined || !context.proposes.dashes || dashes.length > 0) return edits;
  let depth = 0;
  tokens.forEach((piece, index) => {
    if (piece.text === '(' || piece.text === '[') depth += 1;
    if (piece.text === ')' || piece.text === ']') depth = Math.max(0, depth - 1);
    if (piece.kind !== 'punct' || piece.text !== ':' || piece.lock !== undefined) return;
    // Inside brackets a colon labels a value ("(expected completion: Friday)"): structure, not a habit.
    if (depth > 0) return;
    const before = tokens[index - 1];
    // After a name the colon is often a title's ("Godoc: documenting Go code").
    if (before?.kind !== 'word' || before.lock !== undefined) return;
    // A label's colon ("**Smart Tracking:** …") stays: as a period it would make the label a sentence.
    const after = tokens[index + 1];
    if (after !== undefined && (after.kind === 'punct' || after.kind === 'markup') && /^[*_]{1,3}$/u.test(after.text))
      return;
    const nextIndex = nextSolid(tokens, index);
    const next = tokens[nextIndex];
    if (next?.kind !== 'word') return;
    // A capital after a colon may be a name, a month, a day or a title's first word: a dash would ask
    // for it lower-cased, which is safe for none of them. Such a colon stays.
    if (/^\p{Lu}/u.test(next.text) && next.text !== 'I' && !/^I['’]/u.test(next.text)) return;
    edits.push({
      op: 'colon-dash',
      tokens: [...tokens.slice(0, index), ...dashTokens(dash), ...tokens.slice(nextIndex)],
    });
  });
  return edits;
}

/** A series "a, b and c": the conjunction and whether a comma stands before it. */
export interface SerialSpot {
  conjunction: number;
  comma: number;
}

/** Tags of the first word of an opening phrase ("In conclusion,", "However,", "Above all,"). */
const OPENING_PHRASE_TAGS = new Set(['ADP', 'ADV', 'SCONJ', 'CCONJ']);

/**
 * True when the comma at `comma` closes a short opening phrase ("In conclusion, interest rewards
 * patience and consistency"): what follows it is the sentence, not a series' next item.
 */
function closesOpeningPhrase(tokens: readonly Token[], comma: number): boolean {
  let words = 0;
  let first: Token | undefined;
  for (let at = 0; at < comma; at += 1) {
    const piece = tokens[at] as Token;
    if (piece.kind === 'word') {
      words += 1;
      first ??= piece;
    } else if (piece.kind === 'punct') return false;
  }
  return first !== undefined && words <= 3 && first.tags.some((tag) => OPENING_PHRASE_TAGS.has(tag));
}

/** The series closed by the and/or at `index`: three or more short items, with or without the serial comma. */
export function serialSpotAt(tokens: readonly Token[], index: number): SerialSpot | undefined {
  const piece = tokens[index];
  if (piece === undefined || piece.kind !== 'word' || piece.lock !== undefined) return undefined;
  const lower = keyOf(piece);
  if (lower !== 'and' && lower !== 'or') return undefined;
  let i = previousSolid(tokens, index);
  const comma = tokens[i]?.text === ',' && tokens[i]?.lock === undefined ? i : -1;
  if (comma >= 0) i = previousSolid(tokens, i);
  let words = 0;
  let verbal = false;
  while (i >= 0 && tokens[i]?.kind === 'word' && words < 5) {
    // An item holds no verb and no conjunction: "In conclusion, interest rewards patience and
    // consistency" and "…trained on, and biased or incomplete data" are no series, and a comma
    // before their "and" or "or" would split a pair.
    const item = tokens[i] as Token;
    if (isFiniteVerb(item) || COORDINATING.has(keyOf(item))) return undefined;
    verbal ||= item.tags.includes('VERB') || item.tags.includes('AUX');
    words += 1;
    i = previousSolid(tokens, i);
  }
  // Nor is a phrase built on a verb ("providing protection for people" before "and communities"):
  // a one-word verb is an item of a series of actions ("wash, peel and chop"), a longer one a clause.
  if (verbal && words > 1) return undefined;
  if (words === 0 || words > 4 || tokens[i]?.text !== ',') return undefined;
  if (tokens[previousSolid(tokens, i)]?.kind !== 'word') return undefined;
  if (closesOpeningPhrase(tokens, i)) return undefined;
  if (!continuesSeries(tokens, i, comma >= 0 ? comma : index)) return undefined;
  return { conjunction: index, comma };
}

/** Word classes whose members make a series together (a name and a noun do: "Anna, the twins and me" does not). */
function seriesClass(piece: Token | undefined): string | undefined {
  if (piece?.kind !== 'word') return undefined;
  const tags = piece.tags;
  if (tags.includes('NOUN') || tags.includes('PROPN')) return 'noun';
  return tags.find((tag) => tag === 'ADJ' || tag === 'VERB' || tag === 'ADV' || tag === 'NUM' || tag === 'PRON');
}

/** Words that open a clause or a relative phrase inside what would be a series' item. */
const CLAUSE_OPENERS = new Set(['who', 'whom', 'whose', 'which', 'that', 'where', 'when', 'what', 'while', 'whereas']);

/**
 * True when the item before the comma at `comma` and the item from it up to `end` (the serial comma
 * or the conjunction) read as two items of one series: their last words of one class, the earlier
 * item no pair of its own ("Tom and Anne, Paul and Jane"), the later one no relative clause, and a
 * later item opening on a preposition only where the earlier opens on the same one ("in Paris, in
 * Rome and in Berlin"). A comma before a pair is often a clause's or an aside's ("While the task is
 * hard, the skills and patience…"; "…your pupils, young and old"): a serial comma there splits the pair.
 */
function continuesSeries(tokens: readonly Token[], comma: number, end: number): boolean {
  const earlierLast = previousSolid(tokens, comma);
  const laterLast = previousSolid(tokens, end);
  const earlierClass = seriesClass(tokens[earlierLast]);
  if (earlierClass === undefined || earlierClass !== seriesClass(tokens[laterLast])) return false;
  const earlier: Token[] = [];
  for (
    let at = earlierLast;
    at >= 0 && tokens[at]?.kind === 'word' && earlier.length < 4;
    at = previousSolid(tokens, at)
  ) {
    const piece = tokens[at] as Token;
    if (COORDINATING.has(keyOf(piece))) return false;
    earlier.unshift(piece);
  }
  const laterFirst = tokens[nextSolid(tokens, comma)];
  if (laterFirst === undefined) return false;
  for (let at = nextSolid(tokens, comma); at >= 0 && at < end; at = nextSolid(tokens, at)) {
    if (CLAUSE_OPENERS.has(keyOf(tokens[at] as Token))) return false;
  }
  if (laterFirst.tags.includes('ADP') || laterFirst.tags.includes('SCONJ'))
    return earlier.some((piece) => keyOf(piece) === keyOf(laterFirst));
  return true;
}

/** Series of three or more short items closed by and/or, with or without the serial comma. */
export function findSerialSpots(tokens: readonly Token[]): SerialSpot[] {
  const out: SerialSpot[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const spot = serialSpotAt(tokens, index);
    if (spot !== undefined) out.push(spot);
  }
  return out;
}

function oxfordEdits(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  if (context.oxfordComma === undefined) return [];
  const edits: TokenEdit[] = [];
  for (const spot of findSerialSpots(tokens)) {
    if (context.oxfordComma && spot.comma < 0) {
      const before = previousSolid(tokens, spot.conjunction);
      edits.push({ op: 'oxford-add', tokens: splice(tokens, before + 1, before + 1, [punct(',')]) });
    } else if (!context.oxfordComma && spot.comma >= 0) {
      edits.push({ op: 'oxford-remove', tokens: splice(tokens, spot.comma, spot.comma + 1, []) });
    }
  }
  return edits;
}

const CURLY_OF: Readonly<Record<string, string>> = { '“': '"', '”': '"', '‘': "'", '’': "'" };
const ELLIPSIS_TEXT: Readonly<Record<EllipsisStyle, string>> = {
  character: '…',
  three_dots: '...',
  spaced_dots: '. . .',
};

/** Quotes and apostrophes in the author's form (curly or straight), as one edit for the sentence. */
function quoteEdit(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  if (context.curlyQuotes === undefined) return [];
  let changed = false;
  let doubleOpen = true;
  // Quoted speech, code, names and markup keep their characters; only free quote marks and apostrophes change.
  const convertible = (piece: Token): boolean =>
    piece.kind !== 'markup' && piece.kind !== 'space' && tokenHabit(piece, context).quotes > 0;
  if (!tokens.some(convertible)) return [];
  const out = tokens.map((piece, index) => {
    if (!convertible(piece)) return piece;
    let text = piece.text;
    if (context.curlyQuotes) {
      if (piece.kind === 'word') text = text.replace(/'/g, '’');
      else if (text === '"') {
        const before = tokens[index - 1];
        doubleOpen = before === undefined || before.kind === 'space' || /^[([—–-]$/.test(before.text);
        text = doubleOpen ? '“' : '”';
      } else if (text === "'") text = '’';
    } else text = text.replace(/[“”‘’]/g, (mark) => CURLY_OF[mark] ?? mark);
    if (text === piece.text) return piece;
    changed = true;
    return retext(piece, text);
  });
  return changed ? [{ op: 'quotes', tokens: out }] : [];
}

// Commas (asides) and colons too: each is where an edit of its own may stand.
const MARKS_EDITED: ReadonlySet<string> = new Set(['—', '–', '--', '-', '…', '...', '. . .', ',', ':']);
const QUOTE_MARK = /["'“”‘’]/;

/**
 * True for a token punctuationEdits may act on: a dash, an ellipsis, "and"/"or" (a series),
 * or a quote mark or apostrophe. Without one, a sentence has no punctuation edit.
 */
export function mayPunctuate(piece: Token, key: string): boolean {
  if (piece.kind === 'punct' && MARKS_EDITED.has(piece.text)) return true;
  if (piece.kind === 'word' && (key === 'and' || key === 'or')) return true;
  return QUOTE_MARK.test(piece.text);
}

/**
 * Punctuation edits of one sentence: dashes, serial comma, quotes, ellipsis. An exclamation mark is
 * never made a period: read in letters and speeches it carried what was said ("Such letters as you
 * have sent!", "If there were but a coach!", "There is happiness!"), and a flat "." changed it.
 */
export function punctuationEdits(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  const dashes = findDashes(tokens);
  const edits = [
    ...dashEdits(tokens, context, dashes),
    ...asideEdits(tokens, context),
    ...colonEdits(tokens, context, dashes),
    ...oxfordEdits(tokens, context),
    ...quoteEdit(tokens, context),
  ];
  tokens.forEach((piece, index) => {
    if (piece.kind !== 'punct' || piece.lock !== undefined) return;
    const style = context.ellipsis;
    // An ellipsis beside a period (". . . ." ends a sentence in older prose) is one mark with it.
    const besidePeriod =
      tokens[nextSolid(tokens, index)]?.text === '.' || tokens[previousSolid(tokens, index)]?.text === '.';
    if (
      style !== undefined &&
      !besidePeriod &&
      /^(?:…|\.\.\.|\. \. \.)$/.test(piece.text) &&
      piece.text !== ELLIPSIS_TEXT[style]
    ) {
      edits.push({ op: 'ellipsis', tokens: splice(tokens, index, index + 1, [punct(ELLIPSIS_TEXT[style])]) });
    }
  });
  return edits;
}
