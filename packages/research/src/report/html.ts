/** Pieces of the self-contained HTML reports: escaping, tables and the page around them. */

/** Text made safe inside HTML elements and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A number for a table: integers as they are, others to fixed decimals, a dash for none. */
export function formatNumber(value: number | null | undefined, digits = 3): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

/**
 * A metric path for people: `sentence_length_stats.mean` → "sentence length stats: mean", a
 * distribution's Jensen–Shannon distance abbreviated ("function words (JSD)").
 */
export function metricLabel(metric: string): string {
  const readable = (part: string): string => part.replace(/_/g, ' ');
  const [group = '', ...rest] = metric.replace(/\.jensen_shannon_distance$/, '').split('.');
  const name = rest.length === 0 ? readable(group) : `${readable(group)}: ${rest.map(readable).join(' ')}`;
  return metric.endsWith('.jensen_shannon_distance') ? `${name} (JSD)` : name;
}

/** A table with a caption; numbers right-aligned. */
export function htmlTable(
  caption: string,
  header: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  const cell = (value: string | number, tag: 'td' | 'th'): string =>
    `<${tag}${typeof value === 'number' ? ' class="num"' : ''}>${escapeHtml(typeof value === 'number' ? formatNumber(value) : value)}</${tag}>`;
  return [
    '<table>',
    `<caption>${escapeHtml(caption)}</caption>`,
    `<thead><tr>${header.map((h) => cell(h, 'th')).join('')}</tr></thead>`,
    `<tbody>${rows.map((row) => `<tr>${row.map((value, i) => cell(value, i === 0 ? 'th' : 'td')).join('')}</tr>`).join('')}</tbody>`,
    '</table>',
  ].join('\n');
}

const STYLE = `
body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; color: #1a1a1a; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: 0.8rem 0 1.2rem; font-variant-numeric: tabular-nums; font-size: 0.9rem; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.3rem; }
th, td { border-bottom: 1px solid #ddd; padding: 0.25rem 0.6rem; text-align: left; }
td.num, th.num { text-align: right; }
td { white-space: nowrap; } tbody th { font-weight: normal; }
figure { margin: 1rem 0 1.6rem; } figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9rem; color: #444; }
p.warning { background: #fff4e5; border-left: 4px solid #e8a33d; padding: 0.5rem 0.8rem; }
nav.contents ol { margin: 0.3rem 0 1.5rem; padding-left: 1.4rem; columns: 2; } nav.contents a { color: #1a4f8a; }
pre { white-space: pre-wrap; word-break: break-all; background: #f6f6f6; padding: 0.6rem; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; } table { break-inside: avoid; } }
`;

/** From this many sections on, a page opens with a table of contents. */
export const CONTENTS_FROM_SECTIONS = 4;

/** Each `<h2>` given an id (`section-1`, …) and the contents' list of links to them, when long enough. */
function withContents(sections: readonly string[]): string[] {
  const headings: string[] = [];
  const numbered = sections.map((section) =>
    section.replace(/<h2>([\s\S]*?)<\/h2>/g, (_, heading: string) => {
      headings.push(heading);
      return `<h2 id="section-${headings.length}">${heading}</h2>`;
    }),
  );
  if (headings.length < CONTENTS_FROM_SECTIONS) return numbered;
  const links = headings.map((heading, i) => `<li><a href="#section-${i + 1}">${heading}</a></li>`);
  return [
    '<nav aria-label="Contents" class="contents"><strong>Contents</strong><ol>',
    ...links,
    '</ol></nav>',
    ...numbered,
  ];
}

/**
 * The whole page: no scripts, fonts or anything fetched, so it opens offline and prints. A long page
 * (CONTENTS_FROM_SECTIONS headings or more) opens with a table of contents linking to each section.
 */
export function htmlPage(title: string, sections: readonly string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${escapeHtml(title)}</h1>`,
    ...withContents(sections),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
