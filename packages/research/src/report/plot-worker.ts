/**
 * The plot thread's module (plot-thread.ts starts it): loads vega and vega-lite at once, so they are
 * ready by the first plot, and draws each specification it is sent, one message back per plot.
 */
import { parentPort } from 'node:worker_threads';
import type { TopLevelSpec } from 'vega-lite';
import { drawPlot, loadPlotLibraries } from './plots.js';

/** A plot to draw, numbered so its answer finds its caller. */
export interface PlotRequest {
  id: number;
  spec: TopLevelSpec;
}

/** The drawn SVG, or why it could not be drawn. */
export type PlotAnswer = { id: number; svg: string } | { id: number; error: { message: string; stack?: string } };

const port = parentPort;
if (port !== null) {
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
