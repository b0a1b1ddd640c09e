/**
 * Plots drawn on a thread of their own (plot-worker.ts), so that a command can have its figures
 * drawn while it goes on with its analysis: vega loads there while the texts are read, and a plot
 * asked for as soon as its numbers are known is drawn while the next ones are computed. A plot is
 * drawn once: asked for again with the same specification (the report asking for what was drawn
 * ahead), it is the first drawing. The thread keeps the process alive only while plots are pending,
 * and once told that no more plots will be drawn ahead it ends when the last is drawn, giving back its
 * memory (a plot asked for after that is drawn on the caller's thread).
 */
import { createRequire, getCompileCacheDir } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TopLevelSpec } from 'vega-lite';
import type { PlotAnswer, PlotRequest, PlotThreadData } from './plot-worker.js';
import { drawPlot, type PlotDrawer } from './plots.js';

/**
 * Whether a plot thread would have a core of its own: fewer processes running, on average over the
 * last minute (`load`), than the machine's cores less one. A thread costs about 0.1 s of CPU to
 * start; on a busy machine it only competes with the main thread for the same cores.
 */
export function spareCore(load = loadavg()[0]!, cores = availableParallelism()): boolean {
  return cores >= 2 && load < cores - 1;
}

interface Waiting {
  resolve(svg: string): void;
  reject(error: Error): void;
}

export class PlotThread {
  private readonly worker: Worker;
  private readonly drawings = new Map<string, Promise<string>>();
  private readonly waiting = new Map<number, Waiting>();
  private next = 0;
  /** Why the thread stopped, once it has. */
  private stopped: Error | undefined;
  /** Whether the thread ends once nothing is pending. */
  private ending = false;
  private closing: Promise<void> | undefined;

  private constructor() {
    // The built module, by the package's export: from the sources (tests) too, the thread runs JavaScript.
    const module = createRequire(import.meta.url).resolve('@styler-dev/research/plot-worker');
    this.worker = new Worker(pathToFileURL(module), {
      // A small young generation: left to grow, it reaches 16 MB a half while drawing, a quarter of a
      // small run's peak memory, for little less collection time.
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
      // The thread keeps compiled code where this one does (Node's compile cache is per thread).
      workerData: { compileCache: getCompileCacheDir() } satisfies PlotThreadData,
    });
    this.worker.unref();
    this.worker.on('message', (answer: PlotAnswer) => {
      const waiting = this.waiting.get(answer.id);
      if (waiting === undefined) return;
      this.settled(answer.id);
      if ('svg' in answer) waiting.resolve(answer.svg);
      else waiting.reject(Object.assign(new Error(answer.error.message), { stack: answer.error.stack }));
    });
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`the plot thread stopped (exit code ${code})`)));
  }

  /** A thread that starts loading the plot libraries now. */
  static start(): PlotThread {
    return new PlotThread();
  }

  /** A thread when the machine has a core to spare for it (spareCore), else none: plots are drawn where asked. */
  static startIfSpareCore(): PlotThread | undefined {
    return spareCore() ? new PlotThread() : undefined;
  }

  /** The SVG of `spec`, drawn on the thread; the same specification again gets the same drawing. */
  readonly draw: PlotDrawer = (spec: TopLevelSpec) => {
    const key = JSON.stringify(spec);
    let drawing = this.drawings.get(key);
    if (drawing === undefined) {
      drawing = this.ending ? drawPlot(spec) : this.send(spec);
      this.drawings.set(key, drawing);
    }
    return drawing;
  };

  /** Starts drawing `spec` for a later draw() of it; a failure is reported to that later call. */
  drawAhead(spec: TopLevelSpec): void {
    this.draw(spec).catch(() => undefined);
  }

  /** No more plots ahead: the thread ends once the pending ones are drawn. */
  endWhenDrawn(): void {
    this.ending = true;
    if (this.waiting.size === 0) void this.close();
  }

  /** Stops the thread; plots still pending fail. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.stop(new Error('the plot thread was closed'));
      await this.worker.terminate();
    })();
    return this.closing;
  }

  private send(spec: TopLevelSpec): Promise<string> {
    if (this.stopped !== undefined) return Promise.reject(this.stopped);
    const id = this.next++;
    return new Promise<string>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.waiting.size === 1) this.worker.ref();
      this.worker.postMessage({ id, spec } satisfies PlotRequest);
    });
  }

  private settled(id: number): void {
    this.waiting.delete(id);
    if (this.waiting.size > 0) return;
    this.worker.unref();
    if (this.ending) void this.close();
  }

  private stop(reason: Error): void {
    this.stopped ??= reason;
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    this.worker.unref();
    for (const { reject } of waiting) reject(reason);
  }
}
