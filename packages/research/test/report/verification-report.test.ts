/** The verify report's reliability diagram: one panel per method, each bin's problems and interval. */
import { describe, expect, it } from 'vitest';
import { reliabilityBins } from '../../src/stylometry/index.js';
import { renderPlot } from '../../src/report/plots.js';
import { reliabilitySpec } from '../../src/report/verification-report.js';

describe('reliabilitySpec', () => {
  it('draws a panel per method with each bin’s count and 95 % interval', async () => {
    const answers = [0.05, 0.15, 0.15, 0.85, 0.95, 0.95, 0.95].map((score, i) => ({ score, same: i >= 3 }));
    const bins = ['delta', 'imposters'].flatMap((method) =>
      reliabilityBins(answers, 10).map((bin) => ({ method, ...bin })),
    );
    const html = await renderPlot(reliabilitySpec(bins), 'caption');
    const svg = /<svg[\s\S]*<\/svg>/.exec(html)![0];
    // The panel headers, and the bins' counts (1, 2, 1, 3) drawn in each panel.
    expect(svg).toContain('>delta</text>');
    expect(svg).toContain('>imposters</text>');
    const counts = [...svg.matchAll(/<text[^>]*>(\d)<\/text>/g)].map((m) => m[1]);
    for (const count of ['1', '2', '3']) expect(counts.filter((c) => c === count).length).toBeGreaterThanOrEqual(2);
    // Interval bars: a vertical rule per bin and panel, beside the diagonal.
    const spec = reliabilitySpec(bins) as unknown as { spec: { layer: Array<{ encoding: { y2?: unknown } }> } };
    expect(spec.spec.layer.some((layer) => JSON.stringify(layer.encoding.y2) === '{"field":"observedHigh"}')).toBe(
      true,
    );
  });
});
