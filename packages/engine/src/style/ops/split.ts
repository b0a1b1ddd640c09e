import { structureFromCounts } from '@styler-dev/analytics/nlp';
import { capitalize, retext, type Token } from '../text/token.js';
import type { EditContext } from '../edits/context.js';
import { sentenceClass, type SentenceClassCounts } from '../edits/sentence-class.js';
import { isFiniteVerb, opensClause } from './clause-start.js';
import { keyOf, leadingBareVerb, nextSolid, phraseTokens, punct, space } from './tokens.js';
import type { StructureEdit } from './types.js';

const COORDINATORS: Readonly<Record<string, string>> = {
  and: 'addition',
  but: 'contrast',
  so: 'consequence',
  yet: 'contrast',
};
const DEPENDENT_MARKERS = new Set(['SCONJ']);
const RELATIVES = new Set(['which', 'who', 'whom', 'whose', 'that', 'where', 'when']);
const BE_FORMS = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'get', 'gets', 'got']);
/** "not only … but", "not merely … but": the second half completes the first, it does not contrast with it. */
const CORRELATIVE = /\bnot (?:only|merely|just|simply|alone)\b/i;
/** Subordinators that open a dependent clause, whatever the tagger calls them. */
const SUBORDINATORS = new Set([
  'though',
  'although',
  'if',
  'unless',
  'when',
  'whenever',
  'because',
  'since',
  'while',
  'whilst',
  'as',
  'after',
  'before',
  'until',
  'till',
  'once',
  'whereas',
]);

/** True when a stretch opens (after a coordinator) with a subordinator: it is a dependent clause. */
function opensDependent(tokens: readonly Token[]): boolean {
  const words = tokens.filter((piece) => piece.kind === 'word');
  const first = words[0] !== undefined && COORDINATORS[keyOf(words[0])] !== undefined ? words[1] : words[0];
  return first !== undefined && (SUBORDINATORS.has(keyOf(first)) || first.tags.includes('SCONJ'));
}

/** Nouns of time that, with a clause after them, make an adverbial ("The last time you came, …"). */
const TIME_NOUNS = new Set(['time', 'times', 'moment', 'minute', 'instant', 'day', 'night', 'hour', 'year', 'week']);

/**
 * True when a stretch opens with a noun phrase of time followed by a clause ("The last time you came
 * to see us", "Every day we walk"): an adverbial that waits for its main clause, not a main clause.
 */
function opensTimeAdverbial(tokens: readonly Token[]): boolean {
  const words = tokens.filter((piece) => piece.kind === 'word');
  for (let i = 0; i < Math.min(words.length, 4); i += 1) {
    const piece = words[i] as Token;
    if (TIME_NOUNS.has(keyOf(piece))) {
      const after = tokens.indexOf(words[i + 1] as Token);
      return after >= 0 && opensClause(tokens, after);
    }
    if (!piece.tags.some((tag) => tag === 'DET' || tag === 'ADJ' || tag === 'NUM')) return false;
  }
  return false;
}

/**
 * True when the clause after the conjunction runs to a comma and another clause follows with no
 * conjunction: ", and he was asked to speak, he told you …" makes the first of them part of what
 * leads to the second, so the sentence's main clause comes after; a full stop before it leaves a
 * fragment and a garbled sentence.
 */
function leadsIntoClause(right: readonly Token[]): boolean {
  let depth = 0;
  for (let i = 0; i < right.length; i += 1) {
    const text = right[i]?.text;
    if (text === '(' || text === '[') depth += 1;
    if (text === ')' || text === ']') depth = Math.max(0, depth - 1);
    if (depth > 0 || text !== ',') continue;
    const next = nextSolid(right, i);
    const after = right[next];
    if (after === undefined || after.kind !== 'word') return false;
    if (COORDINATORS[keyOf(after)] !== undefined || keyOf(after) === 'or' || keyOf(after) === 'nor') return false;
    return opensClause(right, next);
  }
  return false;
}

/** Both halves of a split keep at least this many words. */
const MIN_PART_WORDS = 4;

function countWords(tokens: readonly Token[]): number {
  return tokens.filter((piece) => piece.kind === 'word').length;
}

function dependentMarkers(tokens: readonly Token[]): number {
  return tokens.filter(
    (piece) =>
      piece.tags.some((tag) => DEPENDENT_MARKERS.has(tag)) ||
      (piece.kind === 'word' && RELATIVES.has(keyOf(piece)) && piece.tags.includes('PRON')),
  ).length;
}

function looksPassive(tokens: readonly Token[]): boolean {
  return tokens.some(
    (piece, i) =>
      piece.kind === 'word' &&
      BE_FORMS.has(keyOf(piece)) &&
      /(?:ed|en|wn|ne)$/.test(tokens[i + 2]?.text ?? '') &&
      (tokens[i + 2]?.tags.includes('VERB') ?? false),
  );
}

/**
 * True when `left` ends in an item of a series, so the comma before the conjunction is a list's and
 * splitting there would cut the list in two: the last comma-separated stretch has no verb of its own
 * ("cells, tissues" before ", and organs"), or is a verb phrase of a series of them ("Remove the
 * weeds, loosen the soil" before ", and mix in compost").
 */
export function endsSeries(left: readonly Token[]): boolean {
  let comma = -1;
  for (let i = left.length - 1; i >= 0; i -= 1) {
    const text = left[i]?.text;
    if (text === ',' || text === ';') {
      comma = i;
      break;
    }
  }
  if (comma < 0) return false;
  const stretch = left.slice(comma + 1);
  return !stretch.some(isFiniteVerb) || leadingBareVerb(stretch) !== undefined;
}

/** Predicted classes of the two halves of a split sentence. */
export function splitClasses(
  whole: SentenceClassCounts,
  left: readonly Token[],
  right: readonly Token[],
): [SentenceClassCounts, SentenceClassCounts] {
  const leftDependent = Math.min(whole.dependentClauses, dependentMarkers(left));
  const rightDependent = whole.dependentClauses - leftDependent;
  const rightIndependent = Math.max(1, whole.independentClauses - 1);
  const passive = whole.voice === 'passive';
  const make = (independentClauses: number, dependentClauses: number, tokens: readonly Token[]): SentenceClassCounts =>
    sentenceClass(
      structureFromCounts(independentClauses, dependentClauses),
      passive && looksPassive(tokens) ? 'passive' : 'active',
      independentClauses,
      dependentClauses,
    );
  return [make(1, leftDependent, left), make(rightIndependent, rightDependent, right)];
}

const PURPOSE_MODALS = new Set(['can', 'could', 'will', 'would', 'may', 'might', 'shall', 'should']);

/** True for a mark splitEdits may split at: an unlocked comma or semicolon. */
export function maySplitAt(piece: Token): boolean {
  return piece.kind === 'punct' && piece.lock === undefined && (piece.text === ',' || piece.text === ';');
}

/**
 * Splits a long sentence at a clause boundary: ", and/but/so/yet" or ";" followed by a subject and
 * a verb, outside brackets and quotes. The conjunction becomes the author's opener for its
 * relation ("But", "However,") or goes (for "and" and ";").
 */
export function splitEdits(
  tokens: readonly Token[],
  classes: SentenceClassCounts,
  context: EditContext,
): StructureEdit[] {
  if (classes.independentClauses < 2) return [];
  const edits: StructureEdit[] = [];
  let depth = 0;
  tokens.forEach((piece, index) => {
    if (piece.text === '(' || piece.text === '[') depth += 1;
    if (piece.text === ')' || piece.text === ']') depth = Math.max(0, depth - 1);
    if (depth > 0 || piece.kind !== 'punct' || piece.lock !== undefined || (piece.text !== ',' && piece.text !== ';'))
      return;
    let at = nextSolid(tokens, index);
    const conjunction = tokens[at];
    let relation: string | undefined;
    if (piece.text === ',') {
      relation =
        conjunction !== undefined && conjunction.lock === undefined ? COORDINATORS[keyOf(conjunction)] : undefined;
      if (relation === undefined) return;
      at = nextSolid(tokens, at);
    }
    const subject = tokens[at];
    // A new main clause must start after the conjunction: a subject directly followed by its verb.
    // ", and the strategies that can help", "; which might be employed", ", and caring for your
    // soil" continue a coordination or open a dependent clause: cut there, they are fragments.
    if (subject === undefined || !opensClause(tokens, at)) return;
    // ", so we can prevent this": "so" before a subject and a modal says what for, not what follows;
    // cut there, "Thus, we can prevent this" states another relation.
    if (relation === 'consequence' && conjunction !== undefined && keyOf(conjunction) === 'so') {
      const verb = tokens[nextSolid(tokens, at)];
      if (verb !== undefined && PURPOSE_MODALS.has(keyOf(verb))) return;
    }
    const left = tokens.slice(0, index);
    const right = tokens.slice(at);
    if (countWords(left) < MIN_PART_WORDS || countWords(right) < MIN_PART_WORDS) return;
    if (endsSeries(left)) return;
    if (relation === 'contrast' && CORRELATIVE.test(left.map((piece) => piece.text).join(''))) return;
    // "…, and the wind doesn't blow, which makes storage essential": the closing ", which" is said of
    // both clauses; split, it would be said of the second alone.
    if (right.some((piece, i) => piece.text === ',' && keyOf(right[i + 2] ?? piece) === 'which')) return;
    if (!left.some(isFiniteVerb) || right.some((p) => p.lock === 'quote') !== left.some((p) => p.lock === 'quote'))
      return;
    // "And though the plan sets guards …, yet it is warrantable …": a left half that opens with a
    // subordinator is a dependent clause waiting for its main clause; alone it is a fragment.
    if (opensDependent(left) || opensTimeAdverbial(left)) return;
    // A split stands only between two main clauses: the clause after the conjunction must not lead
    // into another ("…, and he was called on, he spoke …").
    if (leadsIntoClause(right)) return;
    const opened = subject.lock === undefined ? [retext(subject, capitalize(subject.text)), ...right.slice(1)] : right;
    const [leftClass, rightClass] = splitClasses(classes, left, right);
    const first = { tokens: [...left, punct('.'), space()], classes: leftClass };
    const openers = relation === undefined || relation === 'addition' ? [''] : [];
    if (relation === 'contrast')
      openers.push(...['But', 'However', 'Yet'].filter((form) => (context.connectiveCounts[form] ?? 0) > 0));
    if (relation === 'consequence')
      openers.push(...['So', 'Therefore', 'Thus'].filter((form) => (context.connectiveCounts[form] ?? 0) > 0));
    if (relation === 'addition' && (context.connectiveCounts['And'] ?? 0) > 0) openers.push('And');
    for (const opener of openers) {
      const lead =
        opener === ''
          ? []
          : [
              ...phraseTokens(opener, [
                opener === 'However' || opener === 'Therefore' || opener === 'Thus' ? 'ADV' : 'CCONJ',
              ]),
              ...(opener === 'However' || opener === 'Therefore' || opener === 'Thus' ? [punct(',')] : []),
              space(),
            ];
      const body = opener === '' ? opened : right;
      edits.push({
        op: `split${opener === '' ? '' : `-${opener.toLowerCase()}`}`,
        sentences: [first, { tokens: [...lead, ...body], classes: rightClass }],
      });
    }
  });
  return edits;
}
