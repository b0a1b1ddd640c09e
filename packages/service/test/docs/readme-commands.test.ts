/**
 * Every shell block of README.md and docs/*.md runs as printed from a clone, exit code 0, unless the
 * block is marked `<!-- readme-test: skip (reason) -->` just before its fence (a server, an LLM, the
 * network, npm install, a long run). Blocks run with bash from the root of a stand-in clone: a
 * temporary folder whose entries link to the repository's, so outputs land there, and with no
 * development corpora beside it and no STYLER_* variables, as on a fresh clone.
 * Needs the built dist/ (`npm test` builds before vitest).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellBlocks } from '../../../../test-support/markdown-commands.js';

const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));
/** Repository entries a clone would not have, or that the commands must not share with the repository. */
const NOT_LINKED = new Set(['.git', 'data', 'test-output']);
/** A safety net: a block still running after this has hung. */
const BLOCK_TIMEOUT_MS = 180_000;

const DOCUMENTS = [
  'README.md',
  ...readdirSync(join(REPOSITORY, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

interface BlockRun {
  code: number;
  stdout: string;
  stderr: string;
}

let parent: string;
let clone: string;

beforeAll(() => {
  parent = mkdtempSync(join(tmpdir(), 'styler-readme-'));
  clone = join(parent, 'styler');
  mkdirSync(clone);
  for (const entry of readdirSync(REPOSITORY)) {
    if (!NOT_LINKED.has(entry)) symlinkSync(join(REPOSITORY, entry), join(clone, entry));
  }
});

afterAll(() => {
  rmSync(parent, { recursive: true, force: true });
});

/** The environment of a fresh clone: no STYLER_* settings, no database; the service's data in the clone. */
function cloneEnvironment(): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) => !name.startsWith('STYLER_') && name !== 'DATABASE_URL',
  );
  return { ...Object.fromEntries(inherited), STYLER_DATA_DIR: join(clone, 'data') };
}

/**
 * Runs `code` with bash in the clone, in a process group of its own: on the timeout, and after it
 * ends, the whole group is killed, so a command a block left behind (a server) does not outlive it.
 */
function runBlock(code: string): Promise<BlockRun> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', code], {
      cwd: clone,
      env: cloneEnvironment(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group has already ended.
      }
    };
    const timer = setTimeout(killGroup, BLOCK_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      killGroup();
      resolve({
        code: code ?? (signal === null ? 1 : 128),
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      });
    });
  });
}

for (const document of DOCUMENTS) {
  const blocks = shellBlocks(readFileSync(join(REPOSITORY, document), 'utf8'));
  describe.runIf(blocks.length > 0)(document, () => {
    for (const block of blocks) {
      const name = `the block at line ${block.line} runs${block.skip === undefined ? '' : ` (skipped: ${block.skip})`}`;
      it.skipIf(block.skip !== undefined)(
        name,
        async () => {
          const run = await runBlock(block.code);
          expect(run.code, `${document}:${block.line} failed:\n${block.code}\n--- stderr ---\n${run.stderr}`).toBe(0);
          // A clone has no development corpora beside it: the README's benchmark runs on the samples.
          if (block.code.includes('bench/stylometry/benchmark-corpora.sh'))
            expect(run.stderr).toContain('corpora: samples/corpus, AI inputs: samples/corpus/../ai-inputs');
        },
        BLOCK_TIMEOUT_MS + 10_000,
      );
    }
  });
}

describe('README.md', () => {
  it('runs its command-line and research examples rather than skipping them', () => {
    const running = shellBlocks(readFileSync(join(REPOSITORY, 'README.md'), 'utf8')).filter(
      (block) => block.skip === undefined,
    );
    const commands = running.map((block) => block.code).join('\n');
    for (const command of ['npx styler fit', 'npx styler restyle', 'npx styler corpus', 'npx styler benchmark'])
      expect(commands).toContain(command);
    expect(commands).toContain('bash bench/stylometry/benchmark-corpora.sh');
  });
});
