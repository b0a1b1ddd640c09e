import type { FeatureContext } from './context.js';
import { digit, roleSubjectAt, subjectIntroducerAt, wordAt } from './context.js';
import type { FeatureSink } from './templates.js';
import {
  S_COMMAS,
  S_COUNTS,
  S_DEPENDENT,
  S_FINITE_GROUPS,
  S_FIRST,
  S_GROUPS,
  S_IMPERATIVE,
  S_INDEPENDENT,
  S_LAST,
  S_LENGTH,
  S_NONFINITE,
  S_NONFINITE_INTRO,
  S_REPORTING_TAIL,
  S_ROLE,
  S_ROLE_AFTER,
  S_ROLE_BEFORE,
  S_ROLE_ENCLOSURE,
  S_ROLE_FORM,
  S_ROLE_INTRO,
  S_ROLE_ORDER,
  S_ROLE_SEQUENCE,
  S_ROLE_SUBJECT_INTRO,
  S_ROLE_SUBJECT_WORD,
  S_TAG_BIGRAM,
} from './templates.js';

/** Upper bounds of the sentence-length buckets, in view tokens. */
const LENGTH_LIMITS = [1, 2, 3, 5, 8, 12, 20, 30];

function lengthBucket(length: number): number {
  let bucket = 0;
  while (bucket < LENGTH_LIMITS.length && length > (LENGTH_LIMITS[bucket] ?? 0)) bucket += 1;
  return bucket;
}

/**
 * Features of one sentence for the structure model: the rules' clause counts, each verb group's
 * reading (role, subject, introducer, form, the word before and after, quotation marks or
 * brackets around it), tag bigrams, first and last word, commas and length. O(n). Each
 * closed-class word with the word after it was a template too, until clause-readings/2: those
 * pairs learned EWT's genres more than English (dropping them gained 1 to 1.4 points on LinES).
 */
export function sentenceFeatures(context: FeatureContext, sink: FeatureSink): void {
  const { rule, common } = context;
  const { view, readings } = rule;
  const independent = digit(context, rule.independentClauses, 3);
  const dependent = digit(context, rule.dependentClauses, 3);
  sink.add(S_INDEPENDENT, independent, 0);
  sink.add(S_DEPENDENT, dependent, 0);
  sink.add(S_COUNTS, independent, dependent);
  let finite = 0;
  let previousRole = common.start;
  for (let index = 0; index < readings.length; index += 1) {
    const reading = readings[index];
    if (reading === undefined) continue;
    const intro = wordAt(context, reading.subject.introducer);
    const form = common.forms[context.firstForm[index] ?? 8] ?? -1;
    if (!reading.finite) {
      sink.add(S_NONFINITE, subjectIntroducerAt(context, index), form);
      sink.add(S_NONFINITE_INTRO, intro, form);
      continue;
    }
    const roleSymbol = common.roles[context.role[index] ?? 7] ?? -1;
    const roleSubject = roleSubjectAt(context, index);
    sink.add(S_ROLE, roleSymbol, 0);
    sink.add(S_ROLE_SUBJECT_INTRO, roleSubject, common.introducers[context.introducerKind[index] ?? -1] ?? -1);
    sink.add(S_ROLE_INTRO, roleSymbol, intro);
    sink.add(S_ROLE_SUBJECT_WORD, roleSubject, intro);
    sink.add(S_ROLE_BEFORE, roleSymbol, wordAt(context, reading.group.first - 1));
    sink.add(S_ROLE_AFTER, roleSymbol, wordAt(context, reading.group.last + 1));
    sink.add(S_ROLE_FORM, roleSymbol, form);
    sink.add(S_ROLE_ORDER, roleSymbol, finite === 0 ? common.first : common.later);
    sink.add(S_ROLE_SEQUENCE, previousRole, roleSymbol);
    if (reading.imperative) sink.add(S_IMPERATIVE, roleSymbol, 0);
    if (reading.reportingTail) sink.add(S_REPORTING_TAIL, 0, 0);
    sink.add(S_ROLE_ENCLOSURE, roleSymbol, digit(context, context.enclosure[index] ?? 0, 2));
    previousRole = roleSymbol;
    finite += 1;
  }
  sink.add(S_FINITE_GROUPS, digit(context, finite, 5), 0);
  sink.add(S_GROUPS, digit(context, readings.length, 6), 0);

  let commas = 0;
  let previousTag = common.start;
  for (let k = 0; k < view.length; k += 1) {
    const tag = context.tag[k] ?? -1;
    sink.add(S_TAG_BIGRAM, previousTag, tag);
    previousTag = tag;
    if (context.word[k] === common.comma) commas += 1;
  }
  sink.add(S_TAG_BIGRAM, previousTag, common.end);
  sink.add(S_FIRST, wordAt(context, 0), 0);
  sink.add(S_LAST, wordAt(context, view.length - 1), 0);
  sink.add(S_LENGTH, digit(context, lengthBucket(view.length), 9), 0);
  sink.add(S_COMMAS, digit(context, commas, 4), 0);
}
