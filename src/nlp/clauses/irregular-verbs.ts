/**
 * English irregular verbs as data: base form, simple past, past participle.
 *
 * Source and method: the standard irregular-verb inventory of English reference grammars
 * (Quirk et al. 1985, "A Comprehensive Grammar of the English Language", Appendix I; the same
 * set appears in most learner dictionaries), restricted to verbs in current use. Variant forms
 * are separated by `/` (British -t pasts, American "gotten"). Prefixed verbs that inflect like
 * their stem (become, forget, understand, overcome, ...) are listed where they are common.
 */
const IRREGULAR_VERB_TABLE: readonly string[] = [
  'arise arose arisen', 'awake awoke awoken', 'bear bore borne/born', 'beat beat beaten/beat',
  'become became become', 'begin began begun', 'bend bent bent', 'bet bet bet',
  'bind bound bound', 'bite bit bitten', 'bleed bled bled', 'blow blew blown',
  'break broke broken', 'breed bred bred', 'bring brought brought', 'broadcast broadcast broadcast',
  'build built built', 'burn burnt/burned burnt/burned', 'burst burst burst', 'buy bought bought',
  'cast cast cast', 'catch caught caught', 'choose chose chosen', 'cling clung clung',
  'come came come', 'cost cost cost', 'creep crept crept', 'cut cut cut',
  'deal dealt dealt', 'dig dug dug', 'do did done', 'draw drew drawn',
  'dream dreamt/dreamed dreamt/dreamed', 'drink drank drunk', 'drive drove driven', 'dwell dwelt dwelt',
  'eat ate eaten', 'fall fell fallen', 'feed fed fed', 'feel felt felt',
  'fight fought fought', 'find found found', 'flee fled fled', 'fling flung flung',
  'fly flew flown', 'forbid forbade forbidden', 'forecast forecast forecast', 'foresee foresaw foreseen',
  'forget forgot forgotten', 'forgive forgave forgiven', 'freeze froze frozen', 'get got got/gotten',
  'give gave given', 'go went gone', 'grind ground ground', 'grow grew grown',
  'hang hung hung', 'have had had', 'hear heard heard', 'hide hid hidden',
  'hit hit hit', 'hold held held', 'hurt hurt hurt', 'keep kept kept',
  'kneel knelt knelt', 'know knew known', 'lay laid laid', 'lead led led',
  'lean leant/leaned leant/leaned', 'leap leapt/leaped leapt/leaped', 'learn learnt/learned learnt/learned',
  'leave left left', 'lend lent lent', 'let let let', 'lie lay lain', 'light lit lit',
  'lose lost lost', 'make made made', 'mean meant meant', 'meet met met',
  'mislead misled misled', 'mistake mistook mistaken', 'misunderstand misunderstood misunderstood',
  'overcome overcame overcome', 'overdo overdid overdone', 'overhear overheard overheard',
  'override overrode overridden', 'oversee oversaw overseen', 'overtake overtook overtaken',
  'overthrow overthrew overthrown', 'pay paid paid', 'prove proved proven/proved', 'put put put',
  'quit quit quit', 'read read read', 'rebuild rebuilt rebuilt', 'redo redid redone',
  'repay repaid repaid', 'rethink rethought rethought', 'rewrite rewrote rewritten', 'rid rid rid',
  'ride rode ridden', 'ring rang rung', 'rise rose risen', 'run ran run',
  'say said said', 'see saw seen', 'seek sought sought', 'sell sold sold',
  'send sent sent', 'set set set', 'sew sewed sewn/sewed', 'shake shook shaken',
  'shed shed shed', 'shine shone shone', 'shoot shot shot', 'show showed shown/showed',
  'shrink shrank/shrunk shrunk', 'shut shut shut', 'sing sang sung', 'sink sank sunk',
  'sit sat sat', 'sleep slept slept', 'slide slid slid', 'sling slung slung',
  'slit slit slit', 'sow sowed sown/sowed', 'speak spoke spoken', 'speed sped sped',
  'spell spelt/spelled spelt/spelled', 'spend spent spent', 'spill spilt/spilled spilt/spilled',
  'spin spun spun', 'spit spat spat', 'split split split', 'spoil spoilt/spoiled spoilt/spoiled',
  'spread spread spread', 'spring sprang sprung', 'stand stood stood', 'steal stole stolen',
  'stick stuck stuck', 'sting stung stung', 'stink stank stunk', 'strike struck struck/stricken',
  'string strung strung', 'strive strove striven', 'swear swore sworn', 'sweep swept swept',
  'swell swelled swollen', 'swim swam swum', 'swing swung swung', 'take took taken',
  'teach taught taught', 'tear tore torn', 'tell told told', 'think thought thought',
  'throw threw thrown', 'thrust thrust thrust', 'tread trod trodden', 'undergo underwent undergone',
  'understand understood understood', 'undertake undertook undertaken', 'undo undid undone',
  'upset upset upset', 'wake woke woken', 'wear wore worn', 'weave wove woven',
  'weep wept wept', 'wet wet wet', 'win won won', 'wind wound wound',
  'withdraw withdrew withdrawn', 'withhold withheld withheld', 'withstand withstood withstood',
  'wring wrung wrung', 'write wrote written', 'befall befell befallen',
  'behold beheld beheld', 'beset beset beset', 'bid bid bid', 'forsake forsook forsaken',
  'input input input', 'output output output', 'outdo outdid outdone', 'outgrow outgrew outgrown', 'misspell misspelt/misspelled misspelt/misspelled', 'partake partook partaken',
  'stride strode stridden', 'underlie underlay underlain', 'uphold upheld upheld',
];

function column(index: number): Set<string> {
  const forms = new Set<string>();
  for (const row of IRREGULAR_VERB_TABLE) {
    const cell = row.split(' ')[index] ?? '';
    for (const form of cell.split('/')) if (form !== '') forms.add(form);
  }
  return forms;
}

/** Base forms of the irregular verbs ("take", "go"). */
export const IRREGULAR_BASE_FORMS: ReadonlySet<string> = column(0);
/** Simple past forms ("took", "went"); a form may also be a participle ("made"). */
export const IRREGULAR_PAST_FORMS: ReadonlySet<string> = column(1);
/** Past participles ("taken", "gone"); a form may also be a past ("made") or base ("come"). */
export const IRREGULAR_PARTICIPLES: ReadonlySet<string> = column(2);
