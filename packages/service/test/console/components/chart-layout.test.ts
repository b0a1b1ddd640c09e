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
  it('keeps every label and value box inside the viewBox and off the bars, however wide or tall the text', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 3 }),
        extents,
        fc.double({ min: 120, max: 1000, noNaN: true }),
        (rows, series, text, available) => {
          const layout = barChartLayout(rows, series, text, available);
          const inside = (left: number, right: number, top: number, bottom: number) =>
            left >= 0 && right <= layout.width + 1e-9 && top >= 0 && bottom <= layout.height + 1e-9;
          const beside = layout.labelPlacement === 'beside';
          expect(layout.width).toBeGreaterThanOrEqual(Math.floor(available));
          expect(layout.plotWidth).toBeGreaterThanOrEqual(
            (beside ? CHART_SPACING.minPlotWidth : CHART_SPACING.minStackedPlotWidth) - 1e-9,
          );
          const labelLeft = beside ? layout.labelX - text.labelWidth : layout.labelX;
          for (let r = 0; r < rows; r += 1) {
            const band = layout.top + r * layout.rowHeight;
            const label = band + layout.labelBaseline;
            expect(inside(labelLeft, labelLeft + text.labelWidth, label - text.ascent, label + text.descent)).toBe(
              true,
            );
            // Beside the bars a label ends before they start; above them it ends before the first bar.
            if (beside) expect(labelLeft + text.labelWidth).toBeLessThanOrEqual(layout.plotLeft);
            else expect(label + text.descent).toBeLessThanOrEqual(band + layout.barTop(0) + 1e-9);
            for (let s = 0; s < series; s += 1) {
              const value = band + layout.valueBaseline(s);
              // The longest bar's value sits furthest right.
              const valueRight = layout.plotLeft + layout.plotWidth + layout.valueGap + text.valueWidth;
              expect(inside(layout.plotLeft, valueRight, value - text.ascent, value + text.descent)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('judges whether labels fit beside the bars on the whole pixels the figure takes', () => {
    // A width a hundred-millionth of a pixel over the need once held the labels beside bars that
    // the floored width then made that much too short (found by the property above).
    const text = { labelWidth: 1e-8, valueWidth: 0, ascent: 4, descent: 0 };
    const layout = barChartLayout(1, 1, text, 174.00000001);
    expect(layout.width).toBe(174);
    expect(layout.plotWidth).toBeGreaterThanOrEqual(
      (layout.labelPlacement === 'beside' ? CHART_SPACING.minPlotWidth : CHART_SPACING.minStackedPlotWidth) - 1e-9,
    );
  });

  it('fills the width it is given, with the labels beside the bars when they fit', () => {
    const layout = barChartLayout(4, 1, { labelWidth: 90, valueWidth: 30, ascent: 11, descent: 3 }, 640);
    expect(layout.labelPlacement).toBe('beside');
    expect(layout.width).toBe(640);
    expect(layout.plotWidth).toBeCloseTo(640 - 2 - 30 - 4 - (2 + 90 + 6), 9);
  });

  it('puts the labels above the bars when a narrow screen cannot hold both on one line', () => {
    const text = { labelWidth: 300, valueWidth: 30, ascent: 11, descent: 3 };
    const layout = barChartLayout(4, 3, text, 350);
    expect(layout.labelPlacement).toBe('above');
    expect(layout.width).toBe(350);
    expect(layout.plotLeft).toBe(CHART_SPACING.padding);
    expect(layout.plotWidth).toBeCloseTo(350 - 2 - 30 - 4 - 2, 9);
    // Wider than the figure only when even a label on its own line cannot fit.
    expect(barChartLayout(4, 3, text, 250).width).toBe(304);
  });
});
