import type { Upos } from '@styler-dev/analytics/metrics';
import { CONTRACTED, EXPANSIONS } from '../lexicon/contractions.js';
import { capitalize, isCapitalized, isEditableWord, matchCase, type Token } from '../text/token.js';
import type { EditContext } from '../edits/context.js';
import { isVerbal, keyOf, nextSolid, openingWord, previousSolid, space, splice, word } from './tokens.js';
import type { TokenEdit } from './types.js';

/** A contractible spot: two words whose full form has a contraction ("do not", "it is"). */
interface Spot {
  first: number;
  second: number;
  contracted: string;
}

const SECOND_MUST_BE_AUX = new Set(['have', 'will', 'are', 'am', 'is']);
/** Subjects that follow a negated auxiliary in a question or an inversion. */
const INVERTED_SUBJECTS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they', 'there', 'one']);
/** First words of the contractible full forms (most words start none: no key to build for them). */
const FIRST_WORDS: ReadonlySet<string> = new Set([...CONTRACTED.keys()].map((full) => full.split(' ')[0] ?? ''));

/** Full forms that may be contracted: both words editable, the second an auxiliary where that matters, and more text after. */
export function findContractible(tokens: readonly Token[]): Spot[] {
  const spots: Spot[] = [];
  tokens.forEach((piece, i) => {
    if (!isEditableWord(piece) && !(piece.kind === 'word' && piece.text === 'I')) return;
    const lower = keyOf(piece);
    if (lower === 'cannot' && isEditableWord(piece)) {
      spots.push({ first: i, second: i, contracted: "can't" });
      return;
    }
    if (tokens[i + 1]?.kind !== 'space' || tokens[i + 1]?.text !== ' ') return;
    const second = tokens[i + 2];
    if (!isEditableWord(second)) return;
    const secondLower = keyOf(second);
    const contracted = FIRST_WORDS.has(lower) ? CONTRACTED.get(`${lower} ${secondLower}`) : undefined;
    if (contracted === undefined) return;
    if (SECOND_MUST_BE_AUX.has(secondLower) && !second.tags.includes('AUX')) return;
    // A contraction cannot end a clause ("I know what it is."): a word must follow.
    const after = tokens[nextSolid(tokens, i + 2)];
    if (after === undefined || after.kind !== 'word') return;
    // "I've" stands for the auxiliary only: "I have a conflict" is no "I've a conflict", nor
    // "I have to go" an "I've to go".
    if (secondLower === 'have' && (keyOf(after) === 'to' || !isVerbal(after))) return;
    // "Let's" proposes ("Let us begin"); "please let us know" asks leave and stays.
    if (contracted === "let's" && openingWord(tokens) !== i) return;
    // "I will not" is "I won't", never "I'll not": a pronoun's contraction leaves a "not" after it alone.
    if ((secondLower === 'will' || secondLower === 'have') && keyOf(after) === 'not') return;
    // "do not" negates the verb that follows ("do not know"); in "may do not only what …" do is the
    // verb itself and "not only" pairs with a "but": "may don't only" breaks it.
    if (/^(?:do|does|did) not$/.test(`${lower} ${secondLower}`) && !negatesVerb(tokens, i + 2)) return;
    // A cleft ("Therefore it is that …", "it is because …") stresses what follows "it is": it does
    // not contract.
    if (contracted === "it's" && CLEFT_FOCUS.has(keyOf(after))) return;
    spots.push({ first: i, second: i + 2, contracted });
  });
  return spots;
}

/** Words after "it is" that make it a cleft. */
const CLEFT_FOCUS = new Set(['that', 'because', 'what', 'who', 'which', 'only']);

/** The word after token `index`, lower-case ('' at the end). */
function wordAfter(tokens: readonly Token[], index: number): string {
  const next = tokens[nextSolid(tokens, index)];
  return next?.kind === 'word' ? keyOf(next) : '';
}

/**
 * The phrases a passage writes more than once, as keys: a full form with the word after it ("we have
 * got") by the contraction it would take ("full:we've got"), a contraction with the word after it
 * ("short:we've got").
 * Changing one of several alike would leave the passage mixed ("We've got …" beside "we have got
 * …"): such places stay as they are.
 */
export function repeatedForms(passage: ReadonlyArray<readonly Token[]>): Set<string> {
  const counts = new Map<string, number>();
  const count = (key: string): void => {
    counts.set(key, (counts.get(key) ?? 0) + 1);
  };
  for (const tokens of passage) {
    for (const spot of findContractible(tokens)) count(`full:${spot.contracted} ${wordAfter(tokens, spot.second)}`);
    for (const index of findContracted(tokens))
      count(`short:${keyOf(tokens[index] as Token)} ${wordAfter(tokens, index)}`);
  }
  return new Set([...counts].filter(([, n]) => n > 1).map(([key]) => key));
}

/** True when a verb follows token `index`, adverbs aside ("not always know"). */
function negatesVerb(tokens: readonly Token[], index: number): boolean {
  let at = nextSolid(tokens, index);
  while (tokens[at]?.kind === 'word' && tokens[at]?.tags.includes('ADV') && !tokens[at]?.tags.includes('VERB'))
    at = nextSolid(tokens, at);
  const verb = tokens[at];
  return verb !== undefined && verb.kind === 'word' && isVerbal(verb);
}

/**
 * True for a token where contractionEdits may start an edit: the first word of a contractible full
 * form ("do" of "do not", "cannot") or a contraction (`key`: its lower-case key).
 */
export function mayContract(piece: Token, key: string): boolean {
  return key === 'cannot' || FIRST_WORDS.has(key) || EXPANSIONS.has(key);
}

/** "I'…" or "I’…" (the pronoun's contractions may be expanded even where the word is locked as a name). */
function startsWithIApostrophe(text: string): boolean {
  return text.charCodeAt(0) === 73 && (text[1] === "'" || text[1] === '’');
}

/** True for a contracted word that may be expanded (`lower` its lower-case key). */
export function isExpandable(piece: Token, lower: string): boolean {
  return (isEditableWord(piece) || startsWithIApostrophe(piece.text)) && EXPANSIONS.has(lower);
}

/** Contracted words that may be expanded (the lexicon's forms; `'s` only where it means `is`/`has`). */
export function findContracted(tokens: readonly Token[]): number[] {
  const out: number[] = [];
  tokens.forEach((piece, i) => {
    if (isExpandable(piece, keyOf(piece))) out.push(i);
  });
  return out;
}

/**
 * The places a contraction fits in one sentence, and how many are written contracted. Two spots that
 * share a word ("it is not": "it's not" or "it isn't") are one place: one contraction fills it.
 */
export function contractionPlaces(tokens: readonly Token[]): { contracted: number; places: number } {
  const contracted = findContracted(tokens).length;
  let open = 0;
  let lastWord = -1;
  for (const spot of findContractible(tokens)) {
    if (spot.first > lastWord) open += 1;
    lastWord = spot.second;
  }
  return { contracted, places: contracted + open };
}

function apostrophe(context: EditContext, text: string): string {
  return context.curlyQuotes === true ? text.replace(/'/g, '’') : text;
}

const THIRD_SINGULAR = new Set(['he', 'she', 'it', 'this', 'that', 'there', 'who', 'what', 'one']);
// Keys (keyOf): lower case, straight apostrophes.
const EXISTENTIAL = new Set(["there's", "here's", "where's"]);
const SINGULAR_AFTER_IS = new Set([
  'a',
  'an',
  'one',
  'no',
  'nothing',
  'something',
  'someone',
  'somebody',
  'little',
  'much',
  'another',
  'this',
  'that',
  'the',
]);

/**
 * Contracting and expanding edits of one sentence. `repeated`: the forms its passage writes more than
 * once (repeatedForms), which are left alone so that the passage keeps one form.
 */
export function contractionEdits(
  tokens: readonly Token[],
  context: EditContext,
  repeated: ReadonlySet<string> = new Set(),
): TokenEdit[] {
  const edits: TokenEdit[] = [];
  for (const spot of context.proposes.contract ? findContractible(tokens) : []) {
    if (repeated.has(`full:${spot.contracted} ${wordAfter(tokens, spot.second)}`)) continue;
    const first = tokens[spot.first];
    const second = tokens[spot.second];
    if (first === undefined || second === undefined) continue;
    const written = apostrophe(
      context,
      spot.contracted === "i'm" || spot.contracted.startsWith("i'") ? capitalize(spot.contracted) : spot.contracted,
    );
    const tags: Upos[] = spot.first === spot.second ? first.tags : [...first.tags, ...second.tags];
    const text = isCapitalized(first.text) ? capitalize(written) : written;
    edits.push({ op: 'contract', tokens: splice(tokens, spot.first, spot.second + 1, [word(text, tags)]) });
  }
  for (const index of context.proposes.expand ? findContracted(tokens) : []) {
    const piece = tokens[index];
    if (piece === undefined || repeated.has(`short:${keyOf(piece)} ${wordAfter(tokens, index)}`)) continue;
    let full = EXPANSIONS.get(keyOf(piece)) ?? '';
    // "it's been" is "it has been", not "it is been".
    const next = tokens[nextSolid(tokens, index)];
    // A negative question or inversion keeps its contraction: "Shouldn't we" is no "Should not we".
    if ((full.endsWith(' not') || full === 'cannot') && next !== undefined && INVERTED_SUBJECTS.has(keyOf(next)))
      continue;
    if (/ is$/.test(full) && next !== undefined && /^(?:been|got|gotten)$/i.test(next.text))
      full = full.replace(/ is$/, ' has');
    // Spoken "there's so many issues" agrees with nothing written out: "there is so many" is wrong.
    // "there's" and "here's" are expanded only before what "is" agrees with (a, an, one, no, …).
    if (EXISTENTIAL.has(keyOf(piece)) && (next === undefined || !SINGULAR_AFTER_IS.has(keyOf(next)))) continue;
    // "he don't like" is dialect written on purpose: "he do not" is neither the speaker's nor standard.
    if (keyOf(piece) === "don't") {
      const before = tokens[previousSolid(tokens, index)];
      if (before !== undefined && THIRD_SINGULAR.has(keyOf(before))) continue;
    }
    const parts = full.split(' ');
    const firstTags = piece.tags.slice(0, 1);
    const restTags = piece.tags.length > 1 ? piece.tags.slice(1) : piece.tags;
    const replacement =
      parts.length === 1
        ? [word(matchCase(piece.text, full), piece.tags)]
        : [
            word(parts[0] === 'i' ? 'I' : matchCase(piece.text, parts[0] ?? ''), firstTags),
            space(),
            word(parts[1] ?? '', restTags),
          ];
    edits.push({ op: 'expand', tokens: splice(tokens, index, index + 1, replacement) });
  }
  return edits;
}
