/**
 * Waiting tasks, shared fairly between tenants: each tenant has its own line, and lines take turns
 * (round robin), so one tenant's burst waits behind its own tasks rather than everyone's. Within a
 * line, tasks run oldest request first (by `order`, then arrival), so a request's second task does
 * not queue behind requests that came after it.
 */

interface Entry<T> {
  readonly item: T;
  readonly order: number;
  readonly seq: number;
}

function before<T>(a: Entry<T>, b: Entry<T>): boolean {
  return a.order < b.order || (a.order === b.order && a.seq < b.seq);
}

export class FairQueue<T> {
  /** Each tenant's line, kept sorted; a tenant is present only while it has waiting tasks. */
  readonly #lines = new Map<string, Entry<T>[]>();
  /** Tenants with waiting tasks, in the order they get their next turn. */
  #turns: string[] = [];
  #size = 0;
  #seq = 0;

  /** Tasks waiting, all tenants together. */
  get size(): number {
    return this.#size;
  }

  /** Tasks `tenant` has waiting. */
  sizeOf(tenant: string): number {
    return this.#lines.get(tenant)?.length ?? 0;
  }

  /** Adds `item` to `tenant`'s line at its place by `order` (lower runs first; ties by arrival). */
  push(tenant: string, item: T, order: number): void {
    const entry: Entry<T> = { item, order, seq: this.#seq++ };
    let line = this.#lines.get(tenant);
    if (line === undefined) {
      line = [];
      this.#lines.set(tenant, line);
      this.#turns.push(tenant);
    }
    // Binary search for the first entry that entry goes before; new work usually lands at the end.
    let low = 0;
    let high = line.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (before(entry, line[mid]!)) high = mid;
      else low = mid + 1;
    }
    line.splice(low, 0, entry);
    this.#size += 1;
  }

  /**
   * The next task: the head of the line whose turn it is; that tenant then goes to the back. With
   * `load` (e.g. threads each tenant holds), the turn goes to the first tenant in turn order among
   * those with the least load, so no tenant holds more than its share while another waits.
   */
  shift(load?: (tenant: string) => number): T | undefined {
    let turn = 0;
    if (load !== undefined) {
      let least = Infinity;
      this.#turns.forEach((candidate, index) => {
        const candidateLoad = load(candidate);
        if (candidateLoad < least) [least, turn] = [candidateLoad, index];
      });
    }
    const [tenant] = this.#turns.splice(turn, 1);
    if (tenant === undefined) return undefined;
    const line = this.#lines.get(tenant)!;
    const entry = line.shift()!;
    this.#size -= 1;
    if (line.length === 0) this.#lines.delete(tenant);
    else this.#turns.push(tenant);
    return entry.item;
  }

  /** Takes `item` out of `tenant`'s line (it was cancelled); false when it is not waiting. */
  remove(tenant: string, item: T): boolean {
    const line = this.#lines.get(tenant);
    const index = line?.findIndex((entry) => entry.item === item) ?? -1;
    if (line === undefined || index < 0) return false;
    line.splice(index, 1);
    this.#size -= 1;
    if (line.length === 0) {
      this.#lines.delete(tenant);
      this.#turns = this.#turns.filter((t) => t !== tenant);
    }
    return true;
  }
}
