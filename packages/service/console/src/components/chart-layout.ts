/**
 * Geometry of a BarChart in viewBox units, sized from its text so no label or value is clipped at
 * the svg's edge. The svg is drawn at its viewBox's size, so a viewBox unit is one CSS pixel and 12 px
 * text measures 12 units.
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
  /**
   * How row labels sit: `beside` the bars (right-aligned, ending at labelX) when the width holds
   * label, bars and values on one line; else `above` them (left-aligned, starting at labelX).
   */
  labelPlacement: 'beside' | 'above';
  labelX: number;
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
  /** Top of series `s`'s bar. */
  barTop(s: number): number;
  /** Baseline of a row label: centred on the row's bars beside them, or on its own line above them. */
  labelBaseline: number;
  /** Baseline of series `s`'s value label, centred on its bar. */
  valueBaseline(s: number): number;
}

/** The spacing of BarChart; widths and heights in viewBox units. */
export const CHART_SPACING = Object.freeze({
  /** The width a chart is laid out for until its figure has been measured. */
  defaultWidth: 440,
  /** The shortest the longest bar gets beside its labels; below that the labels go above the bars. */
  minPlotWidth: 160,
  /** The shortest the longest bar gets under its labels (narrower than that, the figure scrolls). */
  minStackedPlotWidth: 60,
  /** Room kept clear around the drawing, so antialiased glyph edges are not shaved off. */
  padding: 2,
  labelGap: 6,
  /** Between a label above its bars and the first bar. */
  labelLineGap: 2,
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

/**
 * Lays out `rows` rows of `series` bars each around text of the given extents, to fill
 * `availableWidth` (the figure's width in CSS px, one viewBox unit each). Wider only when even
 * labels above the bars cannot fit: then the figure scrolls rather than shrink the text.
 */
export function barChartLayout(
  rows: number,
  series: number,
  text: TextExtents,
  availableWidth: number = CHART_SPACING.defaultWidth,
): BarChartLayout {
  const { minPlotWidth, minStackedPlotWidth, padding, labelGap, labelLineGap, valueGap, barPitch, barHeight, rowGap } =
    CHART_SPACING;
  const valueRoom = valueGap + text.valueWidth + padding;
  const besideLeft = padding + text.labelWidth + labelGap;
  // The figure takes whole pixels: whether the labels fit beside the bars is judged on those.
  const wholeWidth = Math.floor(availableWidth);
  const beside = besideLeft + minPlotWidth + valueRoom <= wholeWidth;
  const plotLeft = beside ? besideLeft : padding;
  const width = Math.max(
    wholeWidth,
    Math.ceil(beside ? 0 : Math.max(padding + text.labelWidth + padding, plotLeft + minStackedPlotWidth + valueRoom)),
  );
  const plotWidth = width - valueRoom - plotLeft;

  const textHeight = text.ascent + text.descent;
  // Text is centred on what it labels: it reaches half its height above and below that centre.
  const halfText = textHeight / 2;
  const centreToBaseline = (text.ascent - text.descent) / 2;
  const bars = series * barPitch;
  // Above the bars, a label takes a line of its own at the top of the band.
  const barsTop = beside ? 0 : textHeight + labelLineGap;
  const band = barsTop + bars;
  const barCentre = (s: number) => barsTop + s * barPitch + barHeight / 2;
  const labelBaseline = beside ? bars / 2 + centreToBaseline : text.ascent;
  const labelTop = beside ? bars / 2 - halfText : 0;
  const labelBottom = beside ? bars / 2 + halfText : textHeight;
  const firstTop = Math.min(labelTop, barCentre(0) - halfText);
  const lastBottom = Math.max(band, labelBottom, barCentre(series - 1) + halfText);
  const top = padding + Math.max(0, -firstTop);
  const rowHeight = band + rowGap;
  const lastRowBottom = rows === 0 ? 0 : (rows - 1) * rowHeight + lastBottom;
  return {
    width,
    height: Math.ceil(top + lastRowBottom + padding),
    labelPlacement: beside ? 'beside' : 'above',
    labelX: beside ? padding + text.labelWidth : padding,
    plotLeft,
    plotWidth,
    valueGap,
    top,
    rowHeight,
    barPitch,
    barHeight,
    barTop: (s) => barsTop + s * barPitch,
    labelBaseline,
    valueBaseline: (s) => barCentre(s) + centreToBaseline,
  };
}
