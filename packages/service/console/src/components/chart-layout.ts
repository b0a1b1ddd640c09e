/**
 * Geometry of a BarChart in viewBox units, sized from its text so no label or value is clipped at
 * the svg's edge. A viewBox unit is one CSS pixel at the chart's narrowest, so 12 px text measures
 * 12 units.
 */

/** How much room the chart's text takes, in viewBox units. */
export interface TextExtents {
  /** The widest row label. */
  labelWidth: number;
  /** The widest value label (number and unit). */
  valueWidth: number;
  /** The tallest text above its baseline (the font's ascent, as getBBox reports it). */
  ascent: number;
  /** The deepest text below its baseline (the font's descent). */
  descent: number;
}

/** Where the chart draws things; y offsets are from the top of a row's band. */
export interface BarChartLayout {
  width: number;
  height: number;
  /** Where the right-aligned row labels end. */
  labelRight: number;
  /** Where the bars start. */
  plotLeft: number;
  /** The length of the longest bar. */
  plotWidth: number;
  /** Gap between a bar's end and its value label. */
  valueGap: number;
  /** Top of the first row's band. */
  top: number;
  rowHeight: number;
  barPitch: number;
  barHeight: number;
  /** Baseline of a row label, centred on the row's bars. */
  labelBaseline: number;
  /** Baseline of series `s`'s value label, centred on its bar. */
  valueBaseline(s: number): number;
}

/** The spacing of BarChart; widths and heights in viewBox units. */
export const CHART_SPACING = Object.freeze({
  /** The narrowest a chart is drawn (also its CSS min-width), whatever its text. */
  minWidth: 440,
  /** The shortest the longest bar gets, when long labels take the room. */
  minPlotWidth: 160,
  /** Room kept clear around the drawing, so antialiased glyph edges are not shaved off. */
  padding: 2,
  labelGap: 6,
  valueGap: 4,
  barPitch: 10,
  barHeight: 8,
  rowGap: 8,
});

/** Stand-in extents before the text is drawn and measured: 12 px text, 0.6 em per character. */
export function estimateTextExtents(labels: readonly string[], values: readonly string[]): TextExtents {
  const widthOf = (texts: readonly string[]) => Math.max(0, ...texts.map((text) => text.length * 7.2));
  return { labelWidth: widthOf(labels), valueWidth: widthOf(values), ascent: 11, descent: 3 };
}

/** Lays out `rows` rows of `series` bars each around text of the given extents. */
export function barChartLayout(rows: number, series: number, text: TextExtents): BarChartLayout {
  const { minWidth, minPlotWidth, padding, labelGap, valueGap, barPitch, barHeight, rowGap } = CHART_SPACING;
  const labelRight = padding + text.labelWidth;
  const plotLeft = labelRight + labelGap;
  const width = Math.ceil(Math.max(minWidth, plotLeft + minPlotWidth + valueGap + text.valueWidth + padding));
  const plotWidth = width - padding - text.valueWidth - valueGap - plotLeft;

  // Text is centred on what it labels: it reaches half its height above and below that centre.
  const halfText = (text.ascent + text.descent) / 2;
  const centreToBaseline = (text.ascent - text.descent) / 2;
  const band = series * barPitch;
  const labelCentre = band / 2;
  const barCentre = (s: number) => s * barPitch + barHeight / 2;
  const firstCentre = Math.min(labelCentre, barCentre(0));
  const lastCentre = Math.max(labelCentre, barCentre(series - 1));
  const top = padding + Math.max(0, halfText - firstCentre);
  const rowHeight = band + rowGap;
  const lastRowBottom = rows === 0 ? 0 : (rows - 1) * rowHeight + Math.max(band, lastCentre + halfText);
  return {
    width,
    height: Math.ceil(top + lastRowBottom + padding),
    labelRight,
    plotLeft,
    plotWidth,
    valueGap,
    top,
    rowHeight,
    barPitch,
    barHeight,
    labelBaseline: labelCentre + centreToBaseline,
    valueBaseline: (s) => barCentre(s) + centreToBaseline,
  };
}
