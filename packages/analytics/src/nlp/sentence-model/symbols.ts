import { UPOS_TAGS } from '../../vocabulary/features.js';
import {
  BE_FORMS,
  CLAUSE_PUNCTUATION,
  COMPLEMENT_TAKERS,
  COORDINATORS,
  FINITE_DO_HAVE,
  GET_FORMS,
  MODALS,
  NEGATORS,
  OBJECT_PRONOUNS,
  RELATIVE_PRONOUNS,
  REPORTING_VERBS,
  SUBJECT_PRONOUNS,
  SUBORDINATORS,
  WH_WORDS,
} from '../clauses/word-lists.js';

/** Most symbols a table holds: a feature key packs two symbol ids of 12 bits each. */
export const MAX_SYMBOLS = 4096;

/**
 * Closed-class words the features name as themselves; any other word is named by its tag (an
 * open-class word's spelling says little about clause structure). The rules' own word lists.
 */
export const CLOSED_WORDS: ReadonlySet<string> = new Set([
  ...SUBORDINATORS,
  ...WH_WORDS,
  ...COORDINATORS,
  ...RELATIVE_PRONOUNS,
  ...MODALS,
  ...BE_FORMS,
  ...FINITE_DO_HAVE,
  ...NEGATORS,
  ...SUBJECT_PRONOUNS,
  ...OBJECT_PRONOUNS,
  ...CLAUSE_PUNCTUATION,
  ...COMPLEMENT_TAKERS,
  ...REPORTING_VERBS,
  ...GET_FORMS,
  'to',
  'please',
  'by',
  '.',
  '?',
  '!',
]);

/** A clause reading's role as the features name it: the rules' role, + when it was counted. */
export const ROLES = ['main+', 'main-', 'dependent+', 'dependent-', 'shared+', 'shared-', 'nonfinite', 'none'] as const;
export const SUBJECT_KINDS = ['none', 'pronoun', 'noun', 'wh', 'inverted'] as const;
export const INTRODUCER_KINDS = ['start', 'punct', 'coord', 'subordinator', 'wh', 'verb', 'other'] as const;
/** Form of a verb group's first or last verb: auxiliary kind or inflection. */
export const FORM_CLASSES = ['modal', 'be', 'dohave', 'ing', 's', 'ed', 'past', 'en', 'base'] as const;
export const PASSIVE_READINGS = [
  'by-agent',
  'passive',
  'adjectival',
  'intransitive',
  'get-adjective',
  'attributive',
  'degree',
  'used-to',
  'perfect',
] as const;

/** Before the sentence start, after its end, and small counts. */
const MARKERS = ['^', '$', 'one', 'multi', 'main', 'nomain', 'long', 'first', 'later', 'active', 'passive'];
const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

function pairs(left: readonly string[], right: readonly string[]): string[] {
  return left.flatMap((a) => right.map((b) => `${a}/${b}`));
}

/** Every symbol the code itself can name, in a fixed order (ids are positions). */
const BASE_SYMBOLS: readonly string[] = [
  ...MARKERS,
  ...DIGITS,
  ...UPOS_TAGS,
  ...ROLES,
  ...SUBJECT_KINDS,
  ...INTRODUCER_KINDS,
  ...FORM_CLASSES,
  ...PASSIVE_READINGS,
  ...pairs(ROLES, SUBJECT_KINDS),
  ...pairs(SUBJECT_KINDS, INTRODUCER_KINDS),
  ...pairs(FORM_CLASSES, ['one', 'multi']),
  ...[...CLOSED_WORDS].sort(),
];

/**
 * Symbol names ↔ small integer ids, so that a feature is a number and scoring allocates nothing.
 * Starts with every symbol the code names; `grow` admits open-class words (participles): a
 * training table grows as it meets them, a model's table holds those its weights name.
 */
export class SymbolTable {
  readonly #ids = new Map<string, number>();
  readonly #names: string[] = [];

  /** Closed-class words alone, so that a token needs one lookup to know it is one and its id. */
  readonly #closed = new Map<string, number>();

  constructor() {
    for (const name of BASE_SYMBOLS) this.#intern(name);
    for (const word of CLOSED_WORDS) this.#closed.set(word, this.id(word));
  }

  #intern(name: string): number {
    const known = this.#ids.get(name);
    if (known !== undefined) return known;
    if (this.#names.length >= MAX_SYMBOLS) throw new RangeError(`a symbol table holds at most ${MAX_SYMBOLS} symbols`);
    this.#ids.set(name, this.#names.length);
    this.#names.push(name);
    return this.#names.length - 1;
  }

  /** Id of a closed-class word (CLOSED_WORDS), or -1 for any other string. */
  closedWord(lower: string): number {
    return this.#closed.get(lower) ?? -1;
  }

  /** Id of a symbol, or -1 when the table does not hold it. */
  id(name: string): number {
    return this.#ids.get(name) ?? -1;
  }

  /** Id of a symbol, added when new. Throws a RangeError past MAX_SYMBOLS. */
  grow(name: string): number {
    return this.#intern(name);
  }

  /** The symbol's name; throws a RangeError for an id the table does not hold. */
  name(id: number): string {
    const name = this.#names[id];
    if (name === undefined) throw new RangeError(`no symbol with id ${id}`);
    return name;
  }

  get size(): number {
    return this.#names.length;
  }
}
