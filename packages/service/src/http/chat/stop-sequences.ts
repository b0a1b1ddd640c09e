/**
 * OpenAI's `stop`: the answer ends before the first stop sequence and leaves it out. Applied here
 * to whatever the base model wrote, so every provider honours it; as a stream, the text that could
 * still begin a stop sequence is held back until the next piece shows whether it does.
 */
export class StopCutter {
  readonly #stops: readonly string[];
  readonly #holdBack: number;
  #pending = '';
  #stopped = false;

  constructor(stops: readonly string[]) {
    this.#stops = stops.filter((stop) => stop !== '');
    this.#holdBack = Math.max(0, ...this.#stops.map((stop) => stop.length - 1));
  }

  /** True once a stop sequence was seen: nothing more is emitted. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** Takes the next piece; returns the text now safe to emit. */
  push(piece: string): string {
    if (this.#stopped) return '';
    this.#pending += piece;
    const cut = this.#firstStop(this.#pending);
    if (cut >= 0) {
      this.#stopped = true;
      const out = this.#pending.slice(0, cut);
      this.#pending = '';
      return out;
    }
    const safe = this.#pending.length - this.#holdBack;
    if (safe <= 0) return '';
    const out = this.#pending.slice(0, safe);
    this.#pending = this.#pending.slice(safe);
    return out;
  }

  /** The text still held back, at the end of the stream. */
  end(): string {
    const out = this.#stopped ? '' : this.#pending;
    this.#pending = '';
    return out;
  }

  #firstStop(text: string): number {
    let first = -1;
    for (const stop of this.#stops) {
      const at = text.indexOf(stop);
      if (at >= 0 && (first < 0 || at < first)) first = at;
    }
    return first;
  }
}

/** `text` cut before its first stop sequence, and whether one was found. */
export function cutAtStop(text: string, stops: readonly string[]): { text: string; stopped: boolean } {
  const cutter = new StopCutter(stops);
  const head = cutter.push(text);
  return cutter.stopped ? { text: head, stopped: true } : { text: head + cutter.end(), stopped: false };
}
