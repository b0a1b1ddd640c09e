import type { WordProfile } from '@styler-dev/analytics/metrics';
import { SPREAD_MIN_COUNT } from '../habits/word-spread.js';
import type { StyleModel } from '../types.js';
import { G2_P_0001, logLikelihood } from './log-likelihood.js';
import type { FavouredWord } from './types.js';

/** Uses a word needs before keyness may name it (the model stores document frequencies from this count up). */
export const KEYNESS_MIN_COUNT = SPREAD_MIN_COUNT;
/**
 * Share of the author's documents a favoured word must occur in: a word that a few documents
 * use heavily is their topic, not the author's habit.
 */
export const SPREAD_SHARE_MIN = 1 / 3;
/**
 * A favoured word is used at least this many times as often as in the reference (relative to all
 * words): a Log Ratio (Hardie 2014) of at least 1. G² alone says a difference is real, not that it
 * is large; with many words a frequent word is significant at a ratio of 1.2 that no reader notices.
 */
export const MIN_FREQUENCY_RATIO = 2;
/** Favoured words named at most, the most key first. */
export const FAVOURED_LIMIT = 20;
/**
 * Words left out whatever their keyness: articles and personal pronouns follow from grammar and
 * from who speaks (the brief states person and address on their own line).
 */
const GRAMMAR_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the i me my mine myself we us our ours ourselves you your yours yourself yourselves he him his ' +
    'himself she her hers herself it its itself they them their theirs themselves'
  ).split(' '),
);

/**
 * Word counts of several models' documents together (their vocabularies summed, their words
 * totalled): the reference for keyness from the other authors a service knows.
 */
export function keynessReference(models: readonly StyleModel[]): WordProfile {
  const counts: Record<string, number> = Object.create(null) as Record<string, number>;
  let total = 0;
  for (const model of models) {
    total += model.habits.totals.words;
    for (const [word, count] of Object.entries(model.habits.vocabulary)) counts[word] = (counts[word] ?? 0) + count;
  }
  return { total, counts };
}

/**
 * The words the author uses significantly more than the reference texts, by Dunning's
 * log-likelihood G² (brief/log-likelihood.ts) of the author's count of a word against the
 * reference's, within the author's words (model.habits.totals.words) and the reference's total:
 * used at least KEYNESS_MIN_COUNT times, at least MIN_FREQUENCY_RATIO times as often (relatively) as in
 * the reference, G² at least G2_P_0001 (p < 0.0001), occurring in at least SPREAD_SHARE_MIN of the author's documents, not a
 * name (capitalised inside sentences), an article or a personal pronoun. Most key first, at most
 * FAVOURED_LIMIT.
 *
 * Keyness needs a reference. No general-English word-frequency list ships with the engine (WordNet's
 * sense counts are lemma counts of sense-tagged content words, a different unit from the model's word
 * forms), so without `reference` (or with an empty one), or for a model fit before the style brief
 * (no document frequencies), no word is named.
 */
export function favouredWords(model: StyleModel, reference: WordProfile | undefined): FavouredWord[] {
  const voice = model.habits.voice;
  const authorTotal = model.habits.totals.words;
  if (voice === undefined || reference === undefined || reference.total <= 0 || authorTotal <= 0) return [];
  const documents = model.habits.totals.documents;
  const names = new Set(voice.names);
  const out: FavouredWord[] = [];
  for (const [word, documentCount] of Object.entries(voice.documentFrequency)) {
    const count = model.habits.vocabulary[word] ?? 0;
    if (count < KEYNESS_MIN_COUNT || names.has(word) || GRAMMAR_WORDS.has(word)) continue;
    if (documentCount < SPREAD_SHARE_MIN * documents) continue;
    const referenceCount = Math.min(reference.counts[word] ?? 0, reference.total);
    if (count / authorTotal < (MIN_FREQUENCY_RATIO * referenceCount) / reference.total) continue;
    const g2 = logLikelihood(count, referenceCount, Math.max(0, authorTotal - count), reference.total - referenceCount);
    if (g2 < G2_P_0001) continue;
    out.push({
      word,
      count,
      perThousandWords: Math.round((count / authorTotal) * 1e6) / 1000,
      referencePerThousandWords: Math.round((referenceCount / reference.total) * 1e6) / 1000,
      logLikelihood: Math.round(g2 * 100) / 100,
    });
  }
  return out.sort((a, b) => b.logLikelihood - a.logLikelihood || (a.word < b.word ? -1 : 1)).slice(0, FAVOURED_LIMIT);
}
