/** The extraction gate holds its bounds per process and per organization, and turns a flood away. */
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../src/errors.js';
import { ExtractionGate } from '../../src/uploads/extraction-gate.js';

/** A task that runs until `finish()` is called, recording how many ran at once. */
function controlled(track: { now: number; most: number }) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const task = async (): Promise<string> => {
    track.now += 1;
    track.most = Math.max(track.most, track.now);
    await done;
    track.now -= 1;
    return 'text';
  };
  return { task, finish: () => finish() };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ExtractionGate', () => {
  it('runs at most perOrganization of one organization and perProcess in all', async () => {
    const gate = new ExtractionGate({ perProcess: 2, perOrganization: 1, waitingPerOrganization: 8 });
    const acme = { now: 0, most: 0 };
    const others = { now: 0, most: 0 };
    const acmeTasks = Array.from({ length: 3 }, () => controlled(acme));
    const otherTasks = Array.from({ length: 3 }, () => controlled(others));
    const running = [
      ...acmeTasks.map(({ task }) => gate.run('acme', task)),
      ...otherTasks.map(({ task }, i) => gate.run(`org-${i}`, task)),
    ];
    await tick();
    expect(gate.running).toBe(2);
    for (const { finish } of [...acmeTasks, ...otherTasks]) {
      finish();
      await tick();
      expect(gate.running).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(running)).toEqual(Array(6).fill('text'));
    expect(acme.most).toBe(1);
    expect(gate.running).toBe(0);
  });

  it('answers 429 when an organization has too many waiting, and frees its slot after a failure', async () => {
    const gate = new ExtractionGate({ perProcess: 1, perOrganization: 1, waitingPerOrganization: 1 });
    const track = { now: 0, most: 0 };
    const first = controlled(track);
    const second = controlled(track);
    const a = gate.run('acme', first.task);
    const b = gate.run('acme', second.task);
    await expect(gate.run('acme', async () => 'never')).rejects.toMatchObject({ code: 'rate_limited' });
    first.finish();
    second.finish();
    await Promise.all([a, b]);
    await expect(gate.run('acme', () => Promise.reject(new ServiceError('docx_corrupt')))).rejects.toThrow(
      ServiceError,
    );
    expect(await gate.run('acme', async () => 'after')).toBe('after');
  });

  it('refuses bounds that are not positive integers', () => {
    expect(() => new ExtractionGate({ perProcess: 0, perOrganization: 1, waitingPerOrganization: 1 })).toThrow(
      /perProcess/,
    );
  });
});
