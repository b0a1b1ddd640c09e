/** Word tokens for the comparison extras: whitespace-separated, as `wc -w` counts them. */

/** A word and the whitespace that follows it in the text (kept so a diff can rebuild the text). */
export interface WordToken {
  word: string;
  trailing: string;
}

/** The words of `text` with their trailing whitespace; leading whitespace is dropped. */
export function wordTokens(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const match of text.matchAll(/(\S+)(\s*)/g)) tokens.push({ word: match[1] ?? '', trailing: match[2] ?? '' });
  return tokens;
}

/**
 * Maps the words of two texts to small integers (equal words, equal ids), so the O(n·m) loops
 * compare numbers instead of strings.
 */
export function wordIds(a: readonly WordToken[], b: readonly WordToken[]): { a: Int32Array; b: Int32Array } {
  const ids = new Map<string, number>();
  const toId = (token: WordToken): number => {
    let id = ids.get(token.word);
    if (id === undefined) {
      id = ids.size;
      ids.set(token.word, id);
    }
    return id;
  };
  return { a: Int32Array.from(a, toId), b: Int32Array.from(b, toId) };
}

/** Resolves on the next turn of the event loop, so long loops let other requests run. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
