/**
 * Feature templates of the sentence model. A feature is a template and up to two symbols
 * (symbols.ts); its key packs them into one small integer, its name ("c.intro|main+|because") is
 * what the weights file stores. Changing a template's meaning means retraining: bump
 * FEATURE_SET, which the weights file must carry.
 */
export const FEATURE_SET = 'clause-readings/2';

const names: string[] = [];
const arities: number[] = [];

function template(name: string, arity: 0 | 1 | 2): number {
  names.push(name);
  arities.push(arity);
  return names.length - 1;
}

// Clause model: one verb group's reading and its surroundings.
export const C_ROLE = template('c.role', 1);
export const C_ROLE_SUBJECT_INTRO = template('c.role-subject-intro', 2);
export const C_ROLE_INTRO = template('c.role-intro', 2);
export const C_SUBJECT_INTRO = template('c.subject-intro', 2);
export const C_ROLE_FORM = template('c.role-form', 2);
export const C_FORM_SUBJECT = template('c.form-subject', 2);
export const C_FORMS = template('c.forms', 2);
export const C_FIRST_WORD = template('c.first-word', 1);
export const C_LAST_WORD = template('c.last-word', 1);
export const C_IMPERATIVE = template('c.imperative', 1);
export const C_REPORTING_TAIL = template('c.reporting-tail', 0);
export const C_INVERTED = template('c.inverted', 0);
export const C_BEFORE = template('c.before', 1);
export const C_BEFORE2 = template('c.before2', 2);
export const C_AFTER = template('c.after', 1);
export const C_AFTER2 = template('c.after2', 2);
export const C_AROUND = template('c.around', 2);
export const C_POSITION = template('c.position', 2);
export const C_PREVIOUS = template('c.previous', 2);
export const C_NEXT = template('c.next', 2);
export const C_GAP_WORD = template('c.gap-word', 1);
export const C_GAP = template('c.gap', 2);
export const C_SENTENCE_COUNTS = template('c.sentence-counts', 2);
export const C_SENTENCE_END = template('c.sentence-end', 1);
export const C_PREVIOUS_VERB = template('c.previous-verb', 2);
export const C_NEXT_LINK = template('c.next-link', 2);
export const C_ENCLOSURE = template('c.enclosure', 2);

// Sentence model: the rules' counts, every group's reading, words, tags, punctuation, length.
export const S_COUNTS = template('s.counts', 2);
export const S_INDEPENDENT = template('s.independent', 1);
export const S_DEPENDENT = template('s.dependent', 1);
export const S_ROLE = template('s.role', 1);
export const S_ROLE_SUBJECT_INTRO = template('s.role-subject-intro', 2);
export const S_ROLE_INTRO = template('s.role-intro', 2);
export const S_ROLE_SUBJECT_WORD = template('s.role-subject-word', 2);
export const S_ROLE_BEFORE = template('s.role-before', 2);
export const S_ROLE_AFTER = template('s.role-after', 2);
export const S_ROLE_FORM = template('s.role-form', 2);
export const S_ROLE_ORDER = template('s.role-order', 2);
export const S_ROLE_SEQUENCE = template('s.role-sequence', 2);
export const S_IMPERATIVE = template('s.imperative', 1);
export const S_REPORTING_TAIL = template('s.reporting-tail', 0);
export const S_NONFINITE = template('s.nonfinite', 2);
export const S_NONFINITE_INTRO = template('s.nonfinite-intro', 2);
export const S_FINITE_GROUPS = template('s.finite-groups', 1);
export const S_GROUPS = template('s.groups', 1);
export const S_TAG_BIGRAM = template('s.tag-bigram', 2);
export const S_FIRST = template('s.first', 1);
export const S_LAST = template('s.last', 1);
export const S_LENGTH = template('s.length', 1);
export const S_COMMAS = template('s.commas', 1);
export const S_ROLE_ENCLOSURE = template('s.role-enclosure', 2);

// Voice model: the rule's answer and every "be/get … participle" it considered.
export const V_RULE = template('v.rule', 1);
export const V_READING = template('v.reading', 1);
export const V_AUX_READING = template('v.aux-reading', 2);
export const V_PARTICIPLE = template('v.participle', 1);
export const V_PARTICIPLE_READING = template('v.participle-reading', 2);
export const V_NEXT = template('v.next', 2);
export const V_TAG = template('v.tag', 2);
export const V_INVERTED = template('v.inverted', 0);
export const V_GAP = template('v.gap', 1);
export const V_CANDIDATES = template('v.candidates', 1);
export const V_OTHER_PARTICIPLE = template('v.other-participle', 2);
export const V_INITIAL_PARTICIPLE = template('v.initial-participle', 1);

/** Template names by id. */
export const TEMPLATE_NAMES: readonly string[] = names;
/** How many symbols each template takes, by id. */
export const TEMPLATE_ARITIES: readonly number[] = arities;

/** A feature's key: template id and two 12-bit symbol ids in one small integer (a V8 Smi). */
export function featureKey(template: number, a: number, b: number): number {
  return (template << 24) | (a << 12) | b;
}

/** Receives the features of one example, as template and symbol ids (-1: a symbol the model lacks). */
export interface FeatureSink {
  add(template: number, a: number, b: number): void;
}

/** A feature's name from its key ("c.role-intro|main+|because"), the form the weights file stores. */
export function featureName(key: number, symbolName: (id: number) => string): string {
  const template = key >>> 24;
  const name = TEMPLATE_NAMES[template];
  if (name === undefined) throw new RangeError(`no feature template with id ${template}`);
  const symbols = [(key >>> 12) & 0xfff, key & 0xfff].slice(0, TEMPLATE_ARITIES[template] ?? 0);
  return [name, ...symbols.map(symbolName)].join('|');
}
