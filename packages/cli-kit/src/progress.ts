/**
 * Progress on stderr: on a terminal, a one-line bar with the rate and the time left; elsewhere
 * (a log file, a batch job) nothing, or with `lines` a plain line every LINE_INTERVAL_MS.
 */

export interface Progress {
  /** One more item done. */
  tick(): void;
  /** `count` more items done. */
  advance(count: number): void;
  /** The phase is over (a terminal's line is ended). */
  done(): void;
}

const LINE_INTERVAL_MS = 10_000;

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '–';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export function createProgress(
  stream: NodeJS.WritableStream,
  total: number,
  label: string,
  options: { lines?: boolean; now?: () => number; percent?: boolean } = {},
): Progress {
  const tty = (stream as NodeJS.WriteStream).isTTY === true;
  const now = options.now ?? Date.now;
  const started = now();
  let done = 0;
  let lastLine = started;
  const width = 30;
  const status = (): string => {
    const seconds = (now() - started) / 1000;
    const rate = seconds > 0 ? done / seconds : 0;
    const eta = rate > 0 ? (total - done) / rate : Number.POSITIVE_INFINITY;
    if (options.percent === true) {
      return `${((100 * done) / total).toFixed(1)} %, ${duration(seconds)} so far, ${duration(eta)} left`;
    }
    return `${done}/${total}, ${rate.toFixed(1)}/s, ${duration(eta)} left`;
  };
  const draw = (): void => {
    if (total === 0) return;
    if (tty) {
      const filled = Math.round((done / total) * width);
      stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${status()}  `);
    } else if (options.lines === true && (now() - lastLine >= LINE_INTERVAL_MS || done === total)) {
      lastLine = now();
      stream.write(`${label}: ${status()}\n`);
    }
  };
  draw();
  let lastDraw = started;
  const advance = (count: number): void => {
    done = Math.min(total, done + count);
    // A terminal's line is redrawn at most ten times a second; many small steps stay cheap.
    if (tty && done < total && now() - lastDraw < 100) return;
    lastDraw = now();
    draw();
  };
  return {
    tick() {
      advance(1);
    },
    advance,
    done() {
      if (tty && total > 0) stream.write('\n');
    },
  };
}
