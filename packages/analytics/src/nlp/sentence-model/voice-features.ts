import { lowerAt, tagAt } from '../clauses/sentence-view.js';
import { canBeParticiple } from '../clauses/verb-forms.js';
import type { FeatureContext } from './context.js';
import { digit, openWord, wordAt } from './context.js';
import type { FeatureSink } from './templates.js';
import {
  V_AUX_READING,
  V_CANDIDATES,
  V_GAP,
  V_INITIAL_PARTICIPLE,
  V_INVERTED,
  V_NEXT,
  V_OTHER_PARTICIPLE,
  V_PARTICIPLE,
  V_PARTICIPLE_READING,
  V_READING,
  V_RULE,
  V_TAG,
} from './templates.js';

/** Participles worth naming: plain lower-case words (a symbol name never holds the separator). */
const PLAIN_WORD = /^[a-z][a-z'-]*$/;

/**
 * Features of one sentence for the voice model: the rule's answer, and for every "be/get …
 * participle" pair it considered, its reading, auxiliary, participle, and the word and tag after;
 * then participles outside any pair (reduced passives, headlines). O(n).
 */
export function voiceFeatures(context: FeatureContext, sink: FeatureSink): void {
  const { rule, common, table } = context;
  const { view, candidates } = rule;
  sink.add(V_RULE, rule.passive ? common.passive : common.active, 0);
  for (const candidate of candidates) {
    const reading = table.id(candidate.reading);
    const participle = lowerAt(view, candidate.participle);
    const participleSymbol = PLAIN_WORD.test(participle) ? openWord(context, participle) : -1;
    sink.add(V_READING, reading, 0);
    sink.add(V_AUX_READING, wordAt(context, candidate.aux), reading);
    sink.add(V_PARTICIPLE, participleSymbol, 0);
    sink.add(V_PARTICIPLE_READING, participleSymbol, reading);
    sink.add(V_NEXT, reading, wordAt(context, candidate.participle + 1));
    sink.add(V_TAG, reading, context.tag[candidate.participle] ?? -1);
    if (candidate.inverted) sink.add(V_INVERTED, 0, 0);
    if (candidate.participle - candidate.aux > 1) sink.add(V_GAP, reading, 0);
  }
  sink.add(V_CANDIDATES, digit(context, candidates.length, 3), 0);
  for (let k = 0; k < view.length; k += 1) {
    if (tagAt(view, k) !== 'VERB') continue;
    const lower = lowerAt(view, k);
    if (!canBeParticiple(lower) || candidates.some((c) => c.participle === k)) continue;
    sink.add(V_OTHER_PARTICIPLE, wordAt(context, k - 1), wordAt(context, k + 1));
    if (k === 0 && PLAIN_WORD.test(lower)) sink.add(V_INITIAL_PARTICIPLE, openWord(context, lower), 0);
  }
}
