import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barChartLayout, CHART_SPACING } from '../../../console/src/components/chart-layout.js';

const extents = fc.record({
  labelWidth: fc.double({ min: 0, max: 600, noNaN: true }),
  valueWidth: fc.double({ min: 0, max: 200, noNaN: true }),
  ascent: fc.double({ min: 4, max: 24, noNaN: true }),
  descent: fc.double({ min: 0, max: 8, noNaN: true }),
});

describe('barChartLayout', () => {
  it('keeps every label and value box inside the viewBox, however wide or tall the text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 3 }), extents, (rows, series, text) => {
        const layout = barChartLayout(rows, series, text);
        const inside = (left: number, right: number, top: number, bottom: number) =>
          left >= 0 && right <= layout.width + 1e-9 && top >= 0 && bottom <= layout.height + 1e-9;
        expect(layout.width).toBeGreaterThanOrEqual(CHART_SPACING.minWidth);
        expect(layout.plotWidth).toBeGreaterThanOrEqual(CHART_SPACING.minPlotWidth - 1e-9);
        for (let r = 0; r < rows; r += 1) {
          const band = layout.top + r * layout.rowHeight;
          const label = band + layout.labelBaseline;
          expect(
            inside(layout.labelRight - text.labelWidth, layout.labelRight, label - text.ascent, label + text.descent),
          ).toBe(true);
          for (let s = 0; s < series; s += 1) {
            const value = band + layout.valueBaseline(s);
            // The longest bar's value sits furthest right.
            const valueRight = layout.plotLeft + layout.plotWidth + layout.valueGap + text.valueWidth;
            expect(inside(layout.plotLeft, valueRight, value - text.ascent, value + text.descent)).toBe(true);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('draws short text at the narrowest width, with the bars taking the rest', () => {
    const layout = barChartLayout(4, 1, { labelWidth: 90, valueWidth: 30, ascent: 11, descent: 3 });
    expect(layout.width).toBe(CHART_SPACING.minWidth);
    expect(layout.plotWidth).toBeCloseTo(440 - 2 - 30 - 4 - (2 + 90 + 6), 9);
  });
});
