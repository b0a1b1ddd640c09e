/**
 * The LLM benchmark in batch rounds, end to end (bench/style/llm.mjs --batch-out / --batch-in): the
 * built bench runs as a child process on a small corpus made of the engine's fixtures; each round's
 * Batch API input lines are answered by the scripted server (bench/support/scripted-llm.mjs) and
 * written back as Batch API output lines, until a run has nothing pending and prints its tables.
 * Needs the built dist/ (`npm test` builds before vitest).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLLM } from '../../support/scripted-llm.mjs';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const BENCH = join(REPOSITORY, 'bench', 'style', 'llm.mjs');
const FIXTURES = join(REPOSITORY, 'packages', 'engine', 'test', 'fixtures');
/** More rounds than the bench needs (drafts, extra drafts, revisions): a loop that never ends fails. */
const MAX_ROUNDS = 5;

interface BatchInputLine {
  custom_id: string;
  method: string;
  url: string;
  body: { model: string; messages: { role: string; content: string }[]; temperature?: number; n?: number };
}

interface BenchRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Four authors of eight files each and three AI inputs, laid out as the corpora are. */
function smallCorpus(root: string): string {
  const corpus = join(root, 'corpus');
  // Judged by the name alone: the folders above (a clone under /tmp/tmp.x1y2) may hold dots.
  const texts = (source: string) => basename(source).endsWith('.txt') || !basename(source).includes('.');
  for (const author of ['austen-letters', 'gerrand-go-blog', 'twain-speeches'])
    cpSync(join(FIXTURES, 'authors', author), join(corpus, author), { recursive: true, filter: texts });
  cpSync(join(FIXTURES, 'darwin-letters'), join(corpus, 'darwin-letters'), { recursive: true, filter: texts });
  cpSync(join(FIXTURES, 'ai-inputs'), join(corpus, 'ai-inputs'), { recursive: true, filter: texts });
  return corpus;
}

interface BenchResult {
  pairs: {
    arms: { choice: { draftAuthors?: string[] }; revision: { detail: { revision?: { status: string } } } };
  }[];
  failed: unknown[];
  summaries: unknown;
}

/** Pairs whose revision arm sent a revision request (it is skipped when the winner shows no difference). */
function revisionsAsked(result: BenchResult): number {
  return result.pairs.filter((pair) => (pair.arms.revision.detail.revision?.status ?? 'skipped') !== 'skipped').length;
}

/**
 * Runs the bench on `corpus` with 2 pairs and n = 2, and no endpoint in the environment. Seed 4
 * draws a sample whose winners were revised when this was written; the assertions hold either way.
 */
function runBench(corpus: string, args: string[]): Promise<BenchRun> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('STYLER_BENCH_LLM_') && name !== 'STYLER_CORPORA'),
  );
  const argv = [BENCH, '--corpora', corpus, '--pairs', '2', '--n', '2', '--seed', '4', ...args];
  return new Promise((resolve) => {
    execFile(process.execPath, argv, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

describe('bench/style/llm.mjs in batch rounds', () => {
  let root: string;
  let corpus: string;
  let server: Awaited<ReturnType<typeof startScriptedLLM>>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'styler-llm-batch-'));
    corpus = smallCorpus(root);
    server = await startScriptedLLM();
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  /**
   * Batch API output lines for `requests`, each body answered by the scripted server; `oneChoice`
   * keeps only the first choice, as a server that ignores `n` would answer.
   */
  async function answer(requests: BatchInputLine[], file: string, oneChoice: boolean): Promise<void> {
    const lines = [];
    for (const [index, request] of requests.entries()) {
      const response = await fetch(`${server.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
      });
      const body = (await response.json()) as { choices: unknown[] };
      if (oneChoice) body.choices = body.choices.slice(0, 1);
      lines.push({
        id: `batch_req_${index}`,
        custom_id: request.custom_id,
        response: { status_code: response.status, request_id: `request-${index}`, body },
        error: null,
      });
    }
    writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
  }

  /** Rounds until a run has nothing pending: the answer files, each round's requests and the last run. */
  async function roundTrip(dir: string, oneChoice: boolean) {
    mkdirSync(dir);
    const answers: string[] = [];
    const rounds: BatchInputLine[][] = [];
    for (let round = 1; round <= MAX_ROUNDS; round += 1) {
      const requestsFile = join(dir, `round${round}.jsonl`);
      const batchIn = answers.flatMap((file) => ['--batch-in', file]);
      const run = await runBench(corpus, [...batchIn, '--batch-out', requestsFile, '--json', join(dir, 'result.json')]);
      expect(run.code, run.stderr).toBe(0);
      if (run.stdout.includes('nothing pending')) {
        // Every request already answered: the same ids found their answers, and no request file is written.
        expect(existsSync(requestsFile)).toBe(false);
        const result = JSON.parse(readFileSync(join(dir, 'result.json'), 'utf8')) as BenchResult;
        return { answers, rounds, run, result };
      }
      expect(run.stdout).toMatch(/\d+ requests? pending, written to/);
      const requests = readJsonl<BatchInputLine>(requestsFile);
      expect(requests.length).toBeGreaterThan(0);
      rounds.push(requests);
      answers.push(join(dir, `answers${round}.jsonl`));
      await answer(requests, answers.at(-1)!, oneChoice);
    }
    throw new Error(`still pending after ${MAX_ROUNDS} rounds`);
  }

  it('collects each round’s requests, then prints the tables once every request is answered', async () => {
    const dir = join(root, 'rounds');
    const { answers, rounds, run, result } = await roundTrip(dir, false);

    const [first = [], ...later] = rounds;
    for (const line of first) {
      expect(line.custom_id).toMatch(/^req-[0-9a-f]{64}$/);
      expect(line.method).toBe('POST');
      expect(line.url).toBe('/v1/chat/completions');
      expect(line.body.model).toBe('batch-model');
      expect(line.body.messages.length).toBeGreaterThan(0);
      expect(Object.keys(line.body)).not.toContain('stream');
    }
    expect(new Set(first.map((line) => line.custom_id)).size).toBe(first.length);
    // Round 1: every pair's plain, brief and draft requests (the revision arm's drafts are the choice arm's).
    expect(first).toHaveLength(6);
    expect(first.filter((line) => line.body.n === 2)).toHaveLength(2);
    // The revisions come once their drafts are answered, in one more round: the draft sent back as an
    // assistant message.
    const revisions = revisionsAsked(result);
    expect(later.flat()).toHaveLength(revisions);
    expect(rounds).toHaveLength(revisions > 0 ? 2 : 1);
    for (const line of later.flat()) expect(line.body.messages.map((m) => m.role)).toContain('assistant');

    expect(run.stdout).toContain('brief + choice + revision');
    expect(run.stdout).toContain(`answered from the batch files ${answers.join(', ')}`);
    expect(run.stdout).toContain('the model the answers name: batch-model');
    expect(result.pairs).toHaveLength(2);
    expect(result.failed).toEqual([]);
    // Each draft of the choice arm judged: the two pairs fall in exactly one of the three kinds.
    const agreement = /all to the target in (\d+) pairs, none in (\d+), split in (\d+)/.exec(run.stdout);
    expect(agreement, run.stdout).not.toBeNull();
    expect(agreement!.slice(1).reduce((sum, count) => sum + Number(count), 0)).toBe(2);
    for (const pair of result.pairs) expect(pair.arms.choice.draftAuthors).toHaveLength(2);

    // The scripted server asked live gives the same numbers as its answers read from batch files.
    const live = await runBench(corpus, ['--scripted', '--model', 'batch-model', '--json', join(dir, 'live.json')]);
    expect(live.code, live.stderr).toBe(0);
    const liveResult = JSON.parse(readFileSync(join(dir, 'live.json'), 'utf8')) as BenchResult;
    expect(liveResult.summaries).toEqual(result.summaries);
  });

  it('asks for the missing drafts one choice at a time where fewer than n came back, all in one round', async () => {
    const { rounds, run, result } = await roundTrip(join(root, 'one-choice'), true);
    // Drafts, then the extra drafts (one per pair, at a varied temperature), then any revisions.
    const revisions = revisionsAsked(result);
    expect(rounds).toHaveLength(revisions > 0 ? 3 : 2);
    const extra = rounds[1] ?? [];
    expect(extra).toHaveLength(2);
    for (const line of extra) {
      expect(line.body.n).toBeUndefined();
      expect(line.body.temperature).not.toBe(0.7);
      expect(line.body.messages.map((m) => m.role)).not.toContain('assistant');
    }
    expect(rounds[2] ?? []).toHaveLength(revisions);
    expect(run.stdout).toContain('brief + choice + revision');
    expect(result.failed).toEqual([]);
  });

  it('stops on a malformed answer line, naming the file and line', async () => {
    const file = join(root, 'malformed.jsonl');
    const good = {
      id: 'b1',
      custom_id: 'req-x',
      response: { status_code: 500, request_id: 'r', body: {} },
      error: null,
    };
    writeFileSync(file, `${JSON.stringify(good)}\n{"custom_id": "req-y", "response": \n`);
    const run = await runBench(corpus, ['--batch-in', file, '--batch-out', join(root, 'never.jsonl')]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`${file} line 2`);
    expect(existsSync(join(root, 'never.jsonl'))).toBe(false);
  });
});
