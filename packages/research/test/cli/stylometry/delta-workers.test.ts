/** How many threads compute the Delta matrices (the work decides, unless --threads does), to the same numbers. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../../../../test-support/memory-io.js';
import { RESEARCH_COMMANDS } from '../../../src/index.js';
import { habitFolders } from '../../support/fixtures.js';
import { textHost } from '../../support/text-host.js';
import { deltaThreads, THREADED_STEPS } from '../../../src/cli/stylometry/delta-workers.js';
import { threadedSteps } from '../../../src/cli/stylometry/corpus-trees.js';
import { condensedLength } from '../../../src/stylometry/index.js';

/** A plan's shape for threadedSteps (the z-scores' values are not read). */
const plan = (rows: number, overrides: Partial<Parameters<typeof threadedSteps>[0]> = {}) => ({
  z: { rows, columns: 500, values: new Float64Array(0) },
  words: 100,
  methods: ['burrows', 'eder', 'cosine'] as const,
  matrices: 'full' as const,
  trees: true,
  consensusSizes: [100, 200, 300, 400, 500],
  ...overrides,
});

describe('deltaThreads', () => {
  it('computes a small corpus here and a large one on a thread per CPU', () => {
    expect(deltaThreads(threadedSteps(plan(120)), undefined, 2)).toBe(1);
    expect(deltaThreads(threadedSteps(plan(2_000)), undefined, 2)).toBe(2);
    expect(deltaThreads(THREADED_STEPS - 1, undefined, 4)).toBe(1);
    expect(deltaThreads(THREADED_STEPS, undefined, 4)).toBe(4);
  });

  it('takes the threads asked for at any size', () => {
    expect(deltaThreads(threadedSteps(plan(120)), 2, 4)).toBe(2);
    expect(deltaThreads(threadedSteps(plan(2_000)), 1, 4)).toBe(1);
  });
});

describe('threadedSteps', () => {
  it('counts Burrows grown to the largest consensus size and each other variant at the main size', () => {
    expect(threadedSteps(plan(120))).toBe(condensedLength(120) * (500 + 2 * 100));
    expect(threadedSteps(plan(120, { consensusSizes: [] }))).toBe(condensedLength(120) * 3 * 100);
    // A consensus size past the words there are counts as all of them.
    expect(threadedSteps(plan(120, { consensusSizes: [900] }))).toBe(condensedLength(120) * (500 + 2 * 100));
  });

  it('counts the nearest neighbours tile by tile, and nothing for whole rows computed here', () => {
    expect(threadedSteps(plan(30_000, { trees: false, matrices: 'nearest' }))).toBe(condensedLength(30_000) * 300);
    expect(threadedSteps(plan(30_000, { trees: false }))).toBe(0);
  });
});

describe('styler corpus on worker threads', () => {
  const root = habitFolders('styler-delta-threads-', [1, 2, 3, 4]);

  /** The matrix files and the trees of a run with these flags. */
  async function run(...flags: string[]): Promise<Record<string, string>> {
    const out = join(root, `out${flags.join('')}`);
    const memory = memoryIo();
    const argv = [join(root, 'alice'), join(root, 'bob'), '--out', out, '--figures', 'none', ...flags];
    expect(await RESEARCH_COMMANDS.corpus!.run(argv, memory.io, textHost), memory.err()).toBe(0);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as Record<string, unknown>;
    const nearest = flags.includes('nearest');
    return {
      ...Object.fromEntries(
        ['burrows', 'eder', 'cosine'].map((method) => {
          const file = nearest ? `delta-${method}-nearest.csv` : `delta-${method}.csv`;
          return [file, readFileSync(join(out, file), 'utf8')];
        }),
      ),
      ...(!nearest && { 'tree.csv': readFileSync(join(out, 'tree.csv'), 'utf8') }),
      consensus: JSON.stringify(summary.consensus),
    };
  }

  it('writes the same matrices and trees on two threads as on this one', async () => {
    expect(await run('--threads', '2')).toEqual(await run('--threads', '1'));
    const nearest = ['--matrices', 'nearest', '--nearest', '3', '--tree-limit', '4'];
    expect(await run(...nearest, '--threads', '2')).toEqual(await run(...nearest, '--threads', '1'));
  });
});
