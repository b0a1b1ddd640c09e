import { opensClause } from './clause-start.js';
import {
  CONNECTIVES,
  DROPPABLE_CONCEPTS,
  matchConnective,
  startsConnective,
  type ConnectiveForm,
  type ConnectiveMatch,
} from '../lexicon/connectives.js';
import { capitalize, decapitalize, isEditableWord, retext, type Token } from '../text/token.js';
import type { EditContext } from '../edits/context.js';
import { isVerbal, keyOf, nextSolid, openingWord, phraseTokens, punct, space, splice } from './tokens.js';
import type { TokenEdit } from './types.js';

/** The connective opening a sentence: tokens [start, end) cover the form and its comma and the space after. */
export interface OpeningConnective {
  match: ConnectiveMatch;
  start: number;
  end: number;
  /** Index of the first word after the connective. */
  next: number;
}

// Ambiguous comma-less openers: "So many", "Yet another", "And so on" are not connectives.
const NOT_AFTER_SO = new Set(['many', 'much', 'far', 'long', 'few', 'little', 'that', 'to', 'what', 'on', 'too']);

/** Openers that are coordinators, written without a comma. */
const COORDINATOR_FORMS: ReadonlySet<string> = new Set(['And', 'But', 'Yet', 'So']);

/**
 * True when the opener `from` may give way to `to`. A formal connective may become the plain
 * coordinator of its relation ("Moreover," → "And", "However," → "But") unless a verb follows it. The other way is narrower: a
 * sentence-opening "And" or "So" often narrates ("And the man replied", "So I asked him") rather
 * than adds or concludes, so neither becomes "Moreover,"/"Besides,"/"Therefore,"; "But"/"Yet" become
 * "However," only before a clause of their own ("But such men entertain …", not "Yet, had I been …").
 */
function maySwap(
  from: ConnectiveMatch,
  to: ConnectiveForm,
  tokens: readonly Token[],
  found: OpeningConnective,
): boolean {
  // "Hence, say they, …" is no "So say they, …": without the connective's comma a verb after it
  // reads as an inversion ("so say they" = "they say so too").
  if (COORDINATOR_FORMS.has(to.text)) {
    const next = tokens[found.next];
    return next === undefined || !isVerbal(next);
  }
  if (!COORDINATOR_FORMS.has(from.form.text)) return true;
  return from.concept === 'contrast' && opensClause(tokens, found.next);
}

/** Finds the connective that opens the sentence, if any (only editable words; comma forms need their comma). */
export function findOpeningConnective(tokens: readonly Token[]): OpeningConnective | undefined {
  const start = openingWord(tokens);
  const opening = tokens[start];
  // Most sentences open with a word no connective starts with.
  if (start < 0 || !isEditableWord(opening) || !startsConnective(keyOf(opening))) return undefined;
  const words: string[] = [];
  const indices: number[] = [];
  for (let i = start; i < tokens.length && words.length < 5; i += 1) {
    const piece = tokens[i];
    if (piece?.kind === 'space') continue;
    if (!isEditableWord(piece)) break;
    words.push(keyOf(piece));
    indices.push(i);
  }
  const match = matchConnective(words);
  if (match === undefined) return undefined;
  const last = indices[match.words - 1] ?? start;
  let after = nextSolid(tokens, last);
  const comma = tokens[after]?.text === ',' && tokens[after]?.lock === undefined;
  if (match.form.comma && !comma) return undefined;
  if (comma) after = nextSolid(tokens, after);
  const following = tokens[after];
  if (!isEditableWord(following) && following?.kind !== 'word') return undefined;
  if (!comma && (match.form.text === 'So' || match.form.text === 'Yet') && NOT_AFTER_SO.has(keyOf(following)))
    return undefined;
  // "So were they", "So do I", "And was it": inversion after a coordinator says "too" or narrates;
  // it is no consequence or addition a connective of the relation could stand for.
  if (!comma && COORDINATOR_FORMS.has(match.form.text) && following.tags.includes('AUX')) return undefined;
  if (
    !comma &&
    !['PRON', 'DET', 'NOUN', 'PROPN', 'ADV', 'ADJ', 'NUM', 'AUX', 'VERB', 'SCONJ', 'ADP'].some((tag) =>
      following.tags.includes(tag as never),
    )
  ) {
    return undefined;
  }
  return { match, start, end: after, next: after };
}

/** Sentence-initial words that may lose their capital (not names). */
export function canLowercase(piece: Token | undefined, context: EditContext): boolean {
  if (!isEditableWord(piece)) return false;
  const lower = piece.text.toLowerCase();
  if (piece.text === 'I' || /^I['’]/.test(piece.text)) return false;
  return !context.names.has(lower) && (context.vocabulary[lower] ?? 0) > 0;
}

/**
 * Swaps a sentence-opening connective for another form of the same relation that the author
 * uses ("However," → "But"), or leaves it out where the relation allows.
 */
export function connectiveEdits(tokens: readonly Token[], context: EditContext): TokenEdit[] {
  const found = findOpeningConnective(tokens);
  // "But how ...?" is not "However, how ...?": questions keep their opener.
  if (found === undefined || tokens.some((piece) => piece.text === '?')) return [];
  // A lower-case opener ("and putting in …") continues a sentence the text broke at a line or a
  // dash: dropping it and raising the next word's capital would leave a fragment.
  if (!/^\p{Lu}/u.test(tokens[found.start]?.text ?? '')) return [];
  const { match } = found;
  const following = tokens[found.next];
  const edits: TokenEdit[] = [];
  // "Still," and "Even so," concede: read as contrast, but no other form says what they say.
  if (!match.form.writable) return edits;
  for (const form of CONNECTIVES[match.concept]) {
    if (!form.writable || form.text === match.form.text || (context.connectiveCounts[form.text] ?? 0) === 0) continue;
    if (!maySwap(match, form, tokens, found)) continue;
    const phrase = phraseTokens(form.text, form.tags);
    const glue = form.comma ? [punct(','), space()] : [space()];
    edits.push({ op: 'connective', tokens: splice(tokens, found.start, found.end, [...phrase, ...glue]) });
  }
  if (DROPPABLE_CONCEPTS.has(match.concept) && following !== undefined) {
    const capitalised = following.lock === undefined ? retext(following, capitalize(following.text)) : following;
    edits.push({ op: 'connective-drop', tokens: splice(tokens, found.start, found.next + 1, [capitalised]) });
  }
  return edits;
}

/** The sentence without its opening connective, first word lower-cased: what a join appends. */
export function withoutConnective(tokens: readonly Token[], found: OpeningConnective): Token[] {
  const following = tokens[found.next];
  if (following === undefined) return [...tokens];
  // "I" and its contractions keep their capital ("…, but I am young yet").
  const keeps = following.lock !== undefined || following.text === 'I' || /^I['’]/.test(following.text);
  const lowered = keeps ? following : retext(following, decapitalize(following.text));
  return splice(tokens, found.start, found.next + 1, [lowered]);
}
