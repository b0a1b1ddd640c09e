/**
 * stylo's methods on the command line: `styler corpus` with a classifier, features, sampling, a word
 * list, cross-validation and MDS; `styler oppose`, `styler imposters` and `styler rolling`; the files
 * they cannot use; a flag the help does not list.
 */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { habitText } from '../../../../../test-support/habit-texts.js';
import { darwin, fixture } from '../../support/fixtures.js';
import { runCommand as run } from '../../support/run-command.js';

const root = mkdtempSync(join(tmpdir(), 'styler-stylo-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const folder = (name: string, texts: readonly string[], extension = 'txt'): string => {
  const path = join(root, name);
  mkdirSync(path, { recursive: true });
  texts.forEach((text, i) => writeFileSync(join(path, `${name}-${i + 1}.${extension}`), text));
  return path;
};
// Two synthetic habits, six texts each, and one unknown text of each.
const alice = folder(
  'alice',
  [1, 2, 3, 4, 5, 6].map((seed) => habitText('A', seed, 400)),
);
const bob = folder(
  'bob',
  [7, 8, 9, 10, 11, 12].map((seed) => habitText('B', seed, 400)),
);
const unknown = folder('unknown', [habitText('A', 21, 400), habitText('B', 22, 400)]);

const json = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

describe('styler corpus with stylo options', () => {
  it('classifies by NSC with posteriors, cross-validates, and maps the documents by MDS', async () => {
    const out = join(root, 'nsc');
    const result = await run([
      'corpus',
      alice,
      bob,
      '--unknown',
      unknown,
      '--out',
      out,
      '--threads',
      '1',
      '--classify',
      'nsc',
      '--cv',
      '3',
      '--mds',
      '--mfw',
      '20',
    ]);
    expect(result.code, result.err).toBe(0);
    const summary = json<{
      classification: {
        classifier: string;
        attribution: Array<{ document: string; predicted: string; probabilities: Record<string, number> }>;
        cross_validation: { folds: number; accuracy: number; per_author: Record<string, { recall: number }> };
      };
      mds: { distance: string; fit: number[] };
      files: string[];
    }>(join(out, 'summary.json'));
    expect(summary.classification.classifier).toBe('nsc');
    expect(summary.classification.attribution.map((a) => a.predicted)).toEqual(['alice', 'bob']);
    const [first] = summary.classification.attribution;
    expect(first!.probabilities.alice! + first!.probabilities.bob!).toBeCloseTo(1, 9);
    expect(summary.classification.cross_validation).toMatchObject({ folds: 3, accuracy: 1 });
    expect(summary.classification.cross_validation.per_author.bob!.recall).toBe(1);
    expect(summary.mds.distance).toBe('burrows');
    expect(readdirSync(out)).toEqual(
      expect.arrayContaining(['classification.csv', 'cv.csv', 'cv-metrics.csv', 'mds.csv']),
    );
    expect(summary.files).toContain('mds.csv');
    const cv = readFileSync(join(out, 'cv.csv'), 'utf8').trim().split('\n');
    expect(cv[0]).toBe('document,author,fold,predicted');
    expect(cv).toHaveLength(13);
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toContain('Classification: nsc');
    expect(report).toContain('3-fold cross-validation');
    expect(report).toContain('Multidimensional scaling');
  });

  it('clusters by the linkage asked, with the heights that linkage gives', async () => {
    // Real prose: two authors whose documents are at many different distances.
    const letters = folder('linkage-letters', [1, 2, 3, 4, 5, 6, 7].map(darwin));
    const assistant = folder('linkage-assistant', [fixture('ai-input-01.txt'), fixture('ai-input-02.txt')]);
    const heights = async (linkage: string): Promise<{ heights: number[]; report: string; trees: unknown }> => {
      const out = join(root, `linkage-${linkage}`);
      const result = await run(['corpus', letters, assistant, '--out', out, '--mfw', '50', '--linkage', linkage]);
      expect(result.code, result.err).toBe(0);
      const rows = readFileSync(join(out, 'tree.csv'), 'utf8').trim().split('\n').slice(1);
      const header = readFileSync(join(out, 'tree.csv'), 'utf8').split('\n')[0]!.split(',');
      return {
        heights: rows.map((row) => Number(row.split(',')[header.indexOf('height')])),
        report: readFileSync(join(out, 'report.html'), 'utf8'),
        trees: json<{ settings: { trees: unknown } }>(join(out, 'summary.json')).settings.trees,
      };
    };
    const single = await heights('single');
    const complete = await heights('complete');
    expect(single.trees).toBe('single');
    expect(single.report).toContain('Cluster analysis (single linkage, Burrows’ Delta)');
    // Single linkage joins at the nearest pair, complete at the farthest: never higher, and lower at the top.
    single.heights.forEach((height, i) => expect(height).toBeLessThanOrEqual(complete.heights[i]! + 1e-12));
    expect(single.heights.at(-1)).toBeLessThan(complete.heights.at(-1)!);
    const refused = await run(['corpus', alice, bob, '--out', join(root, 'linkage-x'), '--linkage', 'median']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/--linkage must be one of ward, single, complete, average/);
  });

  it('samples texts, counts character n-grams and uses the nearest text by a chosen distance', async () => {
    const out = join(root, 'sampled');
    const result = await run([
      'corpus',
      alice,
      bob,
      '--unknown',
      unknown,
      '--out',
      out,
      '--threads',
      '1',
      '--sample',
      '100:consecutive',
      '--features',
      'char-ngrams:2',
      '--classify',
      'nearest',
      '--distance',
      'minmax',
    ]);
    expect(result.code, result.err).toBe(0);
    const summary = json<{
      documents: number;
      settings: { features: string };
      classification: { distance: string; attribution: Array<{ document: string; predicted: string }> };
    }>(join(out, 'summary.json'));
    // 14 texts of 400 words: 4 samples each.
    expect(summary.documents).toBe(56);
    expect(summary.settings.features).toMatch(
      /^character 2-grams, \d+ most frequent; samples of 100 words \(consecutive\)$/,
    );
    expect(summary.classification.distance).toBe('minmax');
    const attribution = summary.classification.attribution;
    expect(attribution.filter((a) => a.document.startsWith('unknown-1-')).every((a) => a.predicted === 'alice')).toBe(
      true,
    );
    expect(attribution.filter((a) => a.document.startsWith('unknown-2-')).every((a) => a.predicted === 'bob')).toBe(
      true,
    );
    const counts = readFileSync(join(out, 'counts.csv'), 'utf8').split('\n');
    expect(counts[1]).toMatch(/^alice\/alice-1\.txt-1,alice,/);
  });

  it('compares a word list of its own, and says when culling shrinks the list', async () => {
    const list = join(root, 'words.txt');
    writeFileSync(list, '# markers\nupon\nThe\na\nwhilst\n');
    const out = join(root, 'listed');
    const result = await run([
      'corpus',
      alice,
      bob,
      '--unknown',
      unknown,
      '--out',
      out,
      '--threads',
      '1',
      '--wordlist',
      list,
      '--culling',
      '100',
      '--classify',
      'svm',
    ]);
    expect(result.code, result.err).toBe(0);
    // "a" and "whilst" are not in every text: culling leaves "upon" and "the".
    expect(result.err).toMatch(/culling at 100 % left 2 of 4 features; 2 compared of 4 asked/);
    const summary = json<{
      classification: { culling: { used: number; shrunk: boolean }; attribution: Array<{ predicted: string }> };
    }>(join(out, 'summary.json'));
    expect(summary.classification.culling).toMatchObject({ used: 2, shrunk: true });
    expect(summary.classification.attribution.map((a) => a.predicted)).toEqual(['alice', 'bob']);
    expect(
      readFileSync(join(out, 'mfw.csv'), 'utf8')
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[1])
        .sort(),
    ).toEqual(['the', 'upon']);
  });

  it('refuses options that do not fit, with a usage error', async () => {
    const base = ['corpus', alice, bob, '--out', join(root, 'bad')];
    for (const [flags, message] of [
      [['--classify', 'nsc', '--k', '3'], /--k applies to --classify knn/],
      [['--classify', 'svm', '--distance', 'cosine'], /--distance applies to --classify centroid, nearest or knn/],
      [['--distance', 'chebyshev'], /--distance must be one of burrows, eder, argamon, cosine/],
      [['--features', 'char-ngrams'], /--features must be words, word-ngrams:N or char-ngrams:N/],
      [['--sample', '100:shuffled'], /--sample must be N, N:consecutive or N:random/],
      [['--cv', '1'], /--cv must be an integer of at least 2/],
      [['--wordlist', join(root, 'missing.txt')], /--wordlist: cannot read/],
    ] as const) {
      const result = await run([...base, ...flags]);
      expect(result.code, flags.join(' ')).toBe(2);
      expect(result.err).toMatch(message);
    }
  });
});

describe('styler oppose', () => {
  it("finds each group's marker words by Craig's Zeta and places test texts among them", async () => {
    const letters = folder('letters', [1, 2, 3, 4, 5].map(darwin));
    const assistant = folder('assistant', [fixture('ai-input-01.txt'), fixture('ai-input-02.txt')]);
    const test = folder('oppose-test', [darwin(6)]);
    const out = join(root, 'oppose');
    const result = await run(['oppose', letters, assistant, '--test', test, '--out', out, '--slice', '100']);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/\d+ \+ 6 slices; \d+ words preferred and \d+ avoided by letters/);
    const summary = json<{
      slices: { primary: number; secondary: number };
      preferred: Array<{ word: string; zeta: number; score: number }>;
      avoided: Array<{ word: string; score: number }>;
    }>(join(out, 'summary.json'));
    expect(summary.slices.secondary).toBe(6);
    for (const word of summary.preferred) expect(word.score).toBeGreaterThan(0.1);
    for (const word of summary.avoided) expect(word.score).toBeLessThan(-0.1);
    expect(summary.preferred[0]!.zeta).toBeCloseTo(summary.preferred[0]!.score + 1, 12);
    const slices = readFileSync(join(out, 'slices.csv'), 'utf8').trim().split('\n');
    expect(slices[0]).toBe('text,slice,group,share_of_letters_markers,share_of_assistant_markers');
    // The unseen letter's slices use more of the letters' markers than of the assistant's.
    const testSlices = slices.filter((line) => line.includes(',test,')).map((line) => line.split(',').map(Number));
    expect(testSlices.length).toBe(4);
    for (const cells of testSlices) expect(cells[3]).toBeGreaterThan(cells[4]!);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('<figure>');
  });

  it('says when no text is as long as a slice', async () => {
    const result = await run(['oppose', alice, bob, '--out', join(root, 'oppose-long')]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/at least one text of 3000 words or more/);
  });
});

describe('styler imposters', () => {
  it('scores each unknown text against each candidate', async () => {
    const out = join(root, 'imposters');
    const result = await run([
      'imposters',
      alice,
      bob,
      '--unknown',
      unknown,
      '--out',
      out,
      '--mfw',
      '20',
      '--iterations',
      '50',
    ]);
    expect(result.code, result.err).toBe(0);
    const summary = json<{ scores: Array<{ document: string; scores: Record<string, number> }> }>(
      join(out, 'summary.json'),
    );
    expect(summary.scores.map((s) => s.document)).toEqual(['unknown/unknown-1.txt', 'unknown/unknown-2.txt']);
    expect(summary.scores[0]!.scores.alice).toBeGreaterThan(0.9);
    expect(summary.scores[1]!.scores.bob).toBeGreaterThan(0.9);
    expect(readFileSync(join(out, 'scores.csv'), 'utf8').split('\n')[0]).toBe('document,alice,bob,reason');
    const one = await run([
      'imposters',
      alice,
      bob,
      '--unknown',
      unknown,
      '--out',
      join(root, 'imp2'),
      '--candidate',
      'bob',
    ]);
    expect(one.code, one.err).toBe(0);
    expect(json<{ authors: string[] }>(join(root, 'imp2', 'summary.json')).authors).toEqual(['bob']);
  });
});

describe('styler rolling', () => {
  it('moves a window along a text written in two hands', async () => {
    const long = join(root, 'long.txt');
    writeFileSync(long, `${habitText('A', 31, 600)} ${habitText('B', 32, 600)}`);
    const out = join(root, 'rolling');
    const result = await run([
      'rolling',
      long,
      alice,
      bob,
      '--out',
      out,
      '--window',
      '300',
      '--step',
      '150',
      '--mfw',
      '20',
    ]);
    expect(result.code, result.err).toBe(0);
    const summary = json<{ windows: Array<{ start: number; nearest: string }> }>(join(out, 'summary.json'));
    expect(summary.windows[0]).toMatchObject({ start: 0, nearest: 'alice' });
    expect(summary.windows.at(-1)).toMatchObject({ nearest: 'bob' });
    expect(result.out).toMatch(/^7 windows nearest to: alice \d, bob \d\./);
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('<figure>');
  });
});

describe('files the research commands cannot use', () => {
  // Alice's folder with an empty file and a link to nothing beside her texts.
  const withBadFiles = (name: string): string => {
    const path = folder(
      `alice-${name}`,
      [1, 2, 3, 4, 5, 6].map((seed) => habitText('A', seed, 400)),
    );
    writeFileSync(join(path, 'empty.txt'), ' \n');
    symlinkSync(join(path, 'gone.txt'), join(path, 'dangling.txt'));
    return path;
  };
  const long = join(root, 'long-strict.txt');
  writeFileSync(long, habitText('A', 33, 900));
  const commands: Record<string, (alicePath: string, out: string) => string[]> = {
    imposters: (a, out) => ['imposters', a, bob, '--unknown', unknown, '--out', out, '--iterations', '10'],
    oppose: (a, out) => ['oppose', a, bob, '--out', out, '--slice', '100'],
    rolling: (a, out) => ['rolling', long, a, bob, '--out', out, '--window', '300', '--step', '150'],
  };

  it.each(Object.keys(commands))('styler %s names each file it leaves out, or stops under --strict', async (name) => {
    const bad = withBadFiles(name);
    const going = await run(commands[name]!(bad, join(root, `${name}-going`)));
    expect(going.code, going.err).toBe(0);
    expect(going.err).toContain(`${join(bad, 'empty.txt')}: left out, no words to count`);
    expect(going.err).toContain(`${join(bad, 'dangling.txt')}: skipped, a link to nothing`);
    const stopped = await run([...commands[name]!(bad, join(root, `${name}-strict`)), '--strict']);
    expect(stopped.code).toBe(2);
    expect(stopped.err).toMatch(/--strict: 2 files could not be used/);
  });
});

describe('flags', () => {
  it('accepts no flag the help does not list', async () => {
    const result = await run(['oppose', alice, bob, '--out', join(root, 'x'), '--window', '5']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/unknown option --window/);
  });
});
