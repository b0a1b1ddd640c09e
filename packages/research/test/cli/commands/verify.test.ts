/**
 * `styler verify` end to end through the CLI: problems from a JSON Lines file (texts inline and as
 * paths), from a PAN-style folder with truth.txt, and from PAN 2020–23's pairs.jsonl; its files, metrics and reliability diagram; and
 * --help giving every flag's default.
 */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { habitText } from '../../../../../test-support/habit-texts.js';
import { runCommand as run } from '../../support/run-command.js';

const root = mkdtempSync(join(tmpdir(), 'styler-verify-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const json = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

interface Summary {
  problems: number;
  answered: number;
  calibration: {
    problems: number;
    draws: number;
    known_set_sizes: Record<string, number>;
    problem_known_set_sizes: Record<string, number>;
    imposters: { dont_know_band: [number, number] };
    delta: { slope: number };
  };
  metrics: Record<string, { auc: number; c_at_1: number; f_05_u: number; brier: number; overall: number } | null>;
  files: string[];
}

// Two habits; each problem knows two texts of one and questions a third text of either.
const A = (seed: number): string => habitText('A', seed, 400);
const B = (seed: number): string => habitText('B', seed, 400);

describe('styler verify', () => {
  it('verifies JSON Lines problems by both methods and scores them with PAN metrics', async () => {
    const files = join(root, 'texts');
    mkdirSync(files);
    writeFileSync(join(files, 'a1.txt'), A(1));
    writeFileSync(join(files, 'b4.txt'), B(4));
    const problems = join(root, 'problems.jsonl');
    const lines = [
      { id: 'a1', author: 'alice', known: ['texts/a1.txt', A(2)], unknown: A(11), answer: true },
      { id: 'a2', author: 'alice', known: [A(2), A(3)], unknown: B(12), answer: false },
      { id: 'b1', author: 'bob', known: ['texts/b4.txt', B(5)], unknown: B(13), answer: true },
      { id: 'b2', author: 'bob', known: [B(5), B(6)], unknown: A(14), answer: false },
    ];
    writeFileSync(problems, lines.map((line) => JSON.stringify(line)).join('\n'));
    const out = join(root, 'out');
    const result = await run(['verify', problems, '--out', out, '--mfw', '20', '--iterations', '40']);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toMatch(/^4 problems verified; imposters overall 1\.000; delta overall /);
    const summary = json<Summary>(join(out, 'summary.json'));
    expect(summary).toMatchObject({ problems: 4, answered: 4 });
    // Three known texts per author, each held out with its author and with the other, in five draws;
    // known sets of two, as the problems'.
    expect(summary.calibration).toMatchObject({
      problems: 60,
      draws: 5,
      known_set_sizes: { 2: 60 },
      problem_known_set_sizes: { 2: 4 },
    });
    expect(summary.calibration.delta.slope).toBeLessThan(0);
    expect(Object.keys(summary.metrics)).toEqual([
      'imposters',
      'imposters-uncalibrated',
      'delta',
      'delta-uncalibrated',
    ]);
    for (const method of ['imposters', 'delta']) {
      expect(summary.metrics[method], method).toMatchObject({ auc: 1, c_at_1: 1, f_05_u: 1 });
    }
    const scores = readFileSync(join(out, 'scores.csv'), 'utf8').trim().split('\n');
    expect(scores[0]).toBe('id,method,score,answer,reason');
    expect(scores).toHaveLength(1 + 4 * 4);
    expect(scores[1]).toMatch(/^a1,imposters,[\d.]+,true,$/);
    expect(readFileSync(join(out, 'reliability.csv'), 'utf8').split('\n')[0]).toBe(
      'method,bin_low,bin_high,problems,mean_score,observed,observed_low,observed_high',
    );
    expect(readdirSync(out)).toEqual(expect.arrayContaining(['report.html', 'figure-reliability.svg']));
    expect(summary.files).toContain('figure-reliability.svg');
    expect(readFileSync(join(out, 'report.html'), 'utf8')).toContain('Reliability diagram');
  });

  it('reads a PAN-style folder with truth.txt, problems without an answer left out of the metrics', async () => {
    const folder = join(root, 'pan');
    const problem = (id: string, known: string[], unknown: string): void => {
      mkdirSync(join(folder, id), { recursive: true });
      known.forEach((text, i) => writeFileSync(join(folder, id, `known0${i + 1}.txt`), text));
      writeFileSync(join(folder, id, 'unknown.txt'), unknown);
    };
    problem('EN001', [A(1), A(2)], A(11));
    problem('EN002', [B(4), B(5)], A(12));
    problem('EN003', [B(6), B(7)], B(13));
    writeFileSync(join(folder, 'truth.txt'), 'EN001 Y\nEN002 N\n');
    const out = join(root, 'pan-out');
    const result = await run(['verify', folder, '--out', out, '--mfw', '20', '--iterations', '20']);
    expect(result.code, result.err).toBe(0);
    const summary = json<Summary>(join(out, 'summary.json'));
    expect(summary).toMatchObject({ problems: 3, answered: 2 });
    const rows = readFileSync(join(out, 'scores.csv'), 'utf8').trim().split('\n');
    expect(rows.filter((row) => row.startsWith('EN003,'))).toHaveLength(4);
    expect(rows.find((row) => row.startsWith('EN003,delta,'))).toMatch(/,,$/);
  });

  it("reads the known author's name from a PAN truth.jsonl, and calibrates on the problems' authors", async () => {
    const folder = join(root, 'pan-authors');
    const problem = (id: string, known: string[], unknown: string): void => {
      mkdirSync(join(folder, id), { recursive: true });
      known.forEach((text, i) => writeFileSync(join(folder, id, `known0${i + 1}.txt`), text));
      writeFileSync(join(folder, id, 'unknown.txt'), unknown);
    };
    problem('P1', [A(1), A(2)], A(11));
    problem('P2', [A(3), A(4)], B(12));
    problem('P3', [B(5), B(6)], B(13));
    const truth = [
      { id: 'P1', same: true, authors: ['alice', 'alice'] },
      { id: 'P2', same: false, authors: ['alice', 'bob'] },
      { id: 'P3', same: true, authors: ['bob', 'bob'] },
    ];
    writeFileSync(join(folder, 'truth.jsonl'), truth.map((row) => JSON.stringify(row)).join('\n'));
    const out = join(root, 'pan-authors-out');
    const result = await run(['verify', folder, '--out', out, '--mfw', '20', '--iterations', '20']);
    expect(result.code, result.err).toBe(0);
    // Alice's four texts and Bob's two: six held out, each with its author and with the other, in five
    // draws; only Bob's own known sets fall short of two. Were P1 and P2 two authors, there would be
    // three, and Alice's known sets would be of one text too.
    const summary = json<Summary & { calibration: { authors: number } }>(join(out, 'summary.json'));
    expect(summary.calibration).toMatchObject({ authors: 2, problems: 60, known_set_sizes: { 1: 10, 2: 50 } });
  });

  it("reads PAN 2020–23's pairs.jsonl with the truth.jsonl beside it, and writes PAN's answers files", async () => {
    const folder = join(root, 'pan-pairs');
    mkdirSync(folder);
    const pairs = [
      { id: 'q1', fandoms: ['x', 'x'], pair: [A(1), A(11)] },
      { id: 'q2', fandoms: ['x', 'y'], pair: [A(2), B(12)] },
      { id: 'q3', fandoms: ['y', 'y'], pair: [B(3), B(13)] },
      { id: 'q4', fandoms: ['y', 'x'], pair: [B(4), A(14)] },
    ];
    const truth = [
      { id: 'q1', same: true, authors: ['alice', 'alice'] },
      { id: 'q2', same: false, authors: ['alice', 'bob'] },
      { id: 'q3', same: true, authors: ['bob', 'bob'] },
      { id: 'q4', same: false, authors: ['bob', 'alice'] },
    ];
    writeFileSync(join(folder, 'pairs.jsonl'), pairs.map((row) => JSON.stringify(row)).join('\n'));
    writeFileSync(join(folder, 'truth.jsonl'), truth.map((row) => JSON.stringify(row)).join('\n'));
    const out = join(root, 'pan-pairs-out');
    const result = await run([
      'verify',
      join(folder, 'pairs.jsonl'),
      '--out',
      out,
      '--mfw',
      '20',
      '--iterations',
      '20',
    ]);
    expect(result.code, result.err).toBe(0);
    // The answers and the two authors came from truth.jsonl: without them no problem has an answer,
    // and four unnamed problems that share no text are four authors.
    const summary = json<Summary & { calibration: { authors: number } }>(join(out, 'summary.json'));
    expect(summary).toMatchObject({ problems: 4, answered: 4, calibration: { authors: 2 } });
    for (const method of ['delta', 'imposters']) {
      const answers = readFileSync(join(out, `answers-${method}.jsonl`), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { id: string; value: number });
      expect(answers.map((answer) => answer.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
      const scores = readFileSync(join(out, 'scores.csv'), 'utf8')
        .trim()
        .split('\n')
        .filter((row) => row.split(',')[1] === method)
        .map((row) => Number(row.split(',')[2]));
      expect(answers.map((answer) => answer.value)).toEqual(scores);
    }
    expect(summary.files).toEqual(expect.arrayContaining(['answers-delta.jsonl', 'answers-imposters.jsonl']));
  });

  it('stops with a usage error on a problem it cannot read', async () => {
    const bad = join(root, 'bad.jsonl');
    writeFileSync(bad, '{"id": "x", "known": [], "unknown": "text"}\n');
    const result = await run(['verify', bad, '--out', join(root, 'bad-out')]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/line 1: "known" must be a list/);
  });

  it('--help gives the default of every flag that has one', async () => {
    const result = await run(['verify', '--help']);
    expect(result.code).toBe(0);
    for (const flag of [
      'imposters',
      'iterations',
      'feature-share',
      'imposter-share',
      'distance',
      'mfw',
      'culling',
      'features',
      'bins',
      'calibration-draws',
      'seed',
    ]) {
      const at = result.out.indexOf(`\n  --${flag} `);
      expect(at, flag).toBeGreaterThan(0);
      // The flag's description, up to the next flag, names its default.
      const description = result.out.slice(at + 1).split(/\n {2}--/)[0]!;
      expect(description, flag).toMatch(/\(default/);
    }
  });
});

describe('styler corpus --probabilities', () => {
  it("writes each unknown text's calibrated probability per author, highest for its author", async () => {
    const folder = (name: string, texts: readonly string[]): string => {
      const path = join(root, 'corpus', name);
      mkdirSync(path, { recursive: true });
      texts.forEach((text, i) => writeFileSync(join(path, `${name}-${i + 1}.txt`), text));
      return path;
    };
    const alice = folder('alice', [1, 2, 3, 4].map(A));
    const bob = folder('bob', [5, 6, 7, 8].map(B));
    const unknown = folder('unknown', [A(21), B(22)]);
    const out = join(root, 'corpus-out');
    const result = await run([
      'corpus',
      alice,
      bob,
      '--unknown',
      unknown,
      '--out',
      out,
      '--mfw',
      '20',
      '--probabilities',
    ]);
    expect(result.code, result.err).toBe(0);
    const rows = readFileSync(join(out, 'probabilities.csv'), 'utf8').trim().split('\n');
    expect(rows[0]).toBe('document,author,delta,probability,reason');
    const probability = (document: string, author: string): number =>
      Number(rows.find((row) => row.startsWith(`${document},${author},`))!.split(',')[3]);
    expect(probability('unknown/unknown-1.txt', 'alice')).toBeGreaterThan(0.5);
    expect(probability('unknown/unknown-1.txt', 'bob')).toBeLessThan(0.5);
    expect(probability('unknown/unknown-2.txt', 'bob')).toBeGreaterThan(0.5);
    const summary = json<{ probabilities: { calibration: { slope: number; pairs: number } }; files: string[] }>(
      join(out, 'summary.json'),
    );
    // Eight held-out texts, each paired with both authors.
    expect(summary.probabilities.calibration.pairs).toBe(16);
    expect(summary.files).toContain('probabilities.csv');
    // The report shows them too, beside the distances.
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toContain('Probability that each author wrote each unknown text');
    expect(report).toMatch(/fitted on 16 leave-one-out pairs/);
  });
});
