import type { Candidate } from './candidates.js';

/** A max-heap of candidates by gain; ties go to the candidate with the smaller id, so the order is deterministic. */
export class CandidateHeap {
  private readonly items: Candidate[] = [];

  get size(): number {
    return this.items.length;
  }

  private before(a: Candidate, b: Candidate): boolean {
    return a.gain > b.gain || (a.gain === b.gain && a.id < b.id);
  }

  push(item: Candidate): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const up = items[parent];
      if (up === undefined || !this.before(item, up)) break;
      items[i] = up;
      i = parent;
    }
    items[i] = item;
  }

  pop(): Candidate | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let best = i;
      let bestItem = last;
      const leftItem = items[left];
      const rightItem = items[right];
      if (leftItem !== undefined && this.before(leftItem, bestItem)) {
        best = left;
        bestItem = leftItem;
      }
      if (rightItem !== undefined && this.before(rightItem, bestItem)) best = right;
      if (best === i) break;
      items[i] = items[best] as Candidate;
      i = best;
    }
    items[i] = last;
    return top;
  }

  /** The best gain waiting, or −Infinity. */
  peekGain(): number {
    return this.items[0]?.gain ?? -Infinity;
  }
}
