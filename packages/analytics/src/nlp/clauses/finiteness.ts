import type { IntroducerKind } from './introducer.js';
import type { SentenceView } from './sentence-view.js';
import { lowerAt, previousContentIndex, tagAt } from './sentence-view.js';
import type { SubjectInfo } from './subject.js';
import type { VerbGroup } from './verb-groups.js';
import { VerbFormFlag, verbFormFlags } from './verb-forms.js';
import {
  BARE_INFINITIVE_TAKERS,
  COMPLEMENT_TAKERS,
  FINITE_BE,
  MODALS,
  PLURAL_OR_LOCAL_PRONOUNS,
} from './word-lists.js';

/** Finiteness of one verb group's clause. */
export interface ClauseForm {
  /** The group carries tense (or is an imperative): it can head a finite clause. */
  finite: boolean;
  /** A bare verb opening a clause without a subject ("Read the article", "Don't go"). */
  imperative: boolean;
}

/** Everything finiteness depends on besides the group itself. */
export interface ClauseContext {
  subject: SubjectInfo;
  introducer: IntroducerKind;
  /** A finite verb of the same clause came earlier (no clause boundary since). */
  openClause: boolean;
}

const FINITE_OPERATORS: ReadonlySet<string> = new Set(['has', 'does', 'did', 'had', "'ve", "'d"]);
const NON_FINITE: ClauseForm = { finite: false, imperative: false };
const FINITE: ClauseForm = { finite: true, imperative: false };
const IMPERATIVE: ClauseForm = { finite: true, imperative: true };

/** A bare verb with its own subject is a present tense only after a plural or 1st/2nd person subject. */
function bareFormIsFinite(view: SentenceView, context: ClauseContext, introducerLower: string): boolean {
  const { subject, introducer } = context;
  if (subject.kind === 'wh' || subject.kind === 'inverted') return true;
  if (BARE_INFINITIVE_TAKERS.has(introducerLower)) return false;
  if (subject.kind === 'pronoun') return PLURAL_OR_LOCAL_PRONOUNS.has(lowerAt(view, subject.head));
  if (subject.kind !== 'noun') return false;
  if (introducer === 'verb') return COMPLEMENT_TAKERS.has(introducerLower) || !context.openClause;
  return introducer !== 'other' || !context.openClause;
}

/** A regular -ed form after a noun is a past tense unless it sits where a reduced relative would. */
function edFormIsPast(view: SentenceView, group: VerbGroup, context: ClauseContext, introducerLower: string): boolean {
  const { subject, introducer } = context;
  if (subject.kind === 'pronoun' || subject.kind === 'wh' || subject.kind === 'inverted') return true;
  const next = lowerAt(view, group.last + 1);
  if (next === 'by') return false;
  // "Just wanted to confirm", "Really enjoyed it": a subjectless past opening a sentence with a
  // complement; "Highly recommended." and "Posted by darin" stay participles.
  if (subject.kind === 'none') return introducer === 'start' && next !== '' && tagAt(view, group.last + 1) !== 'PUNCT';
  if (subject.kind !== 'noun') return false;
  if (introducer === 'verb') return COMPLEMENT_TAKERS.has(introducerLower) || !context.openClause;
  return introducer !== 'other' || !context.openClause;
}

/**
 * Decides whether a verb group is finite, from its first verbal token's form and its context:
 * finite auxiliaries and modals always; -s forms always; unambiguous pasts always; -ed forms and
 * bare forms only with a subject that licenses them; a bare verb opening a clause is an imperative.
 */
export function clauseForm(view: SentenceView, group: VerbGroup, context: ClauseContext): ClauseForm {
  const first = lowerAt(view, group.first);
  if (lowerAt(view, previousContentIndex(view, group.first)) === 'to') return NON_FINITE;
  const introducerLower = lowerAt(view, context.subject.introducer);
  const opensClause =
    context.subject.kind === 'none' && (context.introducer === 'start' || context.introducer === 'punct');
  if (MODALS.has(first) || FINITE_BE.has(first) || FINITE_OPERATORS.has(first)) return FINITE;
  if (first === 'be' || first === 'do' || first === 'have') {
    if (opensClause) return IMPERATIVE;
    if (first === 'be') return NON_FINITE;
    // Auxiliary have/do with a subject and a verb after it: perfect or emphatic, always tensed.
    const auxiliaryUse =
      group.last > group.first && (context.subject.kind === 'pronoun' || context.subject.kind === 'noun');
    if (auxiliaryUse && !BARE_INFINITIVE_TAKERS.has(introducerLower)) return FINITE;
  }
  if (first === 'been' || first === 'being') return NON_FINITE;
  const flags = verbFormFlags(first);
  if ((flags & VerbFormFlag.ing) !== 0) return NON_FINITE;
  if ((flags & VerbFormFlag.present3) !== 0) return FINITE;
  if ((flags & VerbFormFlag.past) !== 0) {
    if ((flags & VerbFormFlag.participle) === 0) return FINITE;
    if (edFormIsPast(view, group, context, introducerLower)) return FINITE;
    if ((flags & VerbFormFlag.base) === 0) return NON_FINITE;
  }
  if ((flags & VerbFormFlag.base) === 0) return NON_FINITE;
  if (bareFormIsFinite(view, context, introducerLower)) return FINITE;
  // "Email: ..." is a label, not an imperative.
  if (lowerAt(view, group.last + 1) === ':') return NON_FINITE;
  return opensClause ? IMPERATIVE : NON_FINITE;
}
