import type { Upos } from '@styler-dev/analytics/metrics';

/**
 * Generic, AI-typical words and phrases, most with plain replacements that keep the meaning.
 * Each row: the generic forms (inflections in a fixed slot order, e.g. base|3sg|past|ing), then
 * one or more alternatives with the same slots, or none for a word no plain word replaces
 * everywhere: the model still counts it, the brief still names it when the author never uses it,
 * and the rule engine leaves it as it is. `pos`: the UPOS a single-word form must carry to
 * be replaced (so the noun "boost" is not swapped for a verb); `tags`: UPOS of a multi-word
 * alternative's words (single words keep the tags of the word they replace).
 */
export interface GenericEntry {
  forms: string[];
  alternatives: string[][];
  pos?: Upos;
  tags?: Upos[][];
}

function row(forms: string, alternatives: string, pos?: Upos, tags?: string): GenericEntry {
  const entry: GenericEntry = {
    forms: forms.split('|'),
    alternatives: alternatives.split(' / ').map((alt) => alt.split('|')),
  };
  if (pos !== undefined) entry.pos = pos;
  if (tags !== undefined) entry.tags = tags.split(' / ').map((one) => one.split(' ') as Upos[]);
  return entry;
}

/** An AI-typical word with no replacement (see GenericEntry): counted and avoided, never swapped. */
function unreplaced(forms: string, pos: Upos): GenericEntry {
  return { forms: forms.split('|'), alternatives: [], pos };
}

export const GENERIC_ENTRIES: readonly GenericEntry[] = [
  row('utilize|utilizes|utilized|utilizing', 'use|uses|used|using', 'VERB'),
  row('utilise|utilises|utilised|utilising', 'use|uses|used|using', 'VERB'),
  row('leverage|leverages|leveraged|leveraging', 'use|uses|used|using', 'VERB'),
  // Not "help": it wants a beneficiary ("help the team") where "facilitate" takes a process; and
  // "ease inroads" reads as lessening them. No plain verb says "make easier" of every object.
  unreplaced('facilitate|facilitates|facilitated|facilitating', 'VERB'),
  row('enhance|enhances|enhanced|enhancing', 'improve|improves|improved|improving', 'VERB'),
  row('optimize|optimizes|optimized|optimizing', 'improve|improves|improved|improving', 'VERB'),
  row('streamline|streamlines|streamlined|streamlining', 'simplify|simplifies|simplified|simplifying', 'VERB'),
  // Not "help": to empower is to give power ("empower the Union to provide …"), which helping is not.
  row('empower|empowers|empowered|empowering', 'enable|enables|enabled|enabling', 'VERB'),
  row('foster|fosters|fostered|fostering', 'encourage|encourages|encouraged|encouraging', 'VERB'),
  row('bolster|bolsters|bolstered|bolstering', 'strengthen|strengthens|strengthened|strengthening', 'VERB'),
  row('commence|commences|commenced|commencing', 'start|starts|started|starting', 'VERB'),
  row('endeavor|endeavors|endeavored|endeavoring', 'try|tries|tried|trying', 'VERB'),
  row('demonstrate|demonstrates|demonstrated|demonstrating', 'show|shows|showed|showing', 'VERB'),
  row('obtain|obtains|obtained|obtaining', 'get|gets|got|getting', 'VERB'),
  row('purchase|purchases|purchased|purchasing', 'buy|buys|bought|buying', 'VERB'),
  row('assist|assists|assisted|assisting', 'help|helps|helped|helping', 'VERB'),
  row('delve|delves|delved|delving', 'look|looks|looked|looking / dig|digs|dug|digging', 'VERB'),
  row('showcase|showcases|showcased|showcasing', 'show|shows|showed|showing', 'VERB'),
  row('elevate|elevates|elevated|elevating', 'raise|raises|raised|raising', 'VERB'),
  row('harness|harnesses|harnessed|harnessing', 'use|uses|used|using', 'VERB'),
  row('boost|boosts|boosted|boosting', 'raise|raises|raised|raising / increase|increases|increased|increasing', 'VERB'),
  row('ensure|ensures|ensured|ensuring', 'make sure|makes sure|made sure|making sure', 'VERB', 'VERB ADJ'),
  row(
    'embark on|embarks on|embarked on|embarking on',
    'start|starts|started|starting / begin|begins|began|beginning',
    undefined,
    'VERB / VERB',
  ),
  row('robust', 'strong / sound', 'ADJ'),
  row('seamless', 'smooth / easy', 'ADJ'),
  row('seamlessly', 'smoothly / easily', 'ADV'),
  row('comprehensive', 'complete / full / thorough', 'ADJ'),
  row('crucial', 'vital / important / essential', 'ADJ'),
  row('pivotal', 'central / key', 'ADJ'),
  row('innovative', 'new / novel', 'ADJ'),
  row('cutting-edge', 'latest / newest', 'ADJ'),
  row('state-of-the-art', 'modern / latest', 'ADJ'),
  row('effortless', 'easy', 'ADJ'),
  row('effortlessly', 'easily', 'ADV'),
  row('meticulous', 'careful', 'ADJ'),
  row('meticulously', 'carefully', 'ADV'),
  row('intricate', 'complex / involved', 'ADJ'),
  row('vibrant', 'lively', 'ADJ'),
  row('numerous', 'many', 'ADJ'),
  // Not "exceptional": it says rare, unlike the rule ("exceptional circumstances"); "excellent" says good.
  row('actionable', 'practical / useful', 'ADJ'),
  row('thrilled', 'delighted / glad / happy', 'ADJ'),
  row('fast-paced', 'busy / hurried', 'ADJ'),
  row('ever-evolving|ever-changing', 'changing|changing', 'ADJ'),
  // Not "greatly": it does not stand before a comparative ("greatly lower"); "considerably" does.
  row('significantly', 'considerably', 'ADV'),
  row('substantially', 'considerably', 'ADV'),
  row('approximately', 'about / roughly', 'ADV'),
  row('additional', 'more / further / extra', 'ADJ'),
  row('sufficient', 'enough', 'ADJ'),
  row('subsequently', 'later / then / afterwards', 'ADV'),
  row('regarding', 'about / concerning', 'VERB'),
  row('in order to', 'to', undefined, 'PART'),
  row('due to the fact that', 'because / since', undefined, 'SCONJ / SCONJ'),
  row(
    'a wide range of|a wide variety of|a variety of|a range of',
    'many|many|many|many / various|various|various|various',
    undefined,
    'ADJ / ADJ',
  ),
  row('a plethora of|a myriad of', 'many|many / plenty of|plenty of', undefined, 'ADJ / PRON ADP'),
  row('the majority of', 'most', undefined, 'ADJ'),
  row('at this point in time', 'now', undefined, 'ADV'),
  row('in the event that', 'if', undefined, 'SCONJ'),
  row('with regard to|with respect to', 'about|about / on|on', undefined, 'ADP / ADP'),
  row('for the purpose of', 'for', undefined, 'ADP'),
  row('prior to', 'before', undefined, 'ADP'),
  // Present only: "were able to pass" says they did; "could pass" says only that they might have.
  row('is able to|are able to', 'can|can', undefined, 'AUX'),
  row('has the ability to|have the ability to', 'can|can', undefined, 'AUX'),
];

/** Every generic form (lower-case), for measuring which of them an author never uses. */
export const GENERIC_FORMS: readonly string[] = GENERIC_ENTRIES.flatMap((entry) => entry.forms);

/**
 * Fillers and hedges that open a sentence and can go without loss of meaning. They are removed
 * only when the output need not keep the input's length (`matchOutputLength: false`).
 */
export const OPENING_FILLERS: readonly string[] = [
  'it is important to note that',
  "it's important to note that",
  'it is worth noting that',
  "it's worth noting that",
  'it should be noted that',
  'it goes without saying that',
  'needless to say,',
  "in today's fast-paced world,",
  "in today's digital age,",
  "in today's world,",
  'at the end of the day,',
  'as we all know,',
  'simply put,',
  'essentially,',
  'basically,',
  'to be honest,',
];

/** Intensifiers and hedges inside a sentence, removed (same condition) when the author never uses them. */
export const INNER_FILLERS: ReadonlySet<string> = new Set([
  'truly',
  'genuinely',
  'incredibly',
  'absolutely',
  'really',
  'actually',
  'basically',
  'essentially',
  'definitely',
  'arguably',
  'undoubtedly',
  'remarkably',
  'successfully',
  'seamlessly',
]);
