/** Progress lines off a terminal: done, rate or percent, and the time left. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress } from '../src/progress.js';

describe('progress', () => {
  it('prints a line per phase off a terminal: done, rate or percent, and the time left', () => {
    const stream = new PassThrough();
    let now = 0;
    const progress = createProgress(stream, 200, 'pairs', { lines: true, percent: true, now: () => now });
    now = 5_000;
    progress.advance(100);
    now = 11_000;
    progress.advance(10);
    now = 12_000;
    progress.advance(500);
    progress.done();
    const lines = String(stream.read()).trim().split('\n');
    expect(lines).toEqual(['pairs: 55.0 %, 11s so far, 9s left', 'pairs: 100.0 %, 12s so far, 0s left']);
    const counted = new PassThrough();
    let clock = 0;
    const items = createProgress(counted, 4, 'reading', { lines: true, now: () => clock });
    clock = 2_000;
    for (let i = 0; i < 4; i += 1) items.tick();
    expect(String(counted.read())).toBe('reading: 4/4, 2.0/s, 0s left\n');
  });
});
