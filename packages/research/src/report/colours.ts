/**
 * One style per group (author, system, text) shared by every figure: 20 colours that stay apart
 * (Tableau's 20-colour scheme, its ten strong colours first so a few groups get the clearest), and
 * past 20 groups a point shape or a dash pattern as well, so the 21st group is not the 1st again.
 */

/** The strong ten, then their light companions. */
export const PALETTE = [
  '#4e79a7',
  '#f28e2b',
  '#e15759',
  '#76b7b2',
  '#59a14f',
  '#edc948',
  '#b07aa1',
  '#ff9da7',
  '#9c755f',
  '#79706e',
  '#a0cbe8',
  '#ffbe7d',
  '#ff9d9a',
  '#86bcb6',
  '#8cd17d',
  '#f1ce63',
  '#d4a6c8',
  '#fabfd2',
  '#d7b5a6',
  '#bab0ac',
];

/** Vega's point shapes, one per round of PALETTE.length groups. */
export const SHAPES = ['circle', 'square', 'triangle-up', 'diamond', 'cross', 'triangle-down', 'wedge', 'stroke'];

/** Dash patterns of lines, one per round of PALETTE.length groups (solid first). */
export const DASHES: number[][] = [
  [1, 0],
  [6, 3],
  [2, 2],
  [8, 3, 2, 3],
  [1, 4],
];

export interface GroupStyles {
  groups: string[];
  colours: string[];
  shapes: string[];
  dashes: number[][];
}

/** The style of each group, in the order given. */
export function groupStyles(groups: readonly string[]): GroupStyles {
  const round = (i: number): number => Math.floor(i / PALETTE.length);
  return {
    groups: [...groups],
    colours: groups.map((_, i) => PALETTE[i % PALETTE.length]!),
    shapes: groups.map((_, i) => SHAPES[round(i) % SHAPES.length]!),
    dashes: groups.map((_, i) => DASHES[round(i) % DASHES.length]!),
  };
}

/** Vega-Lite colour and shape encodings of `field` in these styles, with one legend. */
export function colourAndShape(
  field: string,
  title: string,
  styles: GroupStyles,
): { color: Record<string, unknown>; shape: Record<string, unknown> } {
  const legend = { labelLimit: 300, ...(styles.groups.length > 12 && { columns: 2 }) };
  return {
    color: { field, type: 'nominal', title, legend, scale: { domain: styles.groups, range: styles.colours } },
    shape: { field, type: 'nominal', title, legend, scale: { domain: styles.groups, range: styles.shapes } },
  };
}
