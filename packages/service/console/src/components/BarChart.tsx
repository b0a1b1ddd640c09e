/** A small grouped bar chart in SVG: one row per label, one bar per series, with a legend. */

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

const BAR = 10;
const GAP = 8;
const LABEL = 150;
const WIDTH = 440;

export function BarChart({ title, series, rows, unit = '' }: BarChartProps) {
  const max = Math.max(1e-9, ...rows.flatMap((row) => row.values.map((v) => Math.abs(v ?? 0))));
  // One precision for the whole chart, from its largest value: "7.0 beside 16.0", never "7.000 beside 16.0".
  const digits = digitsFor(max);
  const show = (value: number | undefined): string => format(value, digits);
  const rowHeight = series.length * BAR + GAP;
  const height = rows.length * rowHeight + 24;
  const plot = WIDTH - LABEL - 60;
  const description = `${title}: ${rows
    .map((row) => `${row.label} ${row.values.map((v, i) => `${series[i]!.name} ${show(v)}`).join(', ')}`)
    .join('; ')}`;
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={description} preserveAspectRatio="xMinYMin meet">
        <title>{description}</title>
        {rows.map((row, r) => (
          <g key={row.label} transform={`translate(0 ${r * rowHeight})`}>
            <text x={LABEL - 6} y={(series.length * BAR) / 2 + 4} text-anchor="end" class="chart-label">
              {row.label}
            </text>
            {row.values.map((value, s) => (
              <g key={series[s]!.name}>
                <rect
                  x={LABEL}
                  y={s * BAR}
                  width={Math.max(1, (Math.abs(value ?? 0) / max) * plot)}
                  height={BAR - 2}
                  class={series[s]!.className}
                />
                <text x={LABEL + (Math.abs(value ?? 0) / max) * plot + 4} y={s * BAR + BAR - 3} class="chart-value">
                  {show(value)}
                  {unit}
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
