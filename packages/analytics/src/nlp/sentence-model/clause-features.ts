import type { FeatureContext } from './context.js';
import { digit, isClosedAt, roleAt, roleSubjectAt, subjectIntroducerAt, wordAt } from './context.js';
import type { FeatureSink } from './templates.js';
import {
  C_AFTER,
  C_AFTER2,
  C_AROUND,
  C_BEFORE,
  C_BEFORE2,
  C_ENCLOSURE,
  C_FIRST_WORD,
  C_FORMS,
  C_FORM_SUBJECT,
  C_GAP,
  C_GAP_WORD,
  C_IMPERATIVE,
  C_INVERTED,
  C_LAST_WORD,
  C_NEXT,
  C_NEXT_LINK,
  C_PREVIOUS_VERB,
  C_POSITION,
  C_PREVIOUS,
  C_REPORTING_TAIL,
  C_ROLE,
  C_ROLE_FORM,
  C_ROLE_INTRO,
  C_ROLE_SUBJECT_INTRO,
  C_SENTENCE_COUNTS,
  C_SENTENCE_END,
  C_SUBJECT_INTRO,
} from './templates.js';

/** Longest gap between two verb groups told apart by its length. */
const SHORT_GAP = 4;

/**
 * Features of one verb group (`rule.readings[index]`) for the clause model, which tells whether
 * the group heads a main clause, a dependent clause or none: the rules' reading of it and of its
 * neighbours, the words around it, what separates it from the group before and from the group
 * after, the verb ending the group before, quotation marks or brackets around it, and the rules'
 * counts for the sentence. Bounded work per group, so O(n) over a sentence.
 */
export function clauseFeatures(context: FeatureContext, index: number, sink: FeatureSink): void {
  const { rule, common } = context;
  const { view, readings } = rule;
  const reading = readings[index];
  if (reading === undefined) return;
  const { group, subject } = reading;
  const role = context.role[index] ?? 7;
  const roleSymbol = common.roles[role] ?? -1;
  const subjectSymbol = common.subjects[context.subjectKind[index] ?? -1] ?? -1;
  const form = context.firstForm[index] ?? 8;
  const formSymbol = common.forms[form] ?? -1;
  const intro = wordAt(context, subject.introducer);
  sink.add(C_ROLE, roleSymbol, 0);
  sink.add(
    C_ROLE_SUBJECT_INTRO,
    roleSubjectAt(context, index),
    common.introducers[context.introducerKind[index] ?? -1] ?? -1,
  );
  sink.add(C_ROLE_INTRO, roleSymbol, intro);
  sink.add(C_SUBJECT_INTRO, subjectSymbol, intro);
  sink.add(C_ROLE_FORM, roleSymbol, formSymbol);
  sink.add(C_FORM_SUBJECT, formSymbol, subjectSymbol);
  const multi = group.last > group.first ? 1 : 0;
  sink.add(C_FORMS, formSymbol, common.formLength[(context.lastForm[index] ?? 8) * 2 + multi] ?? -1);
  if (isClosedAt(context, group.first)) sink.add(C_FIRST_WORD, wordAt(context, group.first), 0);
  if (isClosedAt(context, group.last)) sink.add(C_LAST_WORD, wordAt(context, group.last), 0);
  if (reading.imperative) sink.add(C_IMPERATIVE, roleSymbol, 0);
  if (reading.reportingTail) sink.add(C_REPORTING_TAIL, 0, 0);
  if (group.invertedSubject >= 0) sink.add(C_INVERTED, 0, 0);
  const before1 = wordAt(context, group.first - 1);
  const after1 = wordAt(context, group.last + 1);
  sink.add(C_BEFORE, before1, 0);
  sink.add(C_BEFORE2, wordAt(context, group.first - 2), before1);
  sink.add(C_AFTER, after1, 0);
  sink.add(C_AFTER2, after1, wordAt(context, group.last + 2));
  sink.add(C_AROUND, before1, after1);

  sink.add(
    C_POSITION,
    digit(context, context.finiteBefore[index] ?? 0, 2),
    context.mainBefore[index] === 1 ? common.main : common.nomain,
  );
  sink.add(C_PREVIOUS, common.roles[roleAt(context, index - 1)] ?? -1, roleSymbol);
  sink.add(C_NEXT, roleSymbol, common.roles[roleAt(context, index + 1)] ?? -1);

  // What separates this group from the one before: coordinators, subordinators, punctuation.
  const from = index > 0 ? (readings[index - 1]?.group.last ?? -1) + 1 : 0;
  for (let k = from; k < group.first; k += 1) {
    if (isClosedAt(context, k)) sink.add(C_GAP_WORD, wordAt(context, k), 0);
  }
  const gap = group.first - from;
  sink.add(C_GAP, context.tag[from] ?? common.end, gap > SHORT_GAP ? common.long : digit(context, gap, SHORT_GAP));
  sink.add(C_SENTENCE_COUNTS, digit(context, rule.independentClauses, 3), digit(context, rule.dependentClauses, 3));
  sink.add(C_SENTENCE_END, wordAt(context, view.length - 1), 0);
  // The verb before: "think", "say", "mean" … take a clause without "that" ("I think he left").
  if (index > 0) sink.add(C_PREVIOUS_VERB, wordAt(context, from - 1), subjectIntroducerAt(context, index));
  sink.add(C_ENCLOSURE, roleSymbol, digit(context, context.enclosure[index] ?? 0, 2));
  // The first closed-class word before the next group (", and she", "because", "which") and that
  // group's subject: a clause followed by a coordinated one with its own subject is a main clause.
  const next = readings[index + 1];
  if (next !== undefined) {
    for (let k = group.last + 1; k < next.group.first; k += 1) {
      if (!isClosedAt(context, k)) continue;
      sink.add(C_NEXT_LINK, wordAt(context, k), common.subjects[context.subjectKind[index + 1] ?? -1] ?? -1);
      break;
    }
  }
}
