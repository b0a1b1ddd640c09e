/**
 * A small grouped bar chart in SVG: one row per label, one bar per series, with a legend. It fills its
 * figure's width, and its margins come from its text as drawn (chart-layout.ts), so long labels and
 * the largest value stay inside; on a narrow screen the labels go above the bars.
 */
import { useRef } from 'preact/hooks';
import { barChartLayout, estimateTextExtents } from './chart-layout';
import { useElementWidth } from './useElementWidth';
import { useTextExtents } from './useTextExtents';

export interface Series {
  name: string;
  className: string;
}

export interface BarChartProps {
  title: string;
  series: Series[];
  rows: Array<{ label: string; values: Array<number | undefined> }>;
  unit?: string;
}

/** One bar per row and series, each labelled with its value; one viewBox unit is one CSS px, so text stays 12 px. */
export function BarChart({ title, series, rows, unit = '' }: BarChartProps) {
  const max = Math.max(1e-9, ...rows.flatMap((row) => row.values.map((v) => Math.abs(v ?? 0))));
  // One precision for the whole chart, from its largest value: "7.0 beside 16.0", never "7.000 beside 16.0".
  const digits = digitsFor(max);
  const show = (value: number | undefined): string => `${format(value, digits)}${unit}`;
  const labels = rows.map((row) => row.label);
  const values = rows.flatMap((row) => row.values.map(show));
  const figure = useRef<HTMLElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const extents = useTextExtents(svg, estimateTextExtents(labels, values));
  const layout = barChartLayout(rows.length, series.length, extents, useElementWidth(figure));
  const barLength = (value: number | undefined) => (Math.abs(value ?? 0) / max) * layout.plotWidth;
  const description = `${title}: ${rows
    .map((row) => `${row.label} ${row.values.map((v, i) => `${series[i]!.name} ${show(v)}`).join(', ')}`)
    .join('; ')}`;
  return (
    <figure class="chart" ref={figure}>
      <figcaption>{title}</figcaption>
      <svg
        ref={svg}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
        // Drawn at its viewBox's size: wider than the figure only when even stacked labels cannot fit (it scrolls).
        width={layout.width}
        height={layout.height}
        role="img"
        aria-label={description}
        preserveAspectRatio="xMinYMin meet"
      >
        <title>{description}</title>
        {rows.map((row, r) => (
          <g key={row.label} transform={`translate(0 ${layout.top + r * layout.rowHeight})`}>
            <text
              x={layout.labelX}
              y={layout.labelBaseline}
              text-anchor={layout.labelPlacement === 'beside' ? 'end' : 'start'}
              class="chart-label"
            >
              {row.label}
            </text>
            {row.values.map((value, s) => (
              <g key={series[s]!.name}>
                <rect
                  x={layout.plotLeft}
                  y={layout.barTop(s)}
                  width={Math.max(1, barLength(value))}
                  height={layout.barHeight}
                  class={series[s]!.className}
                />
                <text
                  x={layout.plotLeft + barLength(value) + layout.valueGap}
                  y={layout.valueBaseline(s)}
                  class="chart-value"
                >
                  {show(value)}
                </text>
              </g>
            ))}
          </g>
        ))}
      </svg>
      <ul class="legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.name}>
            <span class={`swatch ${s.className}`} />
            {s.name}
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** Decimals for numbers up to `magnitude`: fewer as they grow (0 from 100, 1 from 10, 2 from 1, else 3). */
export function digitsFor(magnitude: number): number {
  const size = Math.abs(magnitude);
  return size >= 100 ? 0 : size >= 10 ? 1 : size >= 1 ? 2 : 3;
}

/** A number for reading, with `digits` decimals (by default, as many as its own size calls for). */
export function format(value: number | undefined, digits?: number): string {
  if (value === undefined || !Number.isFinite(value)) return '–';
  return value.toFixed(digits ?? digitsFor(value));
}
