/** The marker-words chart lists its words by Zeta score, highest first, without vega-lite warnings. */
import { compile } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { renderPlot } from '../../src/report/plots.js';
import { zetaWordsSpec } from '../../src/report/stylometry-plots.js';

describe('zetaWordsSpec', () => {
  const preferred = [
    { word: 'alpha', score: 0.2 },
    { word: 'zulu', score: 0.9 },
    { word: 'mike', score: 0.5 },
  ];
  const avoided = [
    { word: 'bravo', score: -0.8 },
    { word: 'yankee', score: -0.1 },
  ];
  const spec = zetaWordsSpec(preferred, avoided, 'Austen', 'Darwin');

  it('compiles without warnings', () => {
    const warnings: string[] = [];
    const logger = {
      level: () => logger,
      error: (...args: unknown[]) => (warnings.push(args.join(' ')), logger),
      warn: (...args: unknown[]) => (warnings.push(args.join(' ')), logger),
      info: () => logger,
      debug: () => logger,
    };
    // vega-lite's logger interface, with the two levels that report problems recorded.
    compile(spec, { logger: logger as never });
    expect(warnings).toEqual([]);
  });

  it('draws the words by score, highest first', async () => {
    const svg = await renderPlot(spec, 'caption');
    const words = ['zulu', 'mike', 'alpha', 'yankee', 'bravo'];
    const positions = words.map((word) => svg.indexOf(`>${word}<`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });
});
