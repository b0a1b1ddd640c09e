import type { ChatMessage } from '../providers/index.js';
import { styleCard } from './style-card.js';
import type { StyleModel } from './types.js';

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

function wordCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(WORD) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** Cosine similarity of two bags of words, in [0, 1]. */
export function cosineSimilarity(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (const [word, count] of a) {
    normA += count * count;
    dot += count * (b.get(word) ?? 0);
  }
  for (const count of b.values()) normB += count * count;
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** The `count` stored passages closest to the text (cosine similarity of word counts), best first; ties keep stored order. */
export function closestPassages(text: string, model: StyleModel, count: number): string[] {
  const target = wordCounts(text);
  return model.habits.passages
    .map((passage, index) => ({ passage, index, score: cosineSimilarity(target, wordCounts(passage)) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map((entry) => entry.passage);
}

/**
 * The chat messages for an LLM rewrite: a system message with the rules, the style card and the
 * author's passages closest to the input as examples; then the text to rewrite.
 */
export function rewriteMessages(text: string, model: StyleModel, examples: number): ChatMessage[] {
  const passages = closestPassages(text, model, examples);
  const system = [
    'You rewrite text in the style of one particular author. Keep the meaning and every fact.',
    'Never change numbers, names, dates, URLs, e-mail addresses, code (inline or fenced) or text inside quotation marks.',
    'Keep the Markdown structure exactly: the same headings, list items (with their markers), links, block quotes and paragraphs, in the same order.',
    'Answer with the rewritten text only, without any comment.',
    '',
    "The author's habits:",
    styleCard(model),
    ...(passages.length > 0 ? ['', 'Passages the author wrote (for their voice, not their content):', ...passages.map((p) => `---\n${p}`), '---'] : []),
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Rewrite this text in the author's style:\n\n${text}` },
  ];
}
