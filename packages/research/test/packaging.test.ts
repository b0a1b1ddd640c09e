import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { habitText } from '../../../test-support/habit-texts.js';
import { packedInstall, type PackedInstall } from '../../../test-support/packed-install.js';

describe('@styler-dev/research beside @styler-dev/styler, as a user installs them (npm pack, then npm ci of the tarballs)', () => {
  let install: PackedInstall;
  beforeAll(async () => {
    install = await packedInstall(['@styler-dev/styler', '@styler-dev/research']);
  }, 240_000);
  afterAll(() => rmSync(install.dir, { recursive: true, force: true }));

  it('exports the command table and the stylometry library', async () => {
    const output = await install.node(`
      import { RESEARCH_COMMANDS, analyzeCorpus, craigZeta } from '@styler-dev/research';
      console.log([Object.keys(RESEARCH_COMMANDS).join(','), typeof analyzeCorpus, typeof craigZeta].join(' '));
    `);
    expect(output.trim()).toBe('corpus,oppose,imposters,verify,rolling,benchmark function function');
  });

  it('runs `styler corpus`, which says how to install vega for the report plots (an optional peer)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'styler-packed-research-'));
    try {
      for (const [author, habit] of [
        ['alice', 'A'],
        ['bob', 'B'],
      ] as const) {
        mkdirSync(join(root, author));
        for (const seed of [1, 2, 3]) writeFileSync(join(root, author, `${seed}.txt`), habitText(habit, seed, 300));
      }
      const child = spawn(
        process.execPath,
        [
          join(install.dir, 'node_modules/@styler-dev/styler/bin/styler.js'),
          'corpus',
          join(root, 'alice'),
          join(root, 'bob'),
          '--out',
          join(root, 'out'),
        ],
        { cwd: install.dir },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        'styler corpus: the research reports draw plots with vega and vega-lite: npm install vega vega-lite',
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
