/**
 * Every command's --help: the service's own commands list every flag their parsers accept, and the
 * research commands print the help of @styler-dev/research (their flags: packages/research/test).
 */
import { describe, expect, it } from 'vitest';
import type { ArgSpec } from '@styler-dev/cli-kit';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { ANALYZE_ARGS } from '../../../src/cli/commands/analyze.js';
import { FIT_ARGS } from '../../../src/cli/commands/fit.js';
import { KEYS_ARGS } from '../../../src/cli/commands/keys.js';
import { QUALITY_ARGS } from '../../../src/cli/commands/quality.js';
import { DESCRIBE_ARGS } from '../../../src/cli/commands/describe.js';
import { RESTYLE_ARGS } from '../../../src/cli/commands/restyle.js';
import { SERVE_ARGS } from '../../../src/cli/commands/serve.js';
import { main } from '../../../src/cli/main.js';

async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const memory = io();
  const code = await main(argv, memory.io);
  return { code, out: memory.out(), err: memory.err() };
}

describe('--help of every command', () => {
  // Every flag each command's parser accepts (the research commands': packages/research/test/commands.test.ts).
  const flags: Record<string, ArgSpec> = {
    quality: QUALITY_ARGS,
    analyze: ANALYZE_ARGS,
    fit: FIT_ARGS,
    restyle: RESTYLE_ARGS,
    serve: SERVE_ARGS,
    keys: KEYS_ARGS,
    rouge: { boolean: ['jsonl'] },
    classify: { boolean: ['jsonl'] },
    describe: DESCRIBE_ARGS,
  };

  it.each(Object.keys(flags))('styler %s --help lists every flag', async (command) => {
    const result = await run([command, '--help']);
    expect(result.code).toBe(0);
    const { boolean = [], multi = [], single = [] } = flags[command]!;
    for (const flag of [...boolean, ...multi, ...single]) {
      expect(result.out, `--${flag}`).toMatch(new RegExp(`--${flag}\\b`));
    }
  });

  it.each(['corpus', 'oppose', 'imposters', 'verify', 'rolling', 'benchmark'])(
    'styler %s --help prints the help of @styler-dev/research',
    async (command) => {
      const result = await run([command, '--help']);
      expect(result.code, result.err).toBe(0);
      expect(result.out).toMatch(new RegExp(`^usage: styler ${command} `));
    },
  );
});
