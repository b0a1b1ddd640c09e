/**
 * `styler corpus --figures` and `--matrices none`: which figure and matrix files are written beside
 * the report, which shows every figure either way.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryIo } from '../../../../../test-support/memory-io.js';
import { RESEARCH_COMMANDS } from '../../../src/index.js';
import { habitFolders } from '../../support/fixtures.js';
import { textHost } from '../../support/text-host.js';

const root = habitFolders('styler-corpus-figures-', [1, 2, 3]);

async function corpus(...flags: string[]): Promise<{ code: number; files: string[]; report: string; err: string }> {
  const out = join(root, `out${flags.join('')}`);
  const memory = memoryIo();
  const argv = [join(root, 'alice'), join(root, 'bob'), '--out', out, '--consensus-mfw', '10', ...flags];
  const code = await RESEARCH_COMMANDS.corpus!.run(argv, memory.io, textHost);
  return { code, files: readdirSync(out), report: readFileSync(join(out, 'report.html'), 'utf8'), err: memory.err() };
}

describe('styler corpus --figures', () => {
  it('writes SVG only (the default), or no figure file, while the report still draws every figure', async () => {
    const svg = await corpus();
    expect(svg.code, svg.err).toBe(0);
    expect(svg.files.filter((f) => f.startsWith('figure-')).every((f) => f.endsWith('.svg'))).toBe(true);
    expect(svg.files).toContain('figure-pca.svg');
    const none = await corpus('--figures', 'none');
    expect(none.files.filter((f) => f.startsWith('figure-'))).toEqual([]);
    expect((none.report.match(/<svg/g) ?? []).length).toBe((svg.report.match(/<svg/g) ?? []).length);
    const summary = JSON.parse(readFileSync(join(root, 'out--figuresnone', 'summary.json'), 'utf8')) as {
      files: string[];
    };
    expect(summary.files.filter((f) => f.startsWith('figure-'))).toEqual([]);
    await expect(corpus('--figures', 'gif')).rejects.toThrow(/--figures must be one of png, svg, none/);
  });

  it('writes no matrix file with --matrices none, and still the trees', async () => {
    const run = await corpus('--matrices', 'none', '--figures', 'none');
    expect(run.code, run.err).toBe(0);
    expect(run.files.filter((f) => f.startsWith('delta-'))).toEqual([]);
    expect(run.files).toContain('tree.csv');
    const summary = JSON.parse(readFileSync(join(root, 'out--matricesnone--figuresnone', 'summary.json'), 'utf8')) as {
      settings: { matrices: unknown; delta: unknown };
      consensus: { clades: unknown[] } | null;
    };
    expect(summary.settings).toMatchObject({ matrices: 'none', delta: [] });
    expect(summary.consensus?.clades.length).toBeGreaterThan(0);
    await expect(corpus('--matrices', 'some')).rejects.toThrow(/--matrices must be full, nearest or none/);
  });
});
