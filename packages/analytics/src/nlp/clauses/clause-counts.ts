import { clauseForm } from './finiteness.js';
import type { IntroducerKind } from './introducer.js';
import { introducerKind } from './introducer.js';
import type { SentenceView } from './sentence-view.js';
import { isClauseBoundary, isClauseInitial, lowerAt, tagAt } from './sentence-view.js';
import type { SubjectInfo } from './subject.js';
import { findSubject } from './subject.js';
import type { VerbGroup } from './verb-groups.js';
import { COMPLEMENT_TAKERS, REPORTING_VERBS } from './word-lists.js';

/** Independent and dependent finite clauses of one sentence (METRICS.md, "Sentence structure"). */
export interface ClauseCounts {
  /** Main clauses: own subject and finite verb (or imperative), not subordinate. 0 or more. */
  independentClauses: number;
  /** Finite subordinate clauses: adverbial, complement or relative. 0 or more. */
  dependentClauses: number;
}

/** After these, "that"/"which" is not a relative pronoun ("gave it that blessed lack"). */
const PERSONAL_OBJECTS: ReadonlySet<string> = new Set(['it', 'me', 'him', 'her', 'us', 'them', 'you']);

const FREE_RELATIVES: ReadonlySet<string> = new Set(['whoever', 'whatever', 'whichever', 'whomever']);

/** A finite clause's role: main, subordinate, or a verb phrase sharing an earlier clause's subject. */
export type ClauseRole = 'main' | 'dependent' | 'shared';

/** How the rules read one verb group: what the learned model sees besides the tags. */
export interface ClauseReading {
  group: VerbGroup;
  subject: SubjectInfo;
  introducer: IntroducerKind;
  /** The group heads a finite clause (or an imperative). */
  finite: boolean;
  imperative: boolean;
  /** Role of a finite clause; 'none' for a non-finite group. */
  role: ClauseRole | 'none';
  /** The clause added one to the independent or dependent count. */
  counted: boolean;
  /** A final reporting clause that made the clauses before it its complements. */
  reportingTail: boolean;
}

interface ClauseState {
  mainSeen: boolean;
  lastRole: ClauseRole | 'none';
}

/** Role of a clause whose subject is a wh-word or relative pronoun ("who left", "that is"). */
function whSubjectRole(view: SentenceView, subject: SubjectInfo): ClauseRole {
  // "Whoever wins ...", "whatever happens ...": free relatives never ask a question.
  if (FREE_RELATIVES.has(lowerAt(view, subject.head))) return 'dependent';
  const kind = introducerKind(view, subject.introducer);
  if (kind === 'other' && PERSONAL_OBJECTS.has(lowerAt(view, subject.introducer))) return 'main';
  if (kind === 'start' || kind === 'coord') return 'main';
  if (kind === 'punct') {
    // ", which ..." and ", who ..." are relative clauses; ", that is ..." a demonstrative.
    const relative =
      lowerAt(view, subject.introducer) === ',' &&
      lowerAt(view, subject.head) !== 'that' &&
      lowerAt(view, subject.head) !== 'what';
    return relative ? 'dependent' : 'main';
  }
  return 'dependent';
}

/** Adverbial linkers counted with the coordinators that never continue a subordinate clause. */
const CLAUSE_LINKERS: ReadonlySet<string> = new Set(['then', 'so']);

/** Tags after which a new subject starts a run-on main clause ("Staff is friendly [they] treat you"). */
const RUN_ON_BEFORE: ReadonlySet<string> = new Set(['ADJ', 'ADV', 'PROPN', 'NUM', 'SYM', 'X', 'INTJ']);

/**
 * A clause with a subject but no marker, after a noun or the like: a zero relative or complement
 * inside an open clause ("the hype [they are told]"), else a run-on main clause.
 */
function unmarkedClauseRole(view: SentenceView, subject: SubjectInfo, openClause: boolean): ClauseRole {
  if (RUN_ON_BEFORE.has(tagAt(view, subject.introducer))) return 'main';
  return openClause ? 'dependent' : 'main';
}

function clauseRole(
  view: SentenceView,
  subject: SubjectInfo,
  kind: IntroducerKind,
  openClause: boolean,
  state: ClauseState,
): ClauseRole {
  if (subject.kind === 'wh') return whSubjectRole(view, subject);
  if (subject.kind === 'inverted') return kind === 'subordinator' ? 'dependent' : 'main';
  const hasSubject = subject.kind !== 'none';
  switch (kind) {
    case 'subordinator':
      return 'dependent';
    case 'wh':
      // "Where is it?" asks; "what he said", "the place where we met" embed.
      return !hasSubject && isClauseInitial(view, subject.introducer) ? 'main' : 'dependent';
    case 'coord':
      // "This afternoon or later would work": a coordinator inside a fronted noun phrase.
      if (!hasSubject) return state.mainSeen ? 'shared' : 'main';
      // "if you come and you see it": a conjunct shares the subordination of a fronted clause,
      // while "then"/"so" open the main clause after it ("if it's a reel then it's Scottish").
      if (CLAUSE_LINKERS.has(lowerAt(view, subject.introducer))) return 'main';
      return state.lastRole === 'dependent' && !state.mainSeen ? 'dependent' : 'main';
    case 'start':
    case 'punct':
      return 'main';
    case 'verb':
      if (!hasSubject) return state.mainSeen ? 'shared' : 'main';
      // "Having a pet is n't easy": a subject after a non-finite verb, with no finite verb before.
      if (!openClause && state.lastRole === 'none') return 'main';
      // "The man who came yesterday is nice": a fronted subordinate clause ends at the main verb.
      if (
        !state.mainSeen &&
        state.lastRole === 'dependent' &&
        !COMPLEMENT_TAKERS.has(lowerAt(view, subject.introducer))
      )
        return 'main';
      return 'dependent';
    case 'other':
      if (!hasSubject) return state.mainSeen ? 'shared' : 'main';
      // "Until we have those numbers [it] would be premature": the fronted clause has ended.
      if (!state.mainSeen && state.lastRole === 'dependent') return 'main';
      return unmarkedClauseRole(view, subject, openClause);
  }
}

/**
 * The latest clause boundary at or before a position. Verb groups come left to right, so the
 * positions asked mostly increase: one forward scan per sentence, no array (an earlier position
 * restarts the scan).
 */
class BoundaryScan {
  readonly #view: SentenceView;
  #next = 0;
  #latest = -1;

  constructor(view: SentenceView) {
    this.#view = view;
  }

  /** Latest clause boundary at or before `index`; -1 if none or outside the sentence. */
  atOrBefore(index: number): number {
    if (index < 0 || index >= this.#view.length) return -1;
    if (index < this.#next - 1) {
      this.#next = 0;
      this.#latest = -1;
    }
    for (; this.#next <= index; this.#next += 1) {
      if (isClauseBoundary(this.#view, this.#next)) this.#latest = this.#next;
    }
    return this.#latest;
  }
}

/** Tags that may follow a reporting verb that has no object ("she said Friday", "he added ."). */
const AFTER_REPORTING: ReadonlySet<string> = new Set(['PUNCT', 'ADP', 'ADV', 'PROPN', 'NUM', '']);

/**
 * A final clause that reports what came before ('"...," she said.', "..., I know."): a reporting
 * verb after punctuation, with no object or clause of its own, closing the sentence.
 */
function isReportingTail(view: SentenceView, group: VerbGroup, subject: SubjectInfo, kind: IntroducerKind): boolean {
  if (kind !== 'punct' || !REPORTING_VERBS.has(lowerAt(view, group.last))) return false;
  let next = group.last + 1;
  if (subject.kind === 'none') {
    // Inverted: '"...," said the official.'
    while (next < view.length && tagAt(view, next) !== 'PUNCT') next += 1;
    return next >= view.length || view.length - next <= 2;
  }
  if (subject.kind !== 'pronoun' && subject.kind !== 'noun') return false;
  if (!AFTER_REPORTING.has(tagAt(view, next))) return false;
  for (let i = next; i < view.length; i += 1) {
    const tag = tagAt(view, i);
    if (tag === 'VERB' || tag === 'AUX' || tag === 'SCONJ') return false;
  }
  return true;
}

/**
 * Counts independent and dependent clauses over the verb groups of one sentence, left to right.
 * Each finite group is a clause; its subject and introducer make it main, subordinate, or a verb
 * phrase sharing an earlier clause's subject ("She came and saw": one clause). A final reporting
 * clause ('"...," she said.') is the one main clause, and the clauses it reports become its
 * complements, as in a dependency treebank. When `readings` is given, one reading per group is
 * appended to it, in order.
 */
export function countClauses(
  view: SentenceView,
  groups: readonly VerbGroup[],
  readings?: ClauseReading[],
): ClauseCounts {
  const boundaries = new BoundaryScan(view);
  const state: ClauseState = { mainSeen: false, lastRole: 'none' };
  let independentClauses = 0;
  let dependentClauses = 0;
  let lastFiniteEnd = -1;
  for (const group of groups) {
    const subject = findSubject(view, group);
    const kind = introducerKind(view, subject.introducer);
    const openClause = lastFiniteEnd >= 0 && boundaries.atOrBefore(group.first - 1) < lastFiniteEnd;
    const form = clauseForm(view, group, { subject, introducer: kind, openClause });
    if (!form.finite) {
      readings?.push({
        group,
        subject,
        introducer: kind,
        finite: form.finite,
        imperative: form.imperative,
        role: 'none',
        counted: false,
        reportingTail: false,
      });
      continue;
    }
    const role = clauseRole(view, subject, kind, openClause, state);
    const reportingTail = independentClauses > 0 && role !== 'dependent' && isReportingTail(view, group, subject, kind);
    let counted = true;
    if (reportingTail) {
      dependentClauses += independentClauses;
      independentClauses = 1;
    } else if (role === 'dependent') {
      dependentClauses += 1;
    } else if (role === 'main') {
      // The first main clause needs no subject ("Sounds good."); later ones need their own subject
      // or must be imperatives ("She came and saw" is one clause; a bare verb after a coordinator
      // shares the earlier clause's subject or imperative, as in "Work hard and retire early").
      counted = !state.mainSeen || subject.kind !== 'none' || form.imperative;
      if (counted) independentClauses += 1;
      state.mainSeen = true;
    } else {
      counted = false;
    }
    readings?.push({
      group,
      subject,
      introducer: kind,
      finite: form.finite,
      imperative: form.imperative,
      role,
      counted,
      reportingTail,
    });
    state.lastRole = role;
    lastFiniteEnd = group.last;
  }
  return { independentClauses, dependentClauses };
}
