/**
 * The opt-in perspective shift (`perspective: "author"`): a text that addresses its reader ("you
 * can", "your goals") is rewritten in the person the author writes in, first person singular ("I
 * can", "my goals") or plural ("we can", "our goals"). Off by default: it changes who is addressed.
 *
 * The unit is the passage, and the passage is the whole text: a reader judges whether a text keeps
 * one point of view across all of it, headings and list items included, so every second-person
 * reference of the text changes or none does. (A letter is never shifted: its "you" is its
 * addressee, not any reader; see isLetter.)
 *
 * A reference changes with its grammar intact: "you" as a subject becomes "I"/"we" with be agreeing
 * ("you are" → "I am", "you were" → "I was", "you're" → "I'm"), as an object "me"/"us"; "your" becomes
 * "my"/"our", "yours" "mine"/"ours", "yourself" "myself"/"ourselves". The whole text stays as it is
 * when any one reference cannot change, or when the reader is addressed without one:
 * - an imperative ("Take your time", "Check the dates"): its subject, the reader, would stay;
 * - a question or inversion ("Are you ready?", "Have you ever …"), or a negated be that would need
 *   "I'm not" ("you aren't");
 * - an idiom whose "you" is nobody in particular ("thank you", ", you know,", "mind you");
 * - a "you" that reads as neither a subject nor an object ("you and your family");
 * - a reference in quoted speech, a block quote, code or a table, or in a locked token;
 * - first-person words already (outside quotes): the author speaks as themself and addresses the
 *   reader as someone else ("We understand that your data is sensitive"); one person for both would
 *   change who is meant.
 */
import type { Upos } from '@styler-dev/analytics/metrics';
import { tagSentence } from '@styler-dev/analytics/nlp';
import { isCapitalized, matchCase, retext, type Token } from '../text/token.js';
import { lookupIndex } from '../wordnet/database.js';
import { keyOf, nextSolid, wordIndices } from './tokens.js';
import type { StyleModel } from '../types.js';

export type Person = 'first-singular' | 'first-plural';

/** A passage as the shift reads it: its tagged sentences and headings, and the text it may not edit. */
export interface Passage {
  /** Sentences of paragraphs and list items. */
  sentences: ReadonlyArray<readonly Token[]>;
  /** Heading tokens, tagged (see taggedHeading). */
  headings: ReadonlyArray<readonly Token[]>;
  /** Text no edit may change: block quotes (someone else's words), code, tables, HTML. */
  fixed: readonly string[];
}

/** A shifted passage: its sentences and headings, token for token (unchanged tokens are the same objects). */
export interface ShiftedPassage {
  sentences: Token[][];
  headings: Token[][];
}

const SUBJECT: Readonly<Record<Person, string>> = { 'first-singular': 'I', 'first-plural': 'we' };
const OBJECT: Readonly<Record<Person, string>> = { 'first-singular': 'me', 'first-plural': 'us' };
const FORMS: Readonly<Record<Person, Readonly<Record<string, string>>>> = {
  'first-singular': {
    your: 'my',
    yours: 'mine',
    yourself: 'myself',
    "you're": "I'm",
    "you've": "I've",
    "you'll": "I'll",
    "you'd": "I'd",
  },
  'first-plural': {
    your: 'our',
    yours: 'ours',
    yourself: 'ourselves',
    yourselves: 'ourselves',
    "you're": "we're",
    "you've": "we've",
    "you'll": "we'll",
    "you'd": "we'd",
  },
};
const setOf = (list: string): ReadonlySet<string> => new Set(list.split(' '));
const SECOND_PERSON = setOf("you your yours yourself yourselves you're you've you'll you'd");
const SECOND_PERSON_WORD =
  /(?<![\p{L}'’-])(?:you(?:r|rs|rself|rselves)?|you['’](?:re|ve|ll|d)|y['’]all)(?![\p{L}'’-])/iu;
const FIRST_PERSON = setOf(
  "i me my mine myself i'm i've i'll i'd we us our ours ourselves we're we've we'll we'd let's",
);
/** Be after "you" as "I" needs it; undefined for a negated be that would need "I'm not". */
const BE_FOR_I: ReadonlyMap<string, string | undefined> = new Map([
  ['are', 'am'],
  ['were', 'was'],
  ["aren't", undefined],
  ["weren't", "wasn't"],
]);
const NOMINATIVE = setOf('i you he she it we they');
/** Words that open a clause with "you" as its subject ("before you go"), or take it as object ("than you"). */
const SUBORDINATORS = setOf(
  'if when whenever because whether unless although though while where so before after until till since as than once like that',
);
/**
 * Verbs whose "you" is an object even before a verb: a small clause ("let you know", "help you
 * prepare") or a second object the tagger may take for a verb ("gives you room").
 */
const OBJECT_VERBS =
  /^(?:let|help|make|made|see|saw|watch|hear|heard|have|had|give|gave|given|offer|show|tell|told|send|sent|bring|brought|teach|taught|grant|allow|cost|save|earn|lend|lent|owe|ask|remind|pay|paid|leave|left|keep|kept|get|got|take|took)(?:s|es|ping|ting|ing|ed|d|en)?$/;
/** Verbs whose "you" before a verb starts a clause of its own ("hope you enjoy", "means you can"). */
const COMPLEMENT =
  /^(?:think|thought|know|knew|known|hope|believe|mean|meant|say|said|guess|suppose|realize|wish|bet|ensure|assume|recommend|suggest|insist)(?:s|ing|ed|d)?$/;
/** Openers skipped before the verb of a command ("Then, check …", "Please note …", "Carefully review …"). */
const LEAD_INS = setOf(
  'then next also always never just simply first second third now still finally lastly instead therefore so please again additionally ultimately',
);
const RELATIVES = new Set(['that', 'which', 'who', 'whom', 'whose']);
const NOUN_PHRASE = ['NOUN', 'PROPN', 'ADJ', 'NUM', 'CCONJ', 'DET', 'ADV'] as const;
const PARTICLES = new Set(['up', 'out', 'off', 'down', 'back', 'away', 'over', 'in', 'on']);
const NOT_VERBS = ['PRON', 'DET', 'ADP', 'SCONJ', 'CCONJ', 'NUM', 'PART', 'AUX', 'INTJ', 'PUNCT', 'SYM'] as const;
const DASHES = new Set(['—', '–', '--']);
const IDIOMS =
  /\b(?:thank you|thanks to you|mind you|bless you|see you|you bet|if you will|you name it|what have you|yours (?:truly|sincerely|faithfully)|(?:here|there) you (?:go|are|have it))\b|\byou (?:guys|all|folks|two|both|people)\b|(?:^|[,;:—–(]\s*)you (?:know|see)\s*(?:[,.;:!?—–)]|$)/;

const FIRST_SINGULAR = ['i', 'me', 'my', 'mine', 'myself'];
const FIRST_PLURAL = ['we', 'us', 'our', 'ours', 'ourselves'];
const SECOND = ['you', 'your', 'yours', 'yourself', 'yourselves'];

/**
 * The person an author writes in, from the function words of their ground truth: first person
 * singular or plural when it is used more than the second person, else undefined (keep).
 */
export function authorPerson(model: StyleModel): Person | undefined {
  const words = model.groundTruth.features.functionWords;
  const sum = (forms: readonly string[]): number => forms.reduce((total, form) => total + (words[form] ?? 0), 0);
  const singular = sum(FIRST_SINGULAR);
  const plural = sum(FIRST_PLURAL);
  if (Math.max(singular, plural) <= sum(SECOND)) return undefined;
  return singular >= plural ? 'first-singular' : 'first-plural';
}

/** True for a letter or e-mail: a salutation ("Dear Ann,", "Hi Jordan,") opens one of its first lines. */
export function isLetter(text: string): boolean {
  return text
    .split('\n')
    .slice(0, 5)
    .some((line) => /^\s*(?:dear|hi|hello|hey|my dear)\b.{0,60},\s*$/i.test(line));
}

/**
 * Copies of a heading's tokens (same text) with the tags the tagger gives the heading read in lower
 * case: in title case it takes "Track Your Spending" for names, and misses the command.
 */
export function taggedHeading(tokens: readonly Token[]): Token[] {
  const copies = tokens.map((piece) => retext(piece, piece.text, []));
  const starts: number[] = [];
  let text = '';
  for (const piece of copies) {
    starts.push(text.length);
    if (piece.kind !== 'markup') text += piece.lock === 'name' ? piece.text : piece.text.toLowerCase();
  }
  let cursor = 0;
  let owner = 0;
  for (const tagged of tagSentence(text)) {
    const at = text.indexOf(tagged.text, cursor);
    if (at === -1) continue;
    cursor = at + tagged.text.length;
    while (owner + 1 < copies.length && (starts[owner + 1] ?? Infinity) <= at) owner += 1;
    copies[owner]?.tags.push(tagged.pos);
  }
  return copies;
}

/**
 * The passage in `person` (see the module comment), or undefined when it does not address its reader
 * or cannot change as a whole.
 */
export function shiftPerspective(passage: Passage, person: Person): ShiftedPassage | undefined {
  const runs = [
    ...passage.sentences.map((tokens) => ({ tokens, heading: false })),
    ...passage.headings.map((tokens) => ({ tokens, heading: true })),
  ];
  const addressed = runs.some(({ tokens }) =>
    tokens.some((piece) => piece.kind === 'word' && SECOND_PERSON.has(keyOf(piece))),
  );
  if (!addressed || passage.fixed.some((text) => SECOND_PERSON_WORD.test(text))) return undefined;
  const speaks = runs.some(({ tokens }) =>
    tokens.some((piece) => piece.kind === 'word' && piece.lock !== 'quote' && FIRST_PERSON.has(keyOf(piece))),
  );
  if (speaks) return undefined;
  const rewritten: Token[][] = [];
  for (const { tokens, heading } of runs) {
    const edits = runEdits(tokens, person, heading);
    if (edits === undefined) return undefined;
    rewritten.push(
      tokens.map((piece, i) => (edits.has(i) ? retext(piece, written(piece.text, edits.get(i) ?? '')) : piece)),
    );
  }
  return {
    sentences: rewritten.slice(0, passage.sentences.length),
    headings: rewritten.slice(passage.sentences.length),
  };
}

/** The new text of each token of one sentence or heading that changes, or undefined when one cannot. */
function runEdits(tokens: readonly Token[], person: Person, heading: boolean): Map<number, string> | undefined {
  const edits = new Map<number, string>();
  const references = wordIndices(tokens).filter((i) => isSecondPerson(tokens[i]));
  if (references.some((i) => tokens[i]?.lock !== undefined)) return undefined;
  if (clauseStarts(tokens).some((i) => isCommand(tokens, i, heading))) return undefined;
  if (references.length === 0) return edits;
  const lower = tokens
    .map((piece) => piece.text)
    .join('')
    .toLowerCase()
    .replace(/’/g, "'");
  if (IDIOMS.test(lower)) return undefined;
  const subjects: number[] = [];
  for (const i of references) {
    const key = keyAt(tokens, i);
    if (key !== 'you') {
      const form = FORMS[person][key];
      if (form === undefined) return undefined;
      edits.set(i, form);
      if (key.startsWith("you'")) subjects.push(i);
      continue;
    }
    const role = roleOf(tokens, i);
    if (role === undefined) return undefined;
    edits.set(i, role === 'subject' ? SUBJECT[person] : OBJECT[person]);
    if (role === 'subject') subjects.push(i);
  }
  if (person === 'first-singular' && !agreeBe(tokens, subjects, edits)) return undefined;
  return edits;
}

/**
 * Makes be agree with each subject "you" that became "I" ("you are" → "I am"), and a be that shares
 * its subject after a conjunction ("you're tired and are hungry"); false for a be that cannot ("you
 * aren't" would need "I'm not"). After "if" or "wish", "were" stays ("if I were").
 */
function agreeBe(tokens: readonly Token[], subjects: readonly number[], edits: Map<number, string>): boolean {
  const agree = (be: number, subject: number): boolean => {
    const key = keyAt(tokens, be);
    if (!BE_FOR_I.has(key)) return true;
    const form = BE_FOR_I.get(key);
    if (form === undefined) return false;
    if (!/^(?:if|wish|wished)$/.test(keyAt(tokens, previousWord(tokens, subject)))) edits.set(be, form);
    return true;
  };
  for (const subject of subjects) {
    if (keyAt(tokens, subject) === 'you' && !agree(nextVerbIndex(tokens, subject), subject)) return false;
  }
  for (const be of wordIndices(tokens)) {
    if (edits.has(be) || !BE_FOR_I.has(keyAt(tokens, be))) continue;
    if (!has(tokens[previousWord(tokens, be)], ['CCONJ'])) continue;
    let subject = previousWord(tokens, be);
    while (subject >= 0 && !isNominative(keyAt(tokens, subject))) subject = previousWord(tokens, subject);
    if (subjects.includes(subject) && !agree(be, subject)) return false;
  }
  return true;
}

/** Whether the "you" at `index` is a subject ("you can", "before you go") or an object ("help you", "for you"). */
function roleOf(tokens: readonly Token[], index: number): 'subject' | 'object' | undefined {
  const previous = tokens[previousWord(tokens, index, false)];
  const next = tokens[nextVerbIndex(tokens, index)];
  const verbal = next !== undefined && has(next, ['VERB', 'AUX']) && keyOf(next) !== 'not';
  if (previous === undefined || previous.kind !== 'word') return verbal ? 'subject' : undefined;
  const key = keyOf(previous);
  // "Are you …?", "can you", "it is you": a question or an inversion, which the new person garbles.
  if (previous.tags.includes('AUX')) return undefined;
  if (previous.tags.includes('VERB')) {
    if (OBJECT_VERBS.test(key) || !verbal) return 'object';
    if (COMPLEMENT.test(key)) return 'subject';
    // "find you ready", "leave you wanting": a participle completes the object; any other verb
    // after the pair leaves the reading open.
    return /(?:ing|ed)$/.test(keyOf(next)) ? 'object' : undefined;
  }
  if (SUBORDINATORS.has(key)) return verbal ? 'subject' : previous.tags.includes('ADP') ? 'object' : undefined;
  if (previous.tags.includes('ADP') || key === 'to') return 'object';
  return verbal ? 'subject' : undefined;
}

/**
 * True when the clause opening at `index` is a command to the reader ("Take your time", "Then, check
 * the dates", "Don't forget"), read from its first word: a bare verb, by its tag or, when the tagger
 * takes it for a noun, by WordNet and the object after it. A heading or a title-case label made of a
 * noun phrase ("Key Features", "Gentle Reminders:") is not a command.
 */
function isCommand(tokens: readonly Token[], index: number, heading: boolean): boolean {
  let at = index;
  for (;;) {
    const piece = tokens[at];
    if (piece === undefined) return false;
    const leadIn = LEAD_INS.has(keyOf(piece)) || (has(piece, ['ADV']) && /ly$/i.test(piece.text));
    if (!leadIn) break;
    const after = nextSolid(tokens, at);
    at = tokens[after]?.text === ',' ? nextWord(tokens, after) : nextWord(tokens, at);
  }
  const verb = tokens[at];
  if (verb === undefined || verb.kind !== 'word' || verb.lock !== undefined) return false;
  const key = keyOf(verb);
  const next = tokens[nextSolid(tokens, at)];
  const object = next !== undefined && next.kind === 'word' ? next : undefined;
  if (key === 'be' || key === 'let' || key === "let's") return true;
  if (key === 'do' || key === "don't")
    return object !== undefined && (has(object, ['VERB']) || keyOf(object) === 'not');
  if (has(verb, NOT_VERBS) || /(?:ing|ed)$|'/.test(key) || lookupIndex(key, 'verb') === undefined) return false;
  if (verb.tags.includes('VERB')) return true;
  if (object === undefined) return !heading && /^[.!]?$/.test(tokens[nextSolid(tokens, at)]?.text ?? '');
  if (RELATIVES.has(keyOf(object))) return false;
  if (PARTICLES.has(keyOf(object))) return true;
  if (has(object, ['DET', 'PRON'])) return true;
  // "Even small typos", "Average response time": an adverb or an adjective before its noun phrase.
  if (has(verb, ['ADV', 'ADJ'])) return false;
  if (has(object, ['ADV', 'ADJ'])) return true;
  if (!has(object, ['NOUN', 'PROPN', 'NUM']) || heading || isCapitalized(object.text)) return false;
  // A noun after it: the command's object ("Store backups securely"), unless a verb follows the noun
  // phrase, which makes both words its subject ("Compound interest grows", "Long meetings, and
  // hectic commutes often get in the way").
  for (let phrase = nextSolid(tokens, at); ; phrase = nextSolid(tokens, phrase)) {
    const piece = tokens[phrase];
    if (has(piece, ['VERB', 'AUX'])) return false;
    if (piece === undefined || !(has(piece, NOUN_PHRASE) || piece.text === ',')) return true;
  }
}

/** Where a clause opens: the first word, after a colon, semicolon, dash or line break, and after the comma of a leading clause. */
function clauseStarts(tokens: readonly Token[]): number[] {
  const first = nextWord(tokens, -1);
  const opener = tokens[first];
  let leading =
    opener !== undefined &&
    (has(opener, ['SCONJ', 'ADP', 'ADV']) || keyOf(opener) === 'to' || LEAD_INS.has(keyOf(opener)));
  const starts = first === -1 ? [] : [first];
  let dashes = 0;
  tokens.forEach((piece, i) => {
    if (DASHES.has(piece.text)) dashes += 1;
    // A second dash closes an aside ("features — such as links — tend to"): no clause opens after it.
    const dash = DASHES.has(piece.text) && dashes % 2 === 1;
    const next = nextWord(tokens, i);
    const comma = piece.text === ',' && (leading || /^(?:so|then)$/.test(keyAt(tokens, next)));
    const breaks =
      dash ||
      comma ||
      piece.text === ':' ||
      piece.text === ';' ||
      (piece.kind === 'space' && piece.text.includes('\n'));
    if (!breaks || next === -1) return;
    if (!starts.includes(next)) starts.push(next);
    // Once the main clause has its subject, later commas part a series ("to showcase …, connect …").
    if (comma && has(tokens[next], ['PRON', 'DET', 'NOUN', 'PROPN'])) leading = false;
  });
  return starts;
}

/** Index of the next word after the one at `index` skipping adverbs ("you really are", "you also get"). */
function nextVerbIndex(tokens: readonly Token[], index: number): number {
  let at = nextSolid(tokens, index);
  while (tokens[at]?.kind === 'word' && has(tokens[at], ['ADV']) && !has(tokens[at], ['VERB', 'AUX'])) {
    at = nextSolid(tokens, at);
  }
  return tokens[at]?.kind === 'word' ? at : -1;
}

/** Index of the next word token after `index` past spaces, markup and punctuation, or -1. */
function nextWord(tokens: readonly Token[], index: number): number {
  for (let i = index + 1; i < tokens.length; i += 1) if (tokens[i]?.kind === 'word') return i;
  return -1;
}

/** Index of the previous word token before `index` (or, with `across` false, the token right before it). */
function previousWord(tokens: readonly Token[], index: number, across = true): number {
  for (let i = index - 1; i >= 0; i -= 1) {
    const kind = tokens[i]?.kind;
    if (kind === 'word' || (!across && kind !== 'space')) return i;
  }
  return -1;
}

function keyAt(tokens: readonly Token[], index: number): string {
  const piece = tokens[index];
  return piece === undefined ? '' : keyOf(piece);
}

function isNominative(key: string): boolean {
  return NOMINATIVE.has(key) || key.startsWith("you'");
}

function isSecondPerson(piece: Token | undefined): boolean {
  return piece !== undefined && (SECOND_PERSON.has(keyOf(piece)) || keyOf(piece) === "y'all");
}

const has = (piece: Token | undefined, tags: readonly Upos[]): boolean =>
  piece !== undefined && piece.kind === 'word' && tags.some((tag) => piece.tags.includes(tag));

/** `replacement` in the case and apostrophe of `original`; "I" is always a capital. */
function written(original: string, replacement: string): string {
  const cased = matchCase(original, replacement);
  return original.includes('’') ? cased.replace(/'/g, '’') : cased;
}
