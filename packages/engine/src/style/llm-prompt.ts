import type { ChatMessage } from '../providers/index.js';
import { briefMessages, styleBrief } from './brief/index.js';
import type { StyleModel } from './types.js';

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(WORD) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** Cosine similarity of two weighted bags of words, in [0, 1]. */
export function cosineSimilarity(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [word, weight] of a) {
    normA += weight * weight;
    dot += weight * (b.get(word) ?? 0);
  }
  for (const weight of b.values()) normB += weight * weight;
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

function weighted(counts: ReadonlyMap<string, number>, idf: ReadonlyMap<string, number>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [word, count] of counts) out.set(word, count * (idf.get(word) ?? 0));
  return out;
}

/**
 * The `count` stored passages closest to the text in topic, best first (the rewrite prompt's
 * choice before the style brief, which chooses for voice; kept as the baseline the brief's tests
 * compare against): cosine similarity of tf-idf
 * weighted word counts (idf over the stored passages, so words every passage has count little).
 * Ties keep the stored order.
 */
export function closestPassages(text: string, model: StyleModel, count: number): string[] {
  const passages = model.habits.passages.map(wordCounts);
  const documentFrequency = new Map<string, number>();
  for (const counts of passages)
    for (const word of counts.keys()) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  const idf = new Map<string, number>();
  const target = wordCounts(text);
  for (const word of new Set([...documentFrequency.keys(), ...target.keys()])) {
    idf.set(word, Math.log((passages.length + 1) / ((documentFrequency.get(word) ?? 0) + 1)) + 1);
  }
  const query = weighted(target, idf);
  return model.habits.passages
    .map((passage, index) => ({
      passage,
      index,
      score: cosineSimilarity(query, weighted(passages[index] ?? new Map(), idf)),
    }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map((entry) => entry.passage);
}

/**
 * The chat messages for an LLM rewrite: a system message with the rules and the author's style
 * brief (styleBrief with at most `examples` example passages chosen for their voice), then the
 * text to rewrite, with its length to keep when the model matches output length (briefMessages).
 */
export function rewriteMessages(text: string, model: StyleModel, examples: number): ChatMessage[] {
  return briefMessages(styleBrief(model, { maxExamples: examples }), {
    kind: 'rewrite',
    text,
    matchLength: model.matchOutputLength,
  });
}
