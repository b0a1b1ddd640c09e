/**
 * `styler benchmark` with an author given as a `styler fit` model: the CLI lends @styler-dev/research
 * its own model reader (src/cli/research.ts), and the model's ground truth is the folder's, so the
 * numbers are those of the run on the folder. The benchmark itself is tested in @styler-dev/research.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { main } from '../../../src/cli/main.js';
import { darwin, fixture } from '../../http/support/fixtures.js';

const paragraphs = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length > 40);

describe('styler benchmark with a styler fit model', () => {
  it('reads <author>.json written by styler fit as the author its folder is', async () => {
    const root = mkdtempSync(join(tmpdir(), 'styler-benchmark-model-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    const posts = [...paragraphs(fixture('ai-input-01.txt')), ...paragraphs(fixture('ai-input-02.txt'))];
    const folders = join(root, 'folders');
    const models = join(root, 'models');
    for (const authors of [folders, models]) {
      mkdirSync(join(authors, 'assistant'), { recursive: true });
      posts.slice(0, 3).forEach((text, i) => writeFileSync(join(authors, 'assistant', `${i}.txt`), text));
    }
    mkdirSync(join(folders, 'darwin'));
    [1, 2].forEach((n) => writeFileSync(join(folders, 'darwin', `${n}.txt`), darwin(n)));
    const fit = io();
    expect(await main(['fit', join(folders, 'darwin'), '--out', join(models, 'darwin.json')], fit.io), fit.err()).toBe(
      0,
    );
    const runs = join(root, 'runs.jsonl');
    const row = { id: 'r0', author: 'darwin', system: 'oracle', unpersonalized: posts[3]!, personalized: darwin(3) };
    writeFileSync(runs, `${JSON.stringify(row)}\n`);

    const summaries = [];
    for (const authors of [folders, models]) {
      const out = `${authors}-out`;
      const run = io();
      const argv = ['benchmark', runs, '--authors', authors, '--out', out, '--threads', '1', '--resamples', '100'];
      expect(await main(argv, run.io), run.err()).toBe(0);
      summaries.push(JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { metrics: unknown[] });
    }
    expect(summaries[0]!.metrics.length).toBeGreaterThan(0);
    expect(summaries[1]!.metrics).toEqual(summaries[0]!.metrics);
  });
});
