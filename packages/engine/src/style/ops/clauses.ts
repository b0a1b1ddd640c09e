import { isEditableWord, type Token } from '../text/token.js';
import { isVerbal, keyOf, splice, space, word } from './tokens.js';
import type { TokenEdit } from './types.js';
import { isPersonNoun } from '../wordnet/person.js';

/** Verbs that take a that-clause, where "that" may be written or left out without changing the meaning. */
const COMPLEMENT_VERBS = new Set(
  (
    'know knows knew think thinks thought believe believes believed say says said hope hopes hoped feel feels felt ' +
    'mean means meant suggest suggests suggested show shows showed realize realizes realized realise realises realised ' +
    'find finds found expect expects expected agree agrees agreed notice notices noticed learn learns learned ' +
    'remember remembers remembered understand understands understood ensure ensures ensured assume assumes assumed'
  ).split(' '),
);
const SUBJECT_PRONOUNS = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'it', 'this', 'there']);

/** True for a word clauseWordEdits may act around: a verb taking a that-clause, or "that"/"which". */
export function mayEditClauseWord(piece: Token, key: string): boolean {
  return piece.kind === 'word' && (COMPLEMENT_VERBS.has(key) || key === 'that' || key === 'which');
}

const WH_WORDS = new Set(['what', 'which', 'how', 'whose']);
/** Words looked back for a wh-word that makes a following "that" demonstrative. */
const WH_LOOKBACK = 4;

/** True when a wh-word stands among the few words before token `index`, in its clause. */
function afterWhWord(tokens: readonly Token[], index: number): boolean {
  let seen = 0;
  for (let i = index - 1; i >= 0 && seen < WH_LOOKBACK; i -= 1) {
    const piece = tokens[i]!;
    if (piece.kind === 'punct') return false;
    if (piece.kind !== 'word') continue;
    if (WH_WORDS.has(keyOf(piece))) return true;
    seen += 1;
  }
  return false;
}

/** Pronouns that head a contact relative clause as a noun does ("everything you know"). */
const INDEFINITE_HEADS = new Set(['everything', 'anything', 'something', 'nothing', 'all']);

/**
 * True when the verb at `index` has its subject pronoun right after a noun: "the first thing you know
 * you …", "the place I think we met" are relative clauses whose object is the noun before them, so
 * what follows the verb is no that-clause of its own and a "that" there breaks the sentence.
 */
function inContactRelative(tokens: readonly Token[], index: number): boolean {
  const subject = tokens[index - 2];
  const head = tokens[index - 4];
  if (subject?.kind !== 'word' || !subject.tags.includes('PRON')) return false;
  if (tokens[index - 3]?.text !== ' ' || head?.kind !== 'word') return false;
  return head.tags.includes('NOUN') || head.tags.includes('PROPN') || INDEFINITE_HEADS.has(keyOf(head));
}

/**
 * Complementizer and relative-pronoun edits: "know we" ↔ "know that we" after verbs that take a
 * that-clause, and "that" ↔ "which" introducing a relative clause right after a noun.
 */
export function clauseWordEdits(tokens: readonly Token[]): TokenEdit[] {
  const edits: TokenEdit[] = [];
  tokens.forEach((piece, i) => {
    if (!isEditableWord(piece)) return;
    const lower = keyOf(piece);
    const next = tokens[i + 2];
    if (tokens[i + 1]?.text !== ' ' || next === undefined) return;
    const nextLower = keyOf(next);
    if (COMPLEMENT_VERBS.has(lower) && piece.tags.includes('VERB')) {
      // Only before a subject with its own verb ("know we should"), never before an object ("know you well").
      const verb = tokens[i + 4];
      const finite = tokens[i + 3]?.text === ' ' && verb !== undefined && isVerbal(verb);
      if (SUBJECT_PRONOUNS.has(nextLower) && next.kind === 'word' && finite && !inContactRelative(tokens, i)) {
        edits.push({ op: 'that-insert', tokens: splice(tokens, i + 2, i + 2, [word('that', ['SCONJ']), space()]) });
      }
      const after = tokens[i + 4];
      if (
        nextLower === 'that' &&
        isEditableWord(next) &&
        tokens[i + 3]?.text === ' ' &&
        after !== undefined &&
        SUBJECT_PRONOUNS.has(keyOf(after))
      ) {
        edits.push({ op: 'that-drop', tokens: splice(tokens, i + 2, i + 4, []) });
      }
    }
    if (
      (piece.tags.includes('NOUN') || piece.tags.includes('PROPN')) &&
      isEditableWord(next) &&
      (nextLower === 'that' || nextLower === 'which')
    ) {
      const verb = tokens[i + 4];
      // A subject relative: its verb right after the pronoun. A contracted pronoun ("he's", tagged
      // PRON and AUX) opens a clause of its own: "at the same time that he's better" is no relative.
      if (tokens[i + 3]?.text !== ' ' || verb === undefined || !isVerbal(verb) || verb.tags.includes('PRON')) return;
      if (nextLower === 'which' && !next.tags.includes('PRON') && !next.tags.includes('DET')) return;
      // "the man which has them": "which" never follows a person (a name, or a noun whose main sense is one).
      if (nextLower === 'that' && (piece.tags.includes('PROPN') || isPersonNoun(piece.text))) return;
      // "what kind of earth that is": after a "what" the "that" is a demonstrative, no relative.
      if (nextLower === 'that' && afterWhWord(tokens, i)) return;
      const swapped = nextLower === 'that' ? 'which' : 'that';
      edits.push({ op: 'relative', tokens: splice(tokens, i + 2, i + 3, [word(swapped, next.tags)]) });
    }
  });
  return edits;
}
