/** pca-loadings.csv of `styler corpus`: every compared word's loadings, unit vectors down each column. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { memoryIo } from '../../../../../test-support/memory-io.js';
import { RESEARCH_COMMANDS } from '../../../src/index.js';
import { habitText } from '../../stylometry/support.js';
import { textHost } from '../../support/text-host.js';

const rows = (path: string): string[][] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(','));

describe('pca-loadings.csv', () => {
  it("lists mfw.csv's words in its order, each PC's loadings a unit vector, the habits' words at its ends", async () => {
    const root = mkdtempSync(join(tmpdir(), 'styler-loadings-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    for (const [author, habit, seeds] of [
      ['alice', 'A', [1, 2, 3]],
      ['bob', 'B', [4, 5, 6]],
    ] as const) {
      mkdirSync(join(root, author));
      for (const seed of seeds) writeFileSync(join(root, author, `${seed}.txt`), habitText(habit, seed, 300 + seed));
    }
    const out = join(root, 'out');
    const memory = memoryIo();
    const code = await RESEARCH_COMMANDS.corpus!.run(
      [join(root, 'alice'), join(root, 'bob'), '--out', out, '--mfw', '8'],
      memory.io,
      textHost,
    );
    expect(code, memory.err()).toBe(0);
    const [header, ...loadings] = rows(join(out, 'pca-loadings.csv'));
    expect(header).toEqual(['word', 'PC1', 'PC2']);
    expect(loadings.map((row) => row[0])).toEqual(
      rows(join(out, 'mfw.csv'))
        .slice(1)
        .map((row) => row[1]),
    );
    for (const column of [1, 2]) {
      expect(loadings.reduce((sum, row) => sum + Number(row[column]) ** 2, 0)).toBeCloseTo(1, 10);
    }
    // PC1 separates the habits: "upon" (Bob's) and "of" (Alice's) load on opposite sides.
    const pc1 = new Map(loadings.map((row) => [row[0], Number(row[1])]));
    expect(Math.sign(pc1.get('upon')!)).toBe(-Math.sign(pc1.get('of')!));
  });
});
