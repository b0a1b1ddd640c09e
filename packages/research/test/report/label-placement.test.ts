/** Scatter labels never overlap: the placement's own boxes, and the labels as the figures draw them. */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxesOverlap, labelWidth, placeLabels, type Box } from '../../src/report/label-placement.js';
import { pcaSpec, renderPlot } from '../../src/report/plots.js';
import { mdsSpec } from '../../src/report/stylometry-plots.js';
import { woffToSfnt } from '../../src/report/png.js';

type Resvg = typeof import('@resvg/resvg-wasm');
let resvg: Resvg;
let fonts: Uint8Array[];

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  resvg = await import('@resvg/resvg-wasm');
  try {
    await resvg.initWasm(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  } catch (error) {
    // Another test file in this process set the one WebAssembly instance up already.
    if (!(error instanceof Error && error.message.startsWith('Already initialized'))) throw error;
  }
  fonts = [
    woffToSfnt(await readFile(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff'))),
  ];
});

/** The ink box of an SVG fragment as resvg draws it in DejaVu Sans (the PNG figures' font). */
function inkBox(fragment: string): Box {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><g transform="translate(1000,1000)">${fragment}</g></svg>`;
  const image = new resvg.Resvg(svg, {
    font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  try {
    const box = image.getBBox()!;
    return { x: box.x, y: box.y, width: box.width, height: box.height };
  } finally {
    image.free();
  }
}

/** The label texts of a rendered scatter plot (its text-mark layer, not the axes'). */
function pointLabels(svg: string): string[] {
  const layers = [...svg.matchAll(/<g class="mark-text role-mark[^"]*"[^>]*>([\s\S]*?)<\/g>/g)];
  return layers.flatMap((layer) => layer[1]!.match(/<text\b[\s\S]*?<\/text>/g) ?? []);
}

function overlappingPairs(boxes: readonly Box[]): number {
  let pairs = 0;
  for (let i = 0; i < boxes.length; i += 1)
    for (let j = i + 1; j < boxes.length; j += 1) if (boxesOverlap(boxes[i]!, boxes[j]!)) pairs += 1;
  return pairs;
}

/** Thirty documents, most in one tight cloud, with long names: labels at one offset would collide. */
const crowd = Array.from({ length: 30 }, (_, i) => ({
  document: `federalist/paper_${i + 1}_by_someone`,
  author: i % 3 === 0 ? 'Hamilton' : 'Madison',
  known: i % 7 !== 0,
  x: i < 24 ? Math.cos(i) * 0.2 : Math.cos(i) * 3,
  y: i < 24 ? Math.sin(i * 1.7) * 0.2 : Math.sin(i) * 2,
}));

describe('label placement', () => {
  it('reserves at least the ink DejaVu Sans draws for a label', () => {
    for (const text of ['federalist/paper_12_by_someone', 'Hamilton_29', 'WWW mmm', 'a.b.c', 'Zoë']) {
      const ink = inkBox(`<text font-size="11px" font-family="sans-serif">${text}</text>`);
      expect(labelWidth(text, 11)).toBeGreaterThanOrEqual(ink.width);
      expect(labelWidth(text, 11)).toBeLessThan(ink.width * 1.3);
    }
  });

  it('places boxes inside the plot, none overlapping another, and counts the ones left out', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: fc.double({ min: 0, max: 300 }), y: fc.double({ min: 0, max: 200 }) }), {
          maxLength: 40,
        }),
        fc.array(fc.option(fc.string({ minLength: 1, maxLength: 25 })), { maxLength: 40 }),
        (points, names) => {
          const labels = points.map((_, i) => names[i] ?? undefined);
          const placed = placeLabels(points, labels, { width: 300, height: 200, fontSize: 11, pointRadius: 5 });
          const boxes = placed.boxes.filter((box): box is Box => box !== undefined);
          expect(overlappingPairs(boxes)).toBe(0);
          for (const box of boxes) {
            expect(box.x).toBeGreaterThanOrEqual(0);
            expect(box.y).toBeGreaterThanOrEqual(0);
            expect(box.x + box.width).toBeLessThanOrEqual(300);
            expect(box.y + box.height).toBeLessThanOrEqual(200);
          }
          expect(boxes.length + placed.leftOut).toBe(labels.filter((label) => label !== undefined).length);
          placed.boxes.forEach((box, i) => {
            if (labels[i] === undefined) expect(box).toBeUndefined();
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('places a priority label exactly where it would go were it the only label', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: fc.double({ min: 0, max: 200 }), y: fc.double({ min: 0, max: 80 }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.array(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 30, maxLength: 30 }),
        fc.nat(),
        (points, names, pick) => {
          const first = pick % points.length;
          const layout = { width: 200, height: 80, fontSize: 11, pointRadius: 5 };
          const all = placeLabels(points, names.slice(0, points.length), layout, [first]);
          const alone = placeLabels(
            points,
            points.map((_, i) => (i === first ? names[i] : undefined)),
            layout,
          );
          expect(all.boxes[first]).toEqual(alone.boxes[first]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('labels an unknown text among many labelled documents: its label takes its place first', async () => {
    // A 24-document PCA map (synthetic corpus of six authors): the unknown text sits among four
    // labelled documents, whose labels took its room when all labels had to clear the points first.
    const map: Array<[string, string | null, number, number]> = [
      ['ai-inputs-00', 'ai', -4.614, -2.711],
      ['ai-inputs-06', 'ai', -5.01, -2.813],
      ['ai-inputs-12', 'ai', -4.837, -2.139],
      ['ai-inputs-18', 'ai', -5.298, -3.901],
      ['austen-letters-01', 'austen', 5.092, -4.556],
      ['austen-letters-07', 'austen', 6.737, -1.189],
      ['austen-letters-13', 'austen', 6.618, -2.204],
      ['darwin-letters-02', 'darwin', 1.885, -0.347],
      ['darwin-letters-08', 'darwin', 3.102, -0.976],
      ['darwin-letters-14', 'darwin', 3.087, -1.392],
      ['darwin-letters-20', 'darwin', 4.242, 0.987],
      ['federalist-hamilton-03', 'hamilton', -0.7, 7.589],
      ['federalist-hamilton-09', 'hamilton', -1.274, 7.902],
      ['federalist-hamilton-15', 'hamilton', -0.881, 9.812],
      ['federalist-hamilton-21', 'hamilton', 0.01, 8.043],
      ['gerrand-go-blog-04', 'gerrand', -6.195, -1.219],
      ['gerrand-go-blog-10', 'gerrand', -5.564, -2.056],
      ['gerrand-go-blog-16', 'gerrand', -6.542, -1.199],
      ['gerrand-go-blog-22', 'gerrand', -5.111, -1.082],
      ['twain-speeches-05', 'twain', 1.918, -1.722],
      ['twain-speeches-11', 'twain', 1.591, -2.576],
      ['twain-speeches-17', 'twain', 3.64, -1.146],
      ['twain-speeches-23', 'twain', 3.368, -0.282],
      ['unknown/austen-letters-19', null, 4.736, -0.825],
    ];
    const spec = pcaSpec(
      map.map(([document, author, pc1, pc2]) => ({
        document,
        author: author ?? 'unknown',
        known: author !== null,
        pc1,
        pc2,
      })),
      [0.19, 0.15],
    );
    const labels = pointLabels(await renderPlot(spec, 'caption'));
    expect(labels.some((label) => label.includes('>unknown/austen-letters-19</text>'))).toBe(true);
    expect(overlappingPairs(labels.map(inkBox))).toBe(0);
  });

  it.each([
    [
      'PCA',
      () =>
        pcaSpec(
          crowd.map((point) => ({ ...point, pc1: point.x, pc2: point.y })),
          [0.5, 0.2],
        ),
    ],
    ['MDS', () => mdsSpec(crowd, "Burrows' Delta")],
  ])('draws no %s label over another, and says how many it left out', async (_, spec) => {
    const svg = await renderPlot(spec(), 'caption');
    const labels = pointLabels(svg);
    const boxes = labels.map(inkBox);
    expect(labels.length).toBeGreaterThanOrEqual(8);
    expect(overlappingPairs(boxes)).toBe(0);
    // The unknown texts' labels are placed first: each is drawn.
    for (const point of crowd.filter((p) => !p.known)) {
      expect(labels.some((label) => label.includes(`>${point.document}</text>`))).toBe(true);
    }
    const leftOut = crowd.length - labels.length;
    expect(svg).toContain(`${leftOut} labels left out where they would overlap others`);
  });
});
