/** Plots drawn on a thread of their own: the same SVG as on this thread, each drawn once. */
import type { TopLevelSpec } from 'vega-lite';
import { afterEach, describe, expect, it } from 'vitest';
import { PlotThread, spareCore } from '../../src/report/plot-thread.js';
import { dendrogramSpec, drawPlot, pcaSpec } from '../../src/report/plots.js';

const pca = pcaSpec(
  [
    { document: 'a.txt', author: 'x', pc1: -4, pc2: -1 },
    { document: 'b.txt', author: 'y', pc1: 4, pc2: 1, known: false },
    { document: 'c.txt', author: 'x', pc1: 0.5, pc2: 2 },
  ],
  [0.6, 0.2],
);
// No gradient in either: vega numbers gradients per thread, so a plot with one differs by its number.
const dendrogram = dendrogramSpec(
  ['a', 'b', 'c'],
  ['x', 'y', 'x'],
  [
    { left: 0, right: 2, height: 1, size: 2 },
    { left: 1, right: 3, height: 2.5, size: 3 },
  ],
);

describe('PlotThread', () => {
  let thread: PlotThread | undefined;
  afterEach(async () => {
    await thread?.close();
    thread = undefined;
  });

  it('draws the SVG this thread draws, and a plot asked for again is the first drawing', async () => {
    thread = PlotThread.start();
    const first = thread.draw(pca);
    expect(thread.draw(structuredClone(pca))).toBe(first);
    expect(await first).toBe(await drawPlot(pca));
    expect(await thread.draw(dendrogram)).toBe(await drawPlot(dendrogram));
  });

  it('ends once the plots drawn ahead are drawn; a plot asked for after that is drawn on this thread', async () => {
    thread = PlotThread.start();
    thread.drawAhead(pca);
    thread.endWhenDrawn();
    expect(await thread.draw(pca)).toBe(await drawPlot(pca));
    expect(await thread.draw(dendrogram)).toBe(await drawPlot(dendrogram));
  });

  it('reports a plot that cannot be drawn with its error, and goes on drawing the others', async () => {
    thread = PlotThread.start();
    const broken = { layer: 3 } as unknown as TopLevelSpec;
    const local = await drawPlot(broken).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(local).toBeInstanceOf(Error);
    await expect(thread.draw(broken)).rejects.toThrow((local as Error).message);
    expect(await thread.draw(pca)).toBe(await drawPlot(pca));
  });

  it('fails the plots still pending when closed', async () => {
    thread = PlotThread.start();
    const failed = expect(thread.draw(pca)).rejects.toThrow('the plot thread was closed');
    await thread.close();
    await failed;
  });
});

describe('spareCore', () => {
  it('gives a plot thread a core only when fewer processes run than the cores less one', () => {
    expect(spareCore(0.3, 2)).toBe(true);
    expect(spareCore(1, 2)).toBe(false);
    expect(spareCore(3.5, 8)).toBe(true);
    expect(spareCore(7.2, 8)).toBe(false);
    // One core: the thread would share it.
    expect(spareCore(0, 1)).toBe(false);
  });
});
