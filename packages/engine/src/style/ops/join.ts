import { structureFromCounts } from '@styler-dev/analytics/nlp';
import type { Upos } from '@styler-dev/analytics/metrics';
import { decapitalize, joinTokens, retext, type Token } from '../text/token.js';
import type { EditContext } from '../edits/context.js';
import { sentenceClass, type SentenceClassCounts } from '../edits/sentence-class.js';
import { canLowercase, findOpeningConnective, withoutConnective } from './connectives.js';
import {
  finalMark,
  isGerund,
  isVerbal,
  keyOf,
  leadingBareVerb,
  openingWord,
  punct,
  solidEnd,
  space,
  word,
} from './tokens.js';
import type { StructureEdit } from './types.js';
import type { DashStyle } from '../types.js';

/** Joined sentences stay below this many words (a longer one reads as a run-on). */
export const MAX_JOINED_WORDS = 50;

function joint(piece: Token): Token {
  const copy = retext(piece, piece.text);
  copy.joint = true;
  return copy;
}

interface Part {
  tokens: readonly Token[];
  classes: SentenceClassCounts;
  words: number;
}

/** Words before the first comma that count as an opening phrase ("Then,", "In the morning,"). */
const OPENING_PHRASE_WORDS = 4;

/** True when the sentence opens with a short phrase set off by a comma. */
function opensWithCommaPhrase(tokens: readonly Token[]): boolean {
  let words = 0;
  for (const piece of tokens) {
    if (piece.kind === 'word') words += 1;
    else if (piece.text === ',') return words > 0 && words <= OPENING_PHRASE_WORDS;
    if (words > OPENING_PHRASE_WORDS) return false;
  }
  return false;
}

function hasMark(tokens: readonly Token[], mark: string): boolean {
  return tokens.some((piece) => piece.kind === 'punct' && piece.text === mark);
}

/** True when the tokens hold a dash (an em or en dash, "--", or a hyphen with a space on each side). */
function hasDash(tokens: readonly Token[]): boolean {
  return tokens.some(
    (piece, i) =>
      piece.kind === 'punct' &&
      (/^(?:—|–|--)$/u.test(piece.text) ||
        (piece.text === '-' && tokens[i - 1]?.kind === 'space' && tokens[i + 1]?.kind === 'space')),
  );
}

/** True when the tokens hold ", and" (a series' or a coordination's last seam). */
function hasCommaAnd(tokens: readonly Token[]): boolean {
  return tokens.some((piece, i) => piece.text === ',' && keyOf(tokens[i + 2] ?? piece) === 'and');
}

/** Words that open a sentence about what the one before it said. */
const ANAPHORIC_OPENERS = new Set([
  'this',
  'that',
  'these',
  'those',
  'it',
  'its',
  'they',
  'their',
  'them',
  'he',
  'his',
  'she',
  'her',
  'such',
  'both',
  'each',
]);
const CONTENT_TAGS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);
/** Content words shorter than this are too common to show that two sentences share a topic. */
const MIN_TOPIC_LETTERS = 4;

/** The content words of a sentence, lower-cased, a plural's "s" dropped. */
function topicWords(tokens: readonly Token[]): Set<string> {
  const out = new Set<string>();
  for (const piece of tokens) {
    if (piece.kind !== 'word' || piece.text.length < MIN_TOPIC_LETTERS) continue;
    if (piece.tags.some((tag) => CONTENT_TAGS.has(tag))) out.add(keyOf(piece).replace(/s$/, ''));
  }
  return out;
}

/**
 * True when the second sentence is about the first: it opens with a word that points back ("It",
 * "This", "They", "Such") or shares a content word with it.
 */
export function refersBack(first: readonly Token[], second: readonly Token[]): boolean {
  const opening = second.find((piece) => piece.kind === 'word');
  if (opening !== undefined && ANAPHORIC_OPENERS.has(keyOf(opening))) return true;
  const earlier = topicWords(first);
  for (const topic of topicWords(second)) if (earlier.has(topic)) return true;
  return false;
}

/** Fewest words of a sentence that may be joined. */
const MIN_CLAUSE_WORDS = 2;

/** True for a sentence that is a clause: enough words and a verb. */
function isClause(part: Part): boolean {
  return part.words >= MIN_CLAUSE_WORDS && part.tokens.some((piece) => piece.kind === 'word' && isVerbal(piece));
}

/** Words a command may open with before its verb. */
const COMMAND_LEAD_INS = new Set(['please', 'do', 'not', "n't", "don't", 'never', 'always', 'just', 'simply']);

/**
 * True for a sentence that gives a command ("Mention the mission.", "Please let me know."): it opens
 * with a bare verb, not a gerund or participle acting as its subject ("Staying hydrated is …").
 */
export function opensAsCommand(tokens: readonly Token[]): boolean {
  // An opening phrase set off by a comma ("Additionally, inspect …", "Finally, do not forget …"):
  // the mood is what follows it.
  let rest = opensWithCommaPhrase(tokens) ? tokens.slice(tokens.findIndex((piece) => piece.text === ',') + 1) : tokens;
  // "Please send …", "Do not forget …", "Never skip …": the verb comes after these.
  for (;;) {
    const first = rest.find((piece) => piece.kind === 'word');
    if (first === undefined || !COMMAND_LEAD_INS.has(keyOf(first))) break;
    rest = rest.slice(rest.indexOf(first) + 1);
  }
  return leadingBareVerb(rest) !== undefined;
}

/** Class of two clauses joined by coordination (`subordinate`: the second becomes a dependent clause). */
export function joinedClass(a: SentenceClassCounts, b: SentenceClassCounts, subordinate = false): SentenceClassCounts {
  const independentClauses = subordinate ? a.independentClauses : a.independentClauses + b.independentClauses;
  const dependentClauses =
    a.dependentClauses + b.dependentClauses + (subordinate ? Math.max(1, b.independentClauses) : 0);
  return sentenceClass(
    structureFromCounts(independentClauses, dependentClauses),
    a.voice === 'passive' || b.voice === 'passive' ? 'passive' : 'active',
    independentClauses,
    dependentClauses,
  );
}

// Only "This" stands for the whole previous clause reliably: "It is snowing." or "It is evening."
// after a sentence would become ", which is snowing", said of the sentence's last noun.
const THIS_SUBJECT = new Set(['this']);
/** Main clauses a joined sentence may hold: a third reads as a run-on chain ("…, and …, and …"). */
const MAX_JOINED_CLAUSES = 2;
/** The conjunction that replaces an opening connective of a relation when two sentences are joined. */
const CONJUNCTION_OF: ReadonlyMap<string, readonly [string, Upos]> = new Map([
  ['contrast', ['but', 'CCONJ']],
  ['consequence', ['so', 'CCONJ']],
  ['addition', ['and', 'CCONJ']],
] as const);
// A Map, not an object: reading it with a different style per author keeps one code path.
const DASH_MARK: ReadonlyMap<DashStyle, readonly [string, boolean]> = new Map([
  ['em_closed', ['—', false]],
  ['em_spaced', ['—', true]],
  ['en_spaced', ['–', true]],
  ['hyphen_spaced', ['-', true]],
  ['double_hyphen', ['--', false]],
  ['double_hyphen_spaced', ['--', true]],
] as const);

/**
 * Ways to join a sentence with the next one in the same block: with a semicolon, ", and", the
 * connective's own conjunction (", but" for However, ", so" for Therefore), the author's dash,
 * ", which" for a following "This/It + verb". Never as a parenthesis: a whole clause inside
 * parentheses ("The rain stopped (we went out).") has no linkage in a grammar of English.
 * The first must end in an unlocked period and the second must open with a word that may lose
 * its capital (or a name, or "I").
 */
/** True when two sentences open with the same two words (case aside). */
export function opensAlike(first: readonly Token[], second: readonly Token[]): boolean {
  const opening = (tokens: readonly Token[]): string[] =>
    tokens
      .filter((piece) => piece.kind === 'word')
      .slice(0, 2)
      .map((piece) => piece.text.toLowerCase());
  const [a, b] = [opening(first), opening(second)];
  return a.length === 2 && a[0] === b[0] && a[1] === b[1];
}

/** Words that negate a statement, so that the next may correct or answer it. */
const NEGATIONS = new Set(['not', "n't", 'never', 'nor', 'no', 'neither', 'nothing', 'nobody', 'none']);
/** Openers of a sentence that answers the one before ("Yes, …", "No.", "Because …", "Rather, …"). */
const ANSWER_OPENERS = new Set(['yes', 'no', 'because', 'rather', 'instead', 'not', 'nor']);
/** A cleft or a copula opening ("It was that …", "It is the rain that …", "This was …"). */
const RESTATEMENT = /^(?:it|this|that)\s+(?:is|was|'s|’s)\b/iu;
const CLEFT =
  /^(?:(?:and|but|so|therefore|thus|hence|yet)[\s,]+)*(?:it|this)\s+(?:is|was)\s+(?:that|because|what|not|only|rather|then|there)\b/iu;

function negates(tokens: readonly Token[]): boolean {
  return tokens.some((piece) => piece.kind === 'word' && (NEGATIONS.has(keyOf(piece)) || /n['’]t$/iu.test(piece.text)));
}

/**
 * True when the second sentence corrects, contrasts with or answers the first: joined, it would read
 * as an addition. A negated statement followed by an affirmative restatement ("Not X. It was Y."), a
 * cleft ("It was that …", "It is because …"), or an answer ("Yes, …", "Because …", "Rather, …").
 */
export function correctsOrAnswers(first: readonly Token[], second: readonly Token[]): boolean {
  const opening = joinTokens(second).trimStart();
  const firstWord = second.find((piece) => piece.kind === 'word');
  if (firstWord !== undefined && ANSWER_OPENERS.has(keyOf(firstWord))) return true;
  if (CLEFT.test(opening)) return true;
  return negates(first) && RESTATEMENT.test(opening) && !negates(second);
}

export function joinEdits(first: Part, second: Part, context: EditContext): StructureEdit[] {
  if (first.words === 0 || second.words === 0 || first.words + second.words + 1 > MAX_JOINED_WORDS) return [];
  if (first.classes.independentClauses + second.classes.independentClauses > MAX_JOINED_CLAUSES) return [];
  // A part already divided by a semicolon is a compound of its own: one more seam makes a chain.
  if (hasMark(first.tokens, ';') || hasMark(second.tokens, ';')) return [];
  // Two statements, each a clause: a question or exclamation keeps its own sentence, and a list
  // marker ("4.") or a fragment is no clause to join.
  if (finalMark(second.tokens, /^\.$/) < 0 || !isClause(first) || !isClause(second)) return [];
  // A statement and a command keep their own sentences: joined, the command reads as the
  // statement's subject doing it ("Employers want …, and mention aspects of …").
  if (opensAsCommand(first.tokens) !== opensAsCommand(second.tokens)) return [];
  // Sentences that open alike are a contrast or a correction ("This is not about politics. This is
  // about doing the right thing"; "It was not that … It was that …"): joined, the second reads as an
  // addition or a relative clause.
  if (opensAlike(first.tokens, second.tokens)) return [];
  // "It was not the cold, nor the distance. It was that the road had gone.": a correction, a
  // contrast or an answer stays its own sentence, whatever its first words.
  if (correctsOrAnswers(first.tokens, second.tokens)) return [];
  // "If so, …" and "If not, …" answer a question or a list held up before them: joined to it, the
  // condition has nothing to refer to.
  if (/^if (?:so|not)\b/iu.test(joinTokens(second.tokens).trimStart())) return [];
  const mark = finalMark(first.tokens, /^\.$/);
  const end = solidEnd(first.tokens);
  if (mark < 0 || mark !== end - 1 || openingWord(second.tokens) !== 0) return [];
  const head = first.tokens.slice(0, mark);
  const opening = second.tokens[0];
  if (opening === undefined) return [];
  const keepsCapital =
    opening.lock === 'name' ||
    context.names.has(opening.text.toLowerCase()) ||
    opening.text === 'I' ||
    /^I['’]/.test(opening.text);
  // Joins that keep the second sentence's first word need it to lose its capital, or be a name.
  const lowerable = keepsCapital || canLowercase(opening, context);
  const lowered: Token[] = keepsCapital
    ? second.tokens.slice()
    : [retext(opening, decapitalize(opening.text))].concat(second.tokens.slice(1));
  const coordinated = joinedClass(first.classes, second.classes);
  const edits: StructureEdit[] = [];
  const add = (op: string, tokens: Token[], classes = coordinated): void => {
    edits.push({ op, sentences: [{ tokens, classes }] });
  };
  // At most two sentences become one: a third joined on reads as a run-on.
  for (const part of [first.tokens, second.tokens]) {
    for (let i = 0; i < part.length; i += 1) if ((part[i] as Token).joint === true) return [];
  }
  const connective = findOpeningConnective(second.tokens);
  // ", and" and a dash make two sentences one thought: without a connective saying how they relate,
  // the second must be about the first ("It diverted me exceedingly, and we went to bed at ten"
  // reads as a non sequitur). A semicolon keeps them two statements side by side.
  const related = connective !== undefined || refersBack(first.tokens, second.tokens);
  // Arrays are joined with concat(), not spread syntax: no iterators on this hot path.
  if (lowerable) add('join-semicolon', head.concat(joint(punct(';')), space(), lowered));
  if (connective === undefined) {
    // ", and then, think …": an opening phrase set off by a comma does not follow "and"; nor does a
    // gerund subject (", and reading it aloud can help" reads as a series of actions), as in splitEdits.
    // Nor after or before a part that already has ", and" (a series or a coordination): "…, and
    // launched a knowledge base, and this report outlines …" reads as a chain.
    if (
      lowerable &&
      related &&
      !opensWithCommaPhrase(second.tokens) &&
      !isGerund(opening) &&
      !hasCommaAnd(first.tokens) &&
      !hasCommaAnd(second.tokens)
    )
      add('join-and', head.concat(punct(','), space(), joint(word('and', ['CCONJ'])), space(), lowered));
  } else {
    const rest = withoutConnective(second.tokens, connective);
    const chosen = CONJUNCTION_OF.get(connective.match.concept);
    const after = rest.find((piece) => piece.kind === 'word');
    if (chosen !== undefined && (after === undefined || !isGerund(after))) {
      add(`join-${chosen[0]}`, head.concat(punct(','), space(), joint(word(chosen[0], [chosen[1]])), space(), rest));
    }
  }
  if (!lowerable) return edits;
  // A dash beside another in one sentence reads as a pair around an aside: no dash join then.
  const dashFree = !hasDash(first.tokens) && !hasDash(second.tokens);
  if (context.dash !== undefined && context.proposes.dashes && connective === undefined && related && dashFree) {
    const [dash, spaced] = DASH_MARK.get(context.dash) ?? ['—', false];
    add('join-dash', head.concat(spaced ? [space(), joint(punct(dash)), space()] : [joint(punct(dash))], lowered));
  }
  const subject = keyOf(opening);
  const verb = second.tokens[2];
  if (
    connective === undefined &&
    THIS_SUBJECT.has(subject) &&
    opening.lock === undefined &&
    second.tokens[1]?.text === ' ' &&
    verb !== undefined
  ) {
    if (isVerbal(verb)) {
      add(
        'join-which',
        head.concat(punct(','), space(), joint(word('which', ['PRON'])), second.tokens.slice(1)),
        joinedClass(first.classes, second.classes, true),
      );
    }
  }
  return edits;
}
