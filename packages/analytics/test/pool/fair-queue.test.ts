import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../src/pool/fair-queue.js';

function drain<T>(queue: FairQueue<T>): T[] {
  const out: T[] = [];
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) out.push(item);
  return out;
}

describe('FairQueue', () => {
  it('lets tenants take turns, whatever order their tasks came in', () => {
    const queue = new FairQueue<string>();
    for (let i = 0; i < 4; i += 1) queue.push('burst', `burst-${i}`, i);
    queue.push('quiet', 'quiet-0', 10);
    expect(queue.size).toBe(5);
    expect(drain(queue)).toEqual(['burst-0', 'quiet-0', 'burst-1', 'burst-2', 'burst-3']);
  });

  it('gives the turn to the tenant holding the fewest threads, round robin among equals', () => {
    const queue = new FairQueue<string>();
    for (const tenant of ['flood', 'quiet', 'other']) {
      queue.push(tenant, `${tenant}-0`, 0);
      queue.push(tenant, `${tenant}-1`, 1);
    }
    const holding = new Map([
      ['flood', 2],
      ['quiet', 0],
      ['other', 1],
    ]);
    const load = (tenant: string): number => holding.get(tenant)!;
    expect(queue.shift(load)).toBe('quiet-0');
    holding.set('quiet', 1);
    // quiet and other hold one each: other's turn comes first, quiet went to the back.
    expect(queue.shift(load)).toBe('other-0');
    expect(queue.shift(load)).toBe('quiet-1');
    expect(queue.shift(load)).toBe('other-1');
    expect(drain(queue)).toEqual(['flood-0', 'flood-1']);
  });

  it('with a load, always serves a waiting tenant of the least load', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ tenant: fc.constantFrom('a', 'b', 'c'), load: fc.nat(3) }), {
          minLength: 1,
          maxLength: 30,
        }),
        (tasks) => {
          const queue = new FairQueue<number>();
          const loads = new Map<string, number>();
          tasks.forEach((task, i) => {
            queue.push(task.tenant, i, i);
            loads.set(task.tenant, task.load);
          });
          const load = (tenant: string): number => loads.get(tenant)!;
          while (queue.size > 0) {
            const waitingLoads = ['a', 'b', 'c'].filter((t) => queue.sizeOf(t) > 0).map(load);
            const served = tasks[queue.shift(load)!]!;
            expect(load(served.tenant)).toBe(Math.min(...waitingLoads));
            // Serving a task adds to its tenant's load, as a thread taken does.
            loads.set(served.tenant, load(served.tenant) + 1);
          }
        },
      ),
    );
  });

  it("runs a tenant's oldest request first, ties in arrival order", () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'late', 5);
    queue.push('a', 'early', 1);
    queue.push('a', 'late-too', 5);
    queue.push('a', 'middle', 3);
    expect(drain(queue)).toEqual(['early', 'middle', 'late', 'late-too']);
  });

  it('takes a cancelled task out, and its tenant out of the rotation when its line is empty', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a0', 0);
    queue.push('b', 'b0', 0);
    queue.push('a', 'a1', 1);
    expect(queue.remove('b', 'b0')).toBe(true);
    expect(queue.remove('b', 'b0')).toBe(false);
    expect(queue.sizeOf('b')).toBe(0);
    expect(drain(queue)).toEqual(['a0', 'a1']);
  });

  it('serves every task once, each tenant in order, never passing a waiting tenant twice', () => {
    const task = fc.record({ tenant: fc.constantFrom('a', 'b', 'c', 'd'), order: fc.integer({ min: 0, max: 20 }) });
    fc.assert(
      fc.property(fc.array(task, { maxLength: 60 }), (tasks) => {
        const queue = new FairQueue<number>();
        tasks.forEach((t, i) => queue.push(t.tenant, i, t.order));
        const served = drain(queue);
        expect([...served].sort((x, y) => x - y)).toEqual(tasks.map((_, i) => i));
        // Between two turns of one tenant, every other tenant still waiting gets at most one turn.
        const remaining = new Map<string, number>();
        for (const t of tasks) remaining.set(t.tenant, (remaining.get(t.tenant) ?? 0) + 1);
        const sinceLast = new Map<string, Set<string>>();
        for (const index of served) {
          const tenant = tasks[index]!.tenant;
          for (const [other, seen] of sinceLast) {
            if (other === tenant) continue;
            expect(seen.has(tenant) && remaining.get(other)! > 0).toBe(false);
            seen.add(tenant);
          }
          sinceLast.set(tenant, new Set());
          remaining.set(tenant, remaining.get(tenant)! - 1);
        }
        // Within a tenant, lower order first, ties by arrival.
        for (const tenant of remaining.keys()) {
          const mine = served.filter((i) => tasks[i]!.tenant === tenant);
          const sorted = [...mine].sort((x, y) => tasks[x]!.order - tasks[y]!.order || x - y);
          expect(mine).toEqual(sorted);
        }
      }),
    );
  });
});
