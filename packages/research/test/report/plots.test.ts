/** PCA plots with one scale on both axes; the plot libraries as the reports load them. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import type * as Vega from 'vega';
import type * as VegaLite from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { equalAxes, loadPlotLibraries, pcaSpec } from '../../src/report/plots.js';

describe('equalAxes', () => {
  it('gives both axes the same pixels per unit, within the sides allowed, holding every point', () => {
    const coordinate = fc.double({ min: -1e3, max: 1e3, noNaN: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(coordinate, coordinate), { minLength: 1, maxLength: 30 }), (points) => {
        const xs = points.map(([x]) => x);
        const ys = points.map(([, y]) => y);
        const frame = equalAxes(xs, ys);
        const across = frame.width / (frame.x[1] - frame.x[0]);
        const down = frame.height / (frame.y[1] - frame.y[0]);
        // Equal up to the rounding of the sides to whole pixels.
        expect(Math.abs(across - down) / across).toBeLessThan(0.01);
        expect(Math.max(frame.width, frame.height)).toBeLessThanOrEqual(420);
        expect(Math.min(frame.width, frame.height)).toBeGreaterThanOrEqual(199);
        for (const x of xs) expect(x >= frame.x[0] && x <= frame.x[1]).toBe(true);
        for (const y of ys) expect(y >= frame.y[0] && y <= frame.y[1]).toBe(true);
      }),
      // Gaps of a few subnormal units once made a frame no arithmetic could scale.
      {
        examples: [
          [
            [
              [0, -5e-324],
              [5e-323, 4.4e-323],
            ],
          ],
        ],
      },
    );
  });

  it('makes the PCA plot as wide as its first component is long, relative to the second', () => {
    const points = [
      { document: 'a', author: 'x', pc1: -4, pc2: -1 },
      { document: 'b', author: 'y', pc1: 4, pc2: 1 },
    ];
    const spec = pcaSpec(points, [0.6, 0.2]) as unknown as { width: number; height: number };
    // Spans 8.8 and 2.2 after padding: 420 px across, and the shorter side held at 200.
    expect(spec.width).toBe(420);
    expect(spec.height).toBe(200);
  });
});

describe('loadPlotLibraries', () => {
  it('loads the packages’ single-file bundles: the installed release, no globals left behind', async () => {
    const require = createRequire(import.meta.url);
    const { vega, compile } = await loadPlotLibraries();
    const installed = (name: string): string =>
      (JSON.parse(readFileSync(join(dirname(require.resolve(name)), '../package.json'), 'utf8')) as { version: string })
        .version;
    expect(vega.version).toBe(installed('vega'));
    expect(typeof compile).toBe('function');
    expect('vega' in globalThis).toBe(false);
    expect('vegaLite' in globalThis).toBe(false);
  });

  it('loads once per process, whichever copy of this module asks (the source and the build here)', async () => {
    const fromSource = await loadPlotLibraries();
    const built = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '../../dist/report/plots.js')).href;
    const { loadPlotLibraries: loadBuilt } = (await import(built)) as { loadPlotLibraries: typeof loadPlotLibraries };
    const fromBuild = await loadBuilt();
    expect(fromBuild.vega).toBe(fromSource.vega);
    expect(fromBuild.compile).toBe(fromSource.compile);
  });

  it('draws the same SVG as the packages’ module entry points', async () => {
    const spec = pcaSpec(
      [
        { document: 'a.txt', author: 'x', pc1: -4, pc2: -1 },
        { document: 'b.txt', author: 'y', pc1: 4, pc2: 1, known: false },
        { document: 'c.txt', author: 'x', pc1: 0.5, pc2: 2 },
      ],
      [0.6, 0.2],
    );
    const draw = async (libraries: { vega: typeof Vega; compile: typeof VegaLite.compile }): Promise<string> => {
      const { spec: compiled } = libraries.compile(spec);
      const view = new libraries.vega.View(libraries.vega.parse(compiled), { renderer: 'none' });
      try {
        return await view.toSVG();
      } finally {
        view.finalize();
      }
    };
    const bundled = await draw(await loadPlotLibraries());
    const modules = await draw({ vega: await import('vega'), compile: (await import('vega-lite')).compile });
    // vega numbers its gradients per instance; a figure without gradients is the same text.
    expect(bundled).toContain('<svg');
    expect(bundled).toBe(modules);
  });

  it('draws under node -e, where CommonJS globals would take the bundles’ exports', () => {
    // The built module, as a user's script would import it.
    const plots = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '../../dist/report/plots.js')).href;
    const script = `import(${JSON.stringify(plots)}).then(async ({ drawPlot }) => {
      const svg = await drawPlot({ mark: 'point', data: { values: [{ a: 1 }] }, encoding: { x: { field: 'a', type: 'quantitative' } } });
      console.log(svg.startsWith('<svg') ? 'drawn' : svg);
    });`;
    const output = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    expect(output.trim()).toBe('drawn');
  });
});
