/**
 * The plot thread's module (plot-thread.ts starts it): loads vega and vega-lite at once, so they are
 * ready by the first plot, and draws each specification it is sent, one message back per plot.
 */
import { enableCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { TopLevelSpec } from 'vega-lite';
import { drawPlot, loadPlotLibraries } from './plots.js';

/** A plot to draw, numbered so its answer finds its caller. */
export interface PlotRequest {
  id: number;
  spec: TopLevelSpec;
}

/** What the thread is started with: the folder of the starting thread's compile cache, if it has one. */
export interface PlotThreadData {
  compileCache: string | undefined;
}

/** The drawn SVG, or why it could not be drawn. */
export type PlotAnswer = { id: number; svg: string } | { id: number; error: { message: string; stack?: string } };

const port = parentPort;
if (port !== null) {
  // vega's bundle is compiled from the cache as on the starting thread (loaded below, after this).
  const { compileCache } = workerData as PlotThreadData;
  if (compileCache !== undefined) enableCompileCache(compileCache);
  // A failure to load is reported with the first plot, which loads them again.
  loadPlotLibraries().catch(() => undefined);
  port.on('message', (request: PlotRequest) => {
    drawPlot(request.spec).then(
      (svg) => port.postMessage({ id: request.id, svg } satisfies PlotAnswer),
      (error: unknown) => {
        const { message, stack } = error instanceof Error ? error : new Error(String(error));
        port.postMessage({
          id: request.id,
          error: { message, ...(stack !== undefined && { stack }) },
        } satisfies PlotAnswer);
      },
    );
  });
}
