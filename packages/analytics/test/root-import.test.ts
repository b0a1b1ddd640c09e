import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import * as root from '../src/index.js';

describe('the root import', () => {
  it('stays light: the models load at the first text, not at import', () => {
    // The built package in a fresh process, as a backend imports it.
    const script = `
      const before = process.memoryUsage().heapUsed;
      const analytics = await import(${JSON.stringify(new URL('../dist/index.js', import.meta.url).href)});
      const imported = process.memoryUsage().heapUsed - before;
      analytics.analyzeText('The model loads now. It is read once.');
      console.log(JSON.stringify({ imported, used: process.memoryUsage().heapUsed - before }));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    const { imported, used } = JSON.parse(output) as { imported: number; used: number };
    // CMUdict alone is ~60 MB of heap, the tagger's model ~20 MB more.
    expect(imported).toBeLessThan(30 * 1024 * 1024);
    expect(used).toBeGreaterThan(imported + 40 * 1024 * 1024);
  });

  it('exports the ROUGE building blocks users call', () => {
    expect(root.tokenizeRouge('The cats ran.', true)).toEqual(['the', 'cat', 'ran']);
    expect(root.porterStem('running')).toBe('run');
    expect(root.scoreMulti(['the cat sat'], 'the cat sat').rouge1.fmeasure).toBe(1);
  });
});
