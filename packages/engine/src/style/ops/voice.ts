import { IRREGULAR_BASE_FORMS } from '@styler/analytics/nlp';
import { capitalize, decapitalize, isEditableWord, retext, type Token } from '../text/token.js';
import { sentenceClass, type SentenceClassCounts } from '../edits/sentence-class.js';
import { lemmatize } from '../wordnet/morphy.js';
import { keyOf, lowerKey, space, splice, word } from './tokens.js';
import type { StructureEdit } from './types.js';
import { DETERMINERS_AND_QUANTIFIERS } from '../lexicon/determiners.js';

const PRONOUNS = new Set([
  'i',
  'we',
  'they',
  'he',
  'she',
  'you',
  'it',
  'this',
  'that',
  'these',
  'those',
  'one',
  'someone',
  'everyone',
]);
const MODIFIER_TAGS = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM']);
// Linking verbs take a complement, not an object: they have no passive.
const LINKING_VERBS = new Set([
  'remained',
  'seemed',
  'appeared',
  'proved',
  'stayed',
  'turned',
  'looked',
  'sounded',
  'felt',
  'grew',
  'ended',
  'started',
  'continued',
  'remains',
  'seems',
  'appears',
  'stays',
  'looks',
  'sounds',
  'feels',
  'needs',
  'wants',
  'likes',
  'loves',
  'hopes',
  'means',
  'lacks',
  'has',
  'have',
  'contains',
  'costs',
  'weighs',
  'equals',
  'resembles',
  'deserves',
]);
const FOLLOWERS = new Set([
  'in',
  'on',
  'at',
  'for',
  'during',
  'from',
  'with',
  'across',
  'after',
  'before',
  'over',
  'through',
  'within',
  'without',
  'last',
  'this',
]);

/** End (exclusive) of a noun phrase starting at `start`: determiner?, modifiers, a noun head; one "of"-phrase allowed. */
export function nounPhraseEnd(tokens: readonly Token[], start: number, allowOf = true): number {
  let at = start;
  let words = 0;
  let end = -1;
  const first = tokens[at];
  if (first?.kind === 'word' && DETERMINERS_AND_QUANTIFIERS.has(keyOf(first))) {
    at += 2;
    words += 1;
  }
  while (words < 7) {
    const piece = tokens[at];
    if (
      piece === undefined ||
      piece.kind !== 'word' ||
      !piece.tags.some((tag) => MODIFIER_TAGS.has(tag)) ||
      piece.tags.includes('PART')
    )
      break;
    const noun = piece.tags.includes('NOUN') || piece.tags.includes('PROPN');
    // After the head noun only more nouns (a compound) belong to the phrase: "the service | last week".
    if (end > 0 && !noun) break;
    if (noun) end = at + 1;
    words += 1;
    if (tokens[at + 1]?.text !== ' ') break;
    at += 2;
  }
  if (end < 0) return -1;
  if (
    allowOf &&
    tokens[end]?.text === ' ' &&
    lowerKey(tokens[end + 1]?.text ?? '') === 'of' &&
    tokens[end + 2]?.text === ' '
  ) {
    const inner = nounPhraseEnd(tokens, end + 3, false);
    if (inner > 0) return inner;
  }
  return end;
}

function isRegularPast(piece: Token | undefined): boolean {
  if (!isEditableWord(piece) || piece.tags.length !== 1 || piece.tags[0] !== 'VERB' || !/^[a-z]+ed$/.test(piece.text))
    return false;
  const lemmas = lemmatize(piece.text, 'verb');
  return lemmas.length > 0 && lemmas.every((lemma) => lemma.ending === 'ed');
}

// Verbs stressed on the last syllable double their final consonant ("admitted").
const FINAL_STRESS = new Set([
  'admit',
  'commit',
  'submit',
  'permit',
  'omit',
  'refer',
  'prefer',
  'occur',
  'control',
  'regret',
  'equip',
  'compel',
  'propel',
  'transfer',
  'expel',
  'patrol',
]);

/** The past participle of a regular verb's base form, or undefined for an irregular verb. */
export function regularParticiple(lemma: string): string | undefined {
  if (IRREGULAR_BASE_FORMS.has(lemma) || !/^[a-z]+$/.test(lemma)) return undefined;
  if (lemma.endsWith('e')) return `${lemma}d`;
  if (/[^aeiou]y$/.test(lemma)) return `${lemma.slice(0, -1)}ied`;
  const last = lemma.charAt(lemma.length - 1);
  const oneSyllable = /^[^aeiouy]*[aeiouy]+[^aeiouy]*$/.test(lemma);
  if ((oneSyllable && /[^aeiou][aeiou][bdgklmnprtv]$/.test(lemma)) || FINAL_STRESS.has(lemma))
    return `${lemma}${last}ed`;
  return `${lemma}ed`;
}

const MODALS = new Set(['will', 'can', 'should', 'must', 'may', 'might', 'could', 'would']);

/** A finite verb group at `at`: how many tokens it spans, its participle and its passive auxiliary (by the object's number). */
interface VerbGroup {
  end: number;
  participle: string;
  auxiliary: (plural: boolean) => string[];
}

function verbGroupAt(tokens: readonly Token[], at: number): VerbGroup | undefined {
  const piece = tokens[at];
  if (!isEditableWord(piece)) return undefined;
  const lower = keyOf(piece);
  if (isRegularPast(piece))
    return { end: at + 1, participle: piece.text, auxiliary: (plural) => [plural ? 'were' : 'was'] };
  if (MODALS.has(lower) && tokens[at + 1]?.text === ' ') {
    const verb = tokens[at + 2];
    if (!isEditableWord(verb) || verb.tags.length !== 1 || verb.tags[0] !== 'VERB') return undefined;
    const participle = regularParticiple(keyOf(verb));
    return participle === undefined || lemmatize(keyOf(verb), 'verb')[0]?.ending !== ''
      ? undefined
      : { end: at + 3, participle, auxiliary: () => [lower, 'be'] };
  }
  if (piece.tags.length !== 1 || piece.tags[0] !== 'VERB' || /(?:ed|ing)$/.test(lower)) return undefined;
  const base = lemmatize(lower, 'verb').find((lemma) => lemma.ending === 's' || lemma.ending === '');
  const participle = base === undefined ? undefined : regularParticiple(base.lemma);
  return participle === undefined
    ? undefined
    : { end: at + 1, participle, auxiliary: (plural) => [plural ? 'are' : 'is'] };
}

function plural(head: string): boolean {
  return /[^sui]s$/i.test(head);
}

/**
 * Active to passive for a plain clause: "[the team] improved [response times] ..." → "Response
 * times were improved by the team ..."; present ("offers" → "is offered") and modal ("will
 * review" → "will be reviewed") verb groups too. Only regular verbs, a full noun-phrase subject
 * (never a pronoun) and a noun-phrase object followed by a preposition
 * or the end of the clause. An opening phrase closed by a comma ("Last quarter, ...") stays in front.
 */
export function passiveEdits(tokens: readonly Token[], classes: SentenceClassCounts): StructureEdit[] {
  let subjectStart = tokens.findIndex((piece) => piece.kind !== 'markup' && piece.kind !== 'space');
  if (subjectStart < 0 || tokens[subjectStart]?.kind !== 'word') return [];
  const comma = tokens.findIndex((piece) => piece.text === ',');
  if (comma > 0 && comma < subjectStart + 10 && tokens[comma + 1]?.text === ' ') subjectStart = comma + 2;
  const subjectToken = tokens[subjectStart];
  if (subjectToken === undefined || subjectToken.kind !== 'word') return [];
  // A pronoun agent ("… can be tracked by you") reads as broken English: full noun phrases only.
  if (PRONOUNS.has(keyOf(subjectToken))) return [];
  const subjectEnd = nounPhraseEnd(tokens, subjectStart);
  if (subjectEnd < 0 || tokens[subjectEnd]?.text !== ' ') return [];
  const verb = tokens[subjectEnd + 1];
  const group = verbGroupAt(tokens, subjectEnd + 1);
  if (group === undefined || LINKING_VERBS.has(lowerKey(verb?.text ?? '')) || tokens[group.end]?.text !== ' ')
    return [];
  const objectStart = group.end + 1;
  const objectEnd = nounPhraseEnd(tokens, objectStart);
  if (objectEnd < 0) return [];
  const objectTokens = tokens.slice(objectStart, objectEnd);
  const subjectTokens = tokens.slice(subjectStart, subjectEnd);
  if ([...objectTokens, ...subjectTokens].some((piece) => piece.lock === 'quote' || piece.lock === 'code')) return [];
  const after = tokens[objectEnd];
  const next = tokens[objectEnd + 1];
  // A comma after the object may continue a list ("insights, streaks, and challenges"): only an end mark closes it.
  const closes = after?.kind === 'punct' && /^[.;!?]$/.test(after.text);
  const continues = after?.text === ' ' && next !== undefined && FOLLOWERS.has(keyOf(next));
  if (!closes && !continues) return [];
  const atStart = tokens.slice(0, subjectStart).every((piece) => piece.kind !== 'word');
  const head = objectTokens[objectTokens.length - 1]?.text ?? '';
  const auxiliary = group.auxiliary(plural(head)).flatMap((part) => [word(part, ['AUX']), space()]);
  const firstObject = objectTokens[0] as Token;
  const object =
    atStart && firstObject.lock === undefined
      ? [retext(firstObject, capitalize(firstObject.text)), ...objectTokens.slice(1)]
      : objectTokens;
  const agent =
    atStart && subjectToken.lock === undefined
      ? [retext(subjectToken, decapitalize(subjectToken.text)), ...subjectTokens.slice(1)]
      : subjectTokens;
  const participle = retext(tokens[group.end - 1] as Token, group.participle);
  const replacement = [...object, space(), ...auxiliary, participle, space(), word('by', ['ADP']), space(), ...agent];
  return [
    {
      op: 'passive',
      sentences: [
        {
          tokens: splice(tokens, subjectStart, objectEnd, replacement),
          classes: sentenceClass(classes.structure, 'passive', classes.independentClauses, classes.dependentClauses),
        },
      ],
    },
  ];
}
