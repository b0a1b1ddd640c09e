/** The command table the styler CLI loads: every research command, its help listing every flag. */
import { describe, expect, it } from 'vitest';
import type { ArgSpec } from '@styler-dev/cli-kit';
import { memoryIo as io } from '../../../test-support/memory-io.js';
import { BENCHMARK_ARGS } from '../src/cli/commands/benchmark.js';
import { CORPUS_ARGS } from '../src/cli/commands/corpus.js';
import { IMPOSTERS_ARGS } from '../src/cli/commands/imposters.js';
import { OPPOSE_ARGS } from '../src/cli/commands/oppose.js';
import { ROLLING_ARGS } from '../src/cli/commands/rolling.js';
import { VERIFY_ARGS } from '../src/cli/commands/verify.js';
import { RESEARCH_COMMANDS } from '../src/index.js';
import { textHost } from './support/text-host.js';

// Every flag each command's parser accepts.
const FLAGS: Record<string, ArgSpec> = {
  corpus: CORPUS_ARGS,
  oppose: OPPOSE_ARGS,
  imposters: IMPOSTERS_ARGS,
  rolling: ROLLING_ARGS,
  verify: VERIFY_ARGS,
  benchmark: BENCHMARK_ARGS,
};

describe('RESEARCH_COMMANDS', () => {
  it('holds the six research commands', () => {
    expect(Object.keys(RESEARCH_COMMANDS).sort()).toEqual(Object.keys(FLAGS).sort());
  });

  it.each(Object.keys(FLAGS))('%s: the help lists every flag', async (name) => {
    const help = await RESEARCH_COMMANDS[name]!.help();
    const { boolean = [], multi = [], single = [] } = FLAGS[name]!;
    for (const flag of [...boolean, ...multi, ...single]) expect(help, `--${flag}`).toMatch(new RegExp(`--${flag}\\b`));
  });

  // Flags whose value has no default: the command cannot run without them, or they only add something.
  const NO_DEFAULT = new Set(['out', 'unknown', 'list', 'test', 'wordlist', 'authors', 'candidate']);

  it.each(Object.keys(FLAGS))('%s: the help describes every flag on its own line, with its default', async (name) => {
    const lines = (await RESEARCH_COMMANDS[name]!.help()).split('\n');
    const { boolean = [], multi = [], single = [] } = FLAGS[name]!;
    for (const flag of [...boolean, ...multi, ...single]) {
      const start = lines.findIndex((line) => new RegExp(`^ {2}--${flag}\\b`).test(line));
      expect(start, `--${flag} begins a line of its own`).toBeGreaterThanOrEqual(0);
      if (boolean.includes(flag) || NO_DEFAULT.has(flag)) continue;
      // The flag's description: its line and the indented lines under it.
      let end = start + 1;
      while (end < lines.length && /^ {20,}\S/.test(lines[end]!)) end += 1;
      expect(lines.slice(start, end).join(' '), `--${flag} says its default`).toMatch(/default/);
    }
  });

  it('a usage error throws CliError with exit code 2', async () => {
    const memory = io();
    await expect(RESEARCH_COMMANDS.oppose!.run(['--window', '5'], memory.io, textHost)).rejects.toMatchObject({
      name: 'CliError',
      exitCode: 2,
    });
  });
});
