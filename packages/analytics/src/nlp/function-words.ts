/**
 * The fixed English function-word list of `function_word_frequency` (METRICS.md).
 *
 * Method: the closed-class categories of English grammar (as in Biber et al., Longman Grammar of
 * Spoken and Written English, 1999, and the closed UPOS classes DET, PRON, ADP, CCONJ, SCONJ, AUX,
 * PART) enumerated by hand, plus the common function adverbs and quantifiers that stylometry
 * word lists (Mosteller & Wallace 1964; Burrows 2002) rely on, plus contracted forms as written.
 * Lower case; apostrophes are straight (curly ones are folded before lookup).
 */
const GROUPS: Record<string, string> = {
  determiners:
    'a an the this that these those my your his her its our their whose which what whatever whichever ' +
    'some any no every each either neither another other such all both half several many much more most ' +
    'few fewer fewest less least enough certain various',
  pronouns:
    'i me myself mine we us ourselves ours you yourself yourselves yours he him himself she herself hers ' +
    'it itself they them themselves theirs one oneself ones who whom whoever whomever someone somebody ' +
    'something anyone anybody anything everyone everybody everything nobody nothing none thee thou thy ' +
    'thine ye',
  prepositions:
    'of in to for with on at by from about as into like through after over between out against during ' +
    'without before under around among across along behind beyond within upon toward towards above below ' +
    'beneath beside besides near off onto past since till until unto via amid amidst amongst throughout ' +
    'despite except inside outside underneath unlike per versus concerning regarding considering ' +
    'including excluding following notwithstanding opposite round save than thru whilst atop aboard ' +
    'alongside barring circa down up',
  conjunctions:
    'and but or nor so yet because although though while whereas if unless whether lest once ' +
    'whenever wherever whereby wherein whereupon hence thus therefore however moreover furthermore ' +
    'nevertheless nonetheless otherwise accordingly consequently meanwhile',
  auxiliaries:
    'be am is are was were been being have has had having do does did doing done shall should will ' +
    'would can could may might must ought need dare get gets got gotten',
  contractions:
    "i'm i've i'd i'll you're you've you'd you'll he's he'd he'll she's she'd she'll it's it'd it'll " +
    "we're we've we'd we'll they're they've they'd they'll that's that'd that'll there's there'd " +
    "there'll here's who's who'd who'll what's what'd where's when's how's let's isn't aren't wasn't " +
    "weren't hasn't haven't hadn't doesn't don't didn't won't wouldn't shan't shouldn't can't cannot " +
    "couldn't mightn't mustn't needn't oughtn't ain't y'all",
  particles: 'not to there here',
  adverbs:
    'also just only even still already again ever never always often sometimes seldom rarely usually ' +
    'perhaps maybe quite rather very too somewhat almost nearly hardly scarcely merely simply indeed ' +
    'instead else then now when where why how whence thence thither hither therein thereby thereof ' +
    'herein hereby whereof soon later today tonight tomorrow yesterday ago away back forth forward ' +
    'further far long anyway anyhow besides likewise namely especially particularly really actually ' +
    'certainly surely probably possibly well alone together yes',
};

/** Every function word, lower-cased, without duplicates. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  Object.values(GROUPS).flatMap((group) => group.split(/\s+/).filter(Boolean)),
);

/** The function words in a fixed order (that of FUNCTION_WORDS), so a word can be counted by index. */
export const FUNCTION_WORD_LIST: readonly string[] = [...FUNCTION_WORDS];

/** Index in FUNCTION_WORD_LIST of each function word. */
export const FUNCTION_WORD_INDEX: ReadonlyMap<string, number> = new Map(FUNCTION_WORD_LIST.map((word, i) => [word, i]));
