import { UPOS_TAGS } from '../../vocabulary/features.js';
import type { ClauseReading } from '../clauses/clause-counts.js';
import type { RuleReading } from '../clauses/rule-reading.js';
import { lowerAt, tagAt } from '../clauses/sentence-view.js';
import { VerbFormFlag, verbFormFlags } from '../clauses/verb-forms.js';
import { BE_FORMS, FINITE_DO_HAVE, MODALS } from '../clauses/word-lists.js';
import type { SymbolTable } from './symbols.js';
import { FORM_CLASSES, INTRODUCER_KINDS, ROLES, SUBJECT_KINDS } from './symbols.js';

/** Symbol ids the extractors use over and over, looked up once per table. */
export interface CommonSymbols {
  start: number;
  end: number;
  main: number;
  nomain: number;
  long: number;
  first: number;
  later: number;
  active: number;
  passive: number;
  comma: number;
  digits: Int32Array;
  /** Symbol id of UPOS_TAGS[0]; the tags follow it in UPOS_TAGS order. */
  tagBase: number;
  roles: Int32Array;
  subjects: Int32Array;
  introducers: Int32Array;
  forms: Int32Array;
  /** roleSubject[role * SUBJECT_KINDS.length + subject] */
  roleSubject: Int32Array;
  /** subjectIntroducer[subject * INTRODUCER_KINDS.length + introducer] */
  subjectIntroducer: Int32Array;
  /** formLength[form * 2 + (several verbs ? 1 : 0)] */
  formLength: Int32Array;
  /** FORM_CLASSES index of a modal, "be" or do/have symbol; -1 for other symbols. */
  auxiliaryForm: Int8Array;
}

function ids(table: SymbolTable, names: readonly string[]): Int32Array {
  return Int32Array.from(names, (name) => table.id(name));
}

const pairNames = (left: readonly string[], right: readonly string[]): string[] =>
  left.flatMap((a) => right.map((b) => `${a}/${b}`));

/** Looks up the fixed symbols once (every one is a base symbol, so none is -1). */
export function commonSymbols(table: SymbolTable): CommonSymbols {
  const auxiliaryForm = new Int8Array(table.size).fill(-1);
  // Modal first: "'d" is a modal ("would") before it is "had".
  for (const [words, form] of [
    [FINITE_DO_HAVE, 2],
    [BE_FORMS, 1],
    [MODALS, 0],
  ] as const) {
    for (const word of words) auxiliaryForm[table.id(word)] = form;
  }
  return {
    start: table.id('^'),
    end: table.id('$'),
    main: table.id('main'),
    nomain: table.id('nomain'),
    long: table.id('long'),
    first: table.id('first'),
    later: table.id('later'),
    active: table.id('active'),
    passive: table.id('passive'),
    comma: table.id(','),
    digits: ids(table, ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']),
    tagBase: table.id(UPOS_TAGS[0]),
    roles: ids(table, ROLES),
    subjects: ids(table, SUBJECT_KINDS),
    introducers: ids(table, INTRODUCER_KINDS),
    forms: ids(table, FORM_CLASSES),
    roleSubject: ids(table, pairNames(ROLES, SUBJECT_KINDS)),
    subjectIntroducer: ids(table, pairNames(SUBJECT_KINDS, INTRODUCER_KINDS)),
    formLength: ids(table, pairNames(FORM_CLASSES, ['one', 'multi'])),
    auxiliaryForm,
  };
}

/**
 * Index of a tag in UPOS_TAGS, -1 for anything else. A switch over interned strings: cheaper
 * than a Map lookup for every token (test/nlp/sentence-model checks it against UPOS_TAGS).
 */
export function uposIndex(tag: string): number {
  switch (tag) {
    case 'ADJ':
      return 0;
    case 'ADP':
      return 1;
    case 'ADV':
      return 2;
    case 'AUX':
      return 3;
    case 'CCONJ':
      return 4;
    case 'DET':
      return 5;
    case 'INTJ':
      return 6;
    case 'NOUN':
      return 7;
    case 'NUM':
      return 8;
    case 'PART':
      return 9;
    case 'PRON':
      return 10;
    case 'PROPN':
      return 11;
    case 'PUNCT':
      return 12;
    case 'SCONJ':
      return 13;
    case 'SYM':
      return 14;
    case 'VERB':
      return 15;
    case 'X':
      return 16;
    default:
      return -1;
  }
}

/** UPOS_TAGS index of PUNCT: only punctuation opens or closes quotation marks and brackets. */
const PUNCT_INDEX = uposIndex('PUNCT');

/** Reusable arrays: one sentence at a time, so scoring allocates no typed arrays. */
export class ContextBuffers {
  word = new Int32Array(64);
  tag = new Int32Array(64);
  enclosed = new Int8Array(64);
  firstForm = new Int8Array(16);
  lastForm = new Int8Array(16);
  finiteBefore = new Int32Array(16);
  mainBefore = new Uint8Array(16);
  role = new Int8Array(16);
  subjectKind = new Int8Array(16);
  introducerKind = new Int8Array(16);
  enclosure = new Int8Array(16);

  /** Arrays for at least `tokens` view positions and `groups` verb groups (grown by doubling). */
  ensure(tokens: number, groups: number): void {
    if (this.word.length < tokens) {
      const size = grown(this.word.length, tokens);
      this.word = new Int32Array(size);
      this.tag = new Int32Array(size);
      this.enclosed = new Int8Array(size);
    }
    if (this.firstForm.length < groups) {
      const size = grown(this.firstForm.length, groups);
      this.firstForm = new Int8Array(size);
      this.lastForm = new Int8Array(size);
      this.finiteBefore = new Int32Array(size);
      this.mainBefore = new Uint8Array(size);
      this.role = new Int8Array(size);
      this.subjectKind = new Int8Array(size);
      this.introducerKind = new Int8Array(size);
      this.enclosure = new Int8Array(size);
    }
  }
}

function grown(size: number, needed: number): number {
  let next = size;
  while (next < needed) next *= 2;
  return next;
}

/** One sentence as the extractors read it: the rules' reading and symbols per position. */
export interface FeatureContext {
  rule: RuleReading;
  table: SymbolTable;
  common: CommonSymbols;
  /** Number of view positions (the arrays below may be longer). */
  length: number;
  /** Symbol of each view position: the word when closed-class, else its tag. */
  word: Int32Array;
  /** Symbol of each view position's tag (-1 for a malformed tag). */
  tag: Int32Array;
  /** Per verb group: FORM_CLASSES index of its first and of its last verb. */
  firstForm: Int8Array;
  lastForm: Int8Array;
  /** Per verb group: finite groups before it, and whether a counted main clause came before. */
  finiteBefore: Int32Array;
  mainBefore: Uint8Array;
  /** Per verb group: indices into ROLES, SUBJECT_KINDS and INTRODUCER_KINDS (`roleIndex` …), found once. */
  role: Int8Array;
  subjectKind: Int8Array;
  introducerKind: Int8Array;
  /**
   * Per verb group: 0 in the open, 1 inside quotation marks, 2 inside brackets. Quoted and
   * bracketed clauses are often sentences of their own or asides, whatever the words around them.
   */
  enclosure: Int8Array;
  /** Admit open-class words into the table (training) instead of leaving them out (-1). */
  grow: boolean;
}

/**
 * Builds the per-sentence context in O(n): one table lookup per token, the verb forms and running
 * counts of each verb group. With `buffers`, their arrays are reused: the context is then valid
 * until the next call with the same buffers.
 */
export function featureContext(
  rule: RuleReading,
  table: SymbolTable,
  common: CommonSymbols,
  grow: boolean,
  buffers: ContextBuffers = new ContextBuffers(),
): FeatureContext {
  const { view, readings } = rule;
  buffers.ensure(view.length, readings.length);
  const { word, tag, enclosed, firstForm, lastForm, finiteBefore, mainBefore } = buffers;
  const { role, subjectKind, introducerKind, enclosure } = buffers;
  let quoted = false;
  let brackets = 0;
  for (let i = 0; i < view.length; i += 1) {
    const index = uposIndex(tagAt(view, i));
    // A malformed tag outside UPOS names no symbol: -1 leaves the feature out.
    const tagId = index < 0 ? -1 : common.tagBase + index;
    const lower = lowerAt(view, i);
    const closed = table.closedWord(lower);
    tag[i] = tagId;
    word[i] = closed >= 0 ? closed : tagId;
    enclosed[i] = brackets > 0 ? 2 : quoted ? 1 : 0;
    if (index !== PUNCT_INDEX) continue;
    if (lower === '"') quoted = !quoted;
    else if (lower === '“') quoted = true;
    else if (lower === '”') quoted = false;
    else if (lower === '(' || lower === '[') brackets += 1;
    else if ((lower === ')' || lower === ']') && brackets > 0) brackets -= 1;
  }
  const context: FeatureContext = {
    rule,
    table,
    common,
    length: view.length,
    word,
    tag,
    firstForm,
    lastForm,
    finiteBefore,
    mainBefore,
    role,
    subjectKind,
    introducerKind,
    enclosure,
    grow,
  };
  let finite = 0;
  let main = 0;
  for (let index = 0; index < readings.length; index += 1) {
    const reading = readings[index];
    if (reading === undefined) continue;
    firstForm[index] = formClassAt(context, reading.group.first);
    lastForm[index] = formClassAt(context, reading.group.last);
    finiteBefore[index] = finite;
    mainBefore[index] = main;
    role[index] = roleIndex(reading);
    subjectKind[index] = subjectIndex(reading);
    introducerKind[index] = introducerIndex(reading);
    enclosure[index] = enclosed[reading.group.first] ?? 0;
    if (reading.finite) finite += 1;
    if (reading.role === 'main' && reading.counted) main = 1;
  }
  return context;
}

/** Symbol at a view position; the start or end marker outside the sentence. */
export function wordAt(context: FeatureContext, index: number): number {
  if (index < 0) return context.common.start;
  if (index >= context.length) return context.common.end;
  return context.word[index] ?? -1;
}

/** True when the word at a view position is a closed-class word (it is its own symbol). */
export function isClosedAt(context: FeatureContext, index: number): boolean {
  return (context.word[index] ?? -1) !== (context.tag[index] ?? -1);
}

/** Symbol of an open-class word: grown in training, -1 when a model's table lacks it. */
export function openWord(context: FeatureContext, lower: string): number {
  return context.grow ? context.table.grow(lower) : context.table.id(lower);
}

/** Index into FORM_CLASSES of the verb at a view position: auxiliary kind or inflection. */
export function formClassAt(context: FeatureContext, index: number): number {
  const auxiliary = context.common.auxiliaryForm[context.word[index] ?? -1] ?? -1;
  if (auxiliary >= 0) return auxiliary;
  const flags = verbFormFlags(lowerAt(context.rule.view, index));
  if ((flags & VerbFormFlag.ing) !== 0) return 3;
  if ((flags & VerbFormFlag.present3) !== 0) return 4;
  if ((flags & VerbFormFlag.past) !== 0) return (flags & VerbFormFlag.participle) !== 0 ? 5 : 6;
  if ((flags & VerbFormFlag.participle) !== 0) return 7;
  return 8;
}

/** Index into ROLES of a clause reading (`undefined`: no group there). */
export function roleIndex(reading: ClauseReading | undefined): number {
  if (reading === undefined) return 7;
  if (!reading.finite) return 6;
  const counted = reading.counted ? 0 : 1;
  if (reading.role === 'main') return counted;
  return reading.role === 'dependent' ? 2 + counted : 4 + counted;
}

/** ROLES index of the verb group at `index` of the context's readings; 7 ("none") outside them. */
export function roleAt(context: FeatureContext, index: number): number {
  if (index < 0 || index >= context.rule.readings.length) return 7;
  return context.role[index] ?? 7;
}

/** Symbol of the role of the verb group at `index` paired with its subject kind ("main+/noun"). */
export function roleSubjectAt(context: FeatureContext, index: number): number {
  const role = context.role[index] ?? 7;
  const subject = context.subjectKind[index] ?? -1;
  return context.common.roleSubject[role * SUBJECT_KINDS.length + subject] ?? -1;
}

/** Symbol of the subject kind of the verb group at `index` paired with its introducer kind ("noun/punct"). */
export function subjectIntroducerAt(context: FeatureContext, index: number): number {
  const subject = context.subjectKind[index] ?? -1;
  const introducer = context.introducerKind[index] ?? -1;
  return context.common.subjectIntroducer[subject * INTRODUCER_KINDS.length + introducer] ?? -1;
}

/** Index into SUBJECT_KINDS of a reading's subject. */
export function subjectIndex(reading: ClauseReading): number {
  return SUBJECT_KINDS.indexOf(reading.subject.kind);
}

/** Index into INTRODUCER_KINDS of a reading's introducer. */
export function introducerIndex(reading: ClauseReading): number {
  return INTRODUCER_KINDS.indexOf(reading.introducer);
}

/** The symbol of a small count, capped. */
export function digit(context: FeatureContext, value: number, cap: number): number {
  return context.common.digits[Math.min(value, cap)] ?? -1;
}
