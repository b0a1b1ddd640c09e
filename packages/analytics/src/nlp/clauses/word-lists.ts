/**
 * Closed-class word lists the clause and voice rules consult, lower-cased.
 *
 * Source and method: the closed classes of English as reference grammars list them (Quirk et al.
 * 1985, "A Comprehensive Grammar of the English Language": ch. 3 auxiliaries, ch. 6 pronouns,
 * ch. 13-15 coordinators, subordinators and complementation; Biber et al. 1999 for the
 * complement-taking and reporting verbs most frequent in conversation and news). Web spellings that
 * reach us after wink's contraction splitting ("ca" of "can't", "wo" of "won't", "ai" of "ain't",
 * lower-case "i", "u") are added by hand. The adjectival-participle lists (emotion and state
 * adjectives, copular "get" + adjective, participles of intransitive verbs) are grammar classes too;
 * their membership was checked against how UD English EWT annotates "be/get + participle", so they
 * follow that treebank's convention of calling "interested", "involved" or "gone" adjectives.
 */

function words(list: string): ReadonlySet<string> {
  return new Set(list.split(/\s+/).filter((word) => word !== ''));
}

/** Finite forms of "be", clitics included ("'s" only when tagged AUX). */
export const FINITE_BE = words(`am is are was were 's 're 'm ai`);
/** Every form of "be"; non-finite ones cannot start a finite clause but still carry a passive. */
export const BE_FORMS = words(`am is are was were be been being 's 're 'm ai`);
/** Forms of "get" that make a get-passive ("got tossed"). */
export const GET_FORMS = words(`get gets got gotten getting`);
/** Modal auxiliaries, clitic and split-contraction spellings included: always finite. */
export const MODALS = words(`will would can could shall should may might must 'll 'd wo ca sha ought`);
/** Finite forms of "do" and "have" (as auxiliaries or main verbs). */
export const FINITE_DO_HAVE = words(`do does did has have had 've 'd`);
/** Negators that may stand inside a verb group ("was not", "ca n't", "never"). */
export const NEGATORS = words(`not n't never nt`);

/** Pronouns that can be a clause subject (nominative or case-neutral forms). */
export const SUBJECT_PRONOUNS = words(`
  i you he she it we they u ya ye there this that these those one
  someone somebody everyone everybody anyone anybody nobody noone
  something everything anything nothing who what which whoever whatever
  all both each many most some none few several another either neither`);
/** Pronouns that only an object position allows: before them there is no subject. */
export const OBJECT_PRONOUNS = words(`me him us them whom`);
/**
 * Pronouns whose bare-form verb is plural or first/second person ("they work"); existential
 * "there" agrees with the noun after the verb ("there have been tensions").
 */
export const PLURAL_OR_LOCAL_PRONOUNS = words(`i you we they u ya ye these those there`);

/** Relative pronouns: after a noun they open a relative clause. */
export const RELATIVE_PRONOUNS = words(`who whom whose which that`);
/** Wh-words: open a question at the start of a clause, an embedded clause elsewhere. */
export const WH_WORDS = words(`
  what who whom whose which where when why how
  whatever whoever whomever whichever wherever whenever however`);

/** Subordinating conjunctions (and prepositions that introduce finite clauses). */
export const SUBORDINATORS = words(`
  because although though if unless whether while whilst since until till once whereas
  lest as like than that before after cause cuz coz cos bc whereby wherein`);
/** Coordinating conjunctions and clause-linking "so"/"then"/"plus". */
export const COORDINATORS = words(`and but or nor yet so then plus &`);
/** Punctuation that separates full clauses (parataxis) when a subject follows. */
export const CLAUSE_PUNCTUATION = words(`; : , - -- — – ( " ' “ ” ‘ ’ ... … ! ? ..`);

/**
 * Verbs and adjectives that take a finite complement clause without "that"
 * ("I think [he left]", "I'm sure [it works]").
 */
export const COMPLEMENT_TAKERS = words(`
  think thinks thought say says said know knows knew believe believes believed hope hopes hoped
  guess guessed feel feels felt mean means meant suppose supposed bet wish wished realize realized
  realise realised assume assumed understand understood notice noticed see saw hear heard find found
  tell told show showed claim claimed agree agreed figure figured expect expected imagine imagined
  doubt learn learned learnt recall remember remembered forget forgot pray promise promised reckon
  suggest suggested suspect suspected swear swore trust admit admitted argue argued confirm confirmed
  decide decided discover discovered ensure insist insisted note noted predict predicted pretend
  prove proved report reported reply replied state stated explain explained add added
  sure glad afraid sorry aware certain happy convinced surprised proud thankful grateful`);

/**
 * Reporting and opinion verbs that, after a quotation or a clause, take it as their complement
 * ('"We were on the road," she said.', "That's overstating it, I know.").
 */
export const REPORTING_VERBS = words(`
  say says said add adds added tell tells told write writes wrote ask asks asked explain explains
  explained note notes noted reply replies replied continue continues continued think thinks thought
  guess know knows believe believes suppose hope admit admits admitted claim claims claimed insist
  insists insisted warn warns warned argue argues argued recall recalls recalled report reports
  reported concede conceded declare declared announce announced observe observed`);

/** Participles of intransitive verbs: after "be" they are adjectives ("is long gone"), never passive. */
export const INTRANSITIVE_PARTICIPLES = words(`
  gone fallen risen arrived departed vanished disappeared died happened elapsed faded retired`);

/** Verbs whose object takes a bare infinitive ("let it go", "made him cry", "help me move"). */
export const BARE_INFINITIVE_TAKERS = words(`let lets make makes made have has had help helps helped bid`);

/** Participles that follow copular "get" as adjectives ("get lost", "got married"), not passives. */
export const GET_ADJECTIVES = words(`
  lost rid wasted involved married divorced engaged dressed started done tired bored used drunk
  excited stuck acquainted organized prepared ready`);

/**
 * Past participles that English grammars treat as adjectives after "be" when no by-agent follows:
 * emotion and state adjectives (Quirk et al. 1985, 3.74-3.78, "pseudo-passives").
 */
export const ADJECTIVAL_PARTICIPLES = words(`
  interested pleased concerned involved complicated inclined embarrassed ashamed determined
  frustrated terrified impressed satisfied surprised tired excited bored worried scared frightened confused
  amazed annoyed thrilled delighted relieved exhausted qualified experienced dedicated devoted
  talented skilled crowded limited advanced sophisticated renowned acquainted accustomed
  related entitled obsessed fascinated horrified astonished puzzled depressed overwhelmed
  unqualified uninterested unimpressed dissatisfied unsatisfied detailed balanced mixed
  outdated overpriced overrated underrated sized priced aged`);

/** Degree adverbs that mark a following participle as an adjective ("very tired"). */
export const DEGREE_ADVERBS = words(`
  very so too quite more most less least pretty rather somewhat fairly incredibly`);
