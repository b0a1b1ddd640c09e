import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/nlp/index.js';

describe('analyzeText on a 5 MB text', () => {
  it('completes with bounded memory growth', () => {
    const paragraph =
      'The committee met on Tuesday, and the members, who had travelled far, argued until late; nothing was decided. ' +
      'Was the report ignored? It was read by everyone (even the clerk) but few agreed with it!';
    const text = Array.from({ length: Math.ceil(5_000_000 / (paragraph.length + 2)) + 1 }, () => paragraph).join(
      '\n\n',
    );
    expect(text.length).toBeGreaterThanOrEqual(5_000_000);
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    const features = analyzeText(text);
    const after = process.memoryUsage().heapUsed;
    expect(features.sentences).toBeGreaterThan(70_000);
    expect(features.words).toBeGreaterThan(800_000);
    // Tagging runs in 64 kB batches: the heap holds the features, not a whole-text wink document.
    expect(after - before).toBeLessThan(600 * 1024 * 1024);
  });
});
