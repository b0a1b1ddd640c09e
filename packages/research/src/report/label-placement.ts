/**
 * Where a scatter plot's point labels go so that no two overlap: each label tries places around its
 * point (right, left, above, below, then farther out) and takes the first whose box is inside the
 * plot and clear of the labels already placed (and, when it can, of the points); a label with no
 * such place is left out, and the figure says how many were. Boxes are measured in DejaVu Sans, the
 * PNG figures' font and wider than the usual system sans fonts, so a box drawn in either is inside
 * the one reserved for it.
 */

/**
 * DejaVu Sans advance widths of the printable ASCII characters (space to tilde), in thousandths of
 * an em, read from the font's hmtx table.
 */
const ASCII_WIDTHS = [
  318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636, 636, 636, 636, 636, 636,
  636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863,
  748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635,
  615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636,
  337, 636, 838,
];
/** Any other character: as wide as the widest letters, so that its box is never too small. */
const OTHER_WIDTH = 1000;

/** The width in pixels of `text` set at `fontSize` px in DejaVu Sans. */
export function labelWidth(text: string, fontSize: number): number {
  let thousandths = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    thousandths += code >= 32 && code < 127 ? ASCII_WIDTHS[code - 32]! : OTHER_WIDTH;
  }
  return (thousandths / 1000) * fontSize;
}

/** A box in pixels: left, top, width, height. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A placed label: the box it is drawn in (its text starts at the box's left, centred in its height). */
export type PlacedLabel = Box;

export interface LabelPlacement {
  /** Each point's label box, or undefined when it has no label or no room for one. */
  boxes: Array<PlacedLabel | undefined>;
  /** Labels asked for that found no place. */
  leftOut: number;
}

export interface LabelLayout {
  /** The plot area in pixels; labels stay inside it. */
  width: number;
  height: number;
  fontSize: number;
  /** The points' markers' radius in pixels (labels keep clear of other points when they can). */
  pointRadius: number;
}

/** Gap between a point and its label, in pixels, at the first ring of places. */
const GAP = 5;

/** The places tried around a point, nearest first: each a box for a label of `width` × `height`. */
function candidates(px: number, py: number, width: number, height: number, radius: number): Box[] {
  const boxes: Box[] = [];
  for (const ring of [1, 2, 3.5]) {
    const gap = radius + GAP * ring;
    const rise = (height / 2) * ring;
    boxes.push(
      { x: px + gap, y: py - height / 2 - rise / 2, width, height },
      { x: px - gap - width, y: py - height / 2 - rise / 2, width, height },
      { x: px + gap, y: py - height / 2 + rise, width, height },
      { x: px - gap - width, y: py - height / 2 + rise, width, height },
      { x: px - width / 2, y: py - gap - height, width, height },
      { x: px - width / 2, y: py + gap, width, height },
    );
  }
  return boxes;
}

/**
 * Places the labels of the points (pixel positions in the plot area; `labels[i]` undefined for a
 * point without one), in order of `priority` (indices placed first, e.g. the unknown texts), then
 * the rest in index order.
 */
export function placeLabels(
  points: ReadonlyArray<{ x: number; y: number }>,
  labels: ReadonlyArray<string | undefined>,
  layout: LabelLayout,
  priority: readonly number[] = [],
): LabelPlacement {
  const height = Math.ceil(layout.fontSize * 1.25);
  const r = layout.pointRadius;
  const markers: Box[] = points.map((point) => ({ x: point.x - r, y: point.y - r, width: 2 * r, height: 2 * r }));
  const inside = (box: Box): boolean =>
    box.x >= 0 && box.y >= 0 && box.x + box.width <= layout.width && box.y + box.height <= layout.height;
  const boxes: Array<PlacedLabel | undefined> = points.map(() => undefined);
  const placed: Box[] = [];
  const named = (i: number): boolean => labels[i] !== undefined && labels[i] !== '';
  const first = [...new Set(priority)].filter(named);
  const rest = [...points.keys()].filter((i) => named(i) && !first.includes(i));
  // The priority labels take their places before the others; within each, every label first clear
  // of the other points too, then the rest clear of the labels only.
  for (const group of [first, rest]) {
    for (const clearOfPoints of [true, false]) {
      for (const i of group) {
        if (boxes[i] !== undefined) continue;
        const width = Math.ceil(labelWidth(labels[i]!, layout.fontSize)) + 1;
        const box = candidates(points[i]!.x, points[i]!.y, width, height, r).find(
          (candidate) =>
            inside(candidate) &&
            !placed.some((other) => boxesOverlap(candidate, other)) &&
            (!clearOfPoints || !markers.some((marker, j) => j !== i && boxesOverlap(candidate, marker))),
        );
        if (box !== undefined) {
          boxes[i] = box;
          placed.push(box);
        }
      }
    }
  }
  const wanted = [...first, ...rest];
  return { boxes, leftOut: wanted.filter((i) => boxes[i] === undefined).length };
}
