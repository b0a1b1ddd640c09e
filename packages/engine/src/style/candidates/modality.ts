/**
 * Modality of aligned clauses: whether a rewrite still says a thing is possible, advised, required or
 * happens sometimes, often or always, as its input did. "Reading it aloud can help you catch
 * mistakes" → "you will catch mistakes" states as certain what was possible; "should wait" → "must
 * wait" makes advice a rule; "often get in the way" → "are always getting in the way" overstates.
 * Each is a changed claim to a careful reader, though no word was negated. Per aligned group (the
 * alignment of polarity.ts), the set of modal classes on each side must match: a rewording within a
 * class ("can" → "may", "often" → "frequently") keeps it. Negation is polarity.ts's to judge:
 * "cannot" is possibility here, its "not" counted there.
 */
import { alignClauses, saysEagerness, type Clause, type ClauseGroup } from './polarity.js';

/** How sure, binding or frequent a clause says something is. */
export type Modality = 'possible' | 'advised' | 'required' | 'sometimes' | 'often' | 'always';

/** An aligned group whose modal classes differ between the input and the rewrite. */
export interface ModalityChange {
  /** The input's clauses of the group, joined. */
  input: string;
  /** The rewrite's clauses of the group, joined. */
  output: string;
  /** The input's classes the rewrite states more firmly (see overstatements). */
  lost: Modality[];
  /** Classes the rewrite has and the input lacks. */
  added: Modality[];
}

const SINGLE_WORDS: ReadonlyMap<string, Modality> = new Map(
  (
    [
      ['possible', 'can could may might cannot perhaps possibly maybe able unable possible impossible'],
      ['advised', 'should ought'],
      ['required', 'must'],
      ['sometimes', 'sometimes occasionally'],
      ['often', 'often frequently usually typically generally commonly'],
      ['always', 'always invariably constantly'],
    ] as const
  ).flatMap(([modality, words]) => words.split(' ').map((word) => [word, modality] as const)),
);
// Contracted forms keep their class: "can't" is possibility denied, "mustn't" a rule.
const CONTRACTED: ReadonlyMap<string, Modality> = new Map([
  ["can't", 'possible'],
  ["couldn't", 'possible'],
  ["mightn't", 'possible'],
  ["shouldn't", 'advised'],
  ["oughtn't", 'advised'],
  ["mustn't", 'required'],
]);
// "have to", "needs to", "got to": obligation spelled with a verb and "to".
const REQUIRING_BEFORE_TO = new Set(['have', 'has', 'had', 'having', 'need', 'needs', 'needed', 'got']);

/** The modal classes of a clause's words. */
export function modalitiesOf(words: readonly string[]): Set<Modality> {
  const out = new Set<Modality>();
  words.forEach((word, index) => {
    const next = words[index + 1];
    if (saysEagerness(word, next)) return;
    const modality = SINGLE_WORDS.get(word) ?? CONTRACTED.get(word);
    if (modality !== undefined) out.add(modality);
    else if (REQUIRING_BEFORE_TO.has(word) && next === 'to') out.add('required');
  });
  return out;
}

function sideOf(clauses: readonly Clause[]): Set<Modality> {
  const out = new Set<Modality>();
  for (const clause of clauses) for (const modality of modalitiesOf(clause.words)) out.add(modality);
  return out;
}

const FREQUENCY: readonly Modality[] = ['sometimes', 'often', 'always'];
// Permission and enabling keep a possibility when a rewrite says it so ("backups let you recover"
// for "you can recover"); as an input's own words they are too often idiom ("let me know") to
// count as a hedge the rewrite must keep.
const ENABLING = new Set(
  'let lets letting allow allows allowed allowing enable enables enabled enabling permit permits permitted free'.split(
    ' ',
  ),
);

/** True when a rewrite's clauses still say the thing is possible, by a modal or by enabling. */
function keepsPossibility(after: ReadonlySet<Modality>, clauses: readonly Clause[]): boolean {
  return after.has('possible') || clauses.some((clause) => clause.words.some((word) => ENABLING.has(word)));
}

/** The strongest frequency a side states, as its rank in FREQUENCY (−1: none). */
function frequencyRank(side: ReadonlySet<Modality>): number {
  return FREQUENCY.reduce((rank, modality, index) => (side.has(modality) ? index : rank), -1);
}

/**
 * The ways the rewrite states more than the input: what was possible made plain fact or a rule
 * ("can help" → "helps", "will help"), advice made a rule ("should" → "must"), a frequency raised
 * ("often" → "always"). A hedge the rewrite adds, or a modal where the input framed a thing
 * otherwise ("it is important to" → "must"), is a rewording a reader passes: not counted.
 */
function overstatements(
  before: ReadonlySet<Modality>,
  after: ReadonlySet<Modality>,
  output: readonly Clause[],
): Modality[] {
  const out: Modality[] = [];
  if (before.has('possible') && !keepsPossibility(after, output)) out.push('possible');
  if (before.has('advised') && !after.has('advised') && after.has('required')) out.push('advised');
  const rank = frequencyRank(before);
  if (rank >= 0 && frequencyRank(after) > rank) out.push(FREQUENCY[rank]!);
  return out;
}

/**
 * The aligned groups that state more than their input (see overstatements). A clause the rewrite
 * added or dropped has nothing to compare. Pure.
 */
export function modalityChanges(input: readonly Clause[], output: readonly Clause[]): ModalityChange[] {
  return modalityChangesIn(alignClauses(input, output));
}

/** The same over groups already aligned (alignClauses), for a caller that checks more than modality. */
export function modalityChangesIn(groups: readonly ClauseGroup[]): ModalityChange[] {
  const changes: ModalityChange[] = [];
  for (const group of groups) {
    const before = sideOf(group.input);
    const after = sideOf(group.output);
    const lost = overstatements(before, after, group.output);
    if (lost.length === 0) continue;
    changes.push({
      input: group.input.map((clause) => clause.text).join(' '),
      output: group.output.map((clause) => clause.text).join(' '),
      lost,
      added: [...after].filter((modality) => !before.has(modality)),
    });
  }
  return changes;
}
