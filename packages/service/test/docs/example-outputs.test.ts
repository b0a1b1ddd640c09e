/**
 * What the README's and docs' example commands write (`--out X`, `> X`) is ignored by git, so running
 * the examples leaves no untracked files in the repository; and the npm scripts that run tests go
 * through the Node-version wrapper, as `npm start` and `npm test` do.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { shellBlocks } from '../../../../test-support/markdown-commands.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** The relative paths the commands in `code` write to. */
export function outputTargets(code: string): string[] {
  const commands = code
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n');
  const targets = [...commands.matchAll(/(?:--out\s+|>\s*)([^\s|;&)]+)/g)].map((match) => match[1]!);
  return targets.filter((target) => !target.startsWith('/') && !target.startsWith('$') && !target.startsWith('&'));
}

describe('example outputs', () => {
  it('finds what a command writes', () => {
    expect(
      outputTargets('npx styler fit a/ --out model.json\n# not --out this\nnpx styler analyze x > features.csv'),
    ).toEqual(['model.json', 'features.csv']);
  });

  it("are all ignored by git, for the README's and docs' examples", () => {
    const files = ['README.md', 'docs/stylometry.md'];
    const targets = files.flatMap((file) =>
      shellBlocks(readFileSync(join(ROOT, file), 'utf8')).flatMap((block) => outputTargets(block.code)),
    );
    expect(targets.length).toBeGreaterThan(3);
    const notIgnored = targets.filter((target) => {
      try {
        execFileSync('git', ['check-ignore', '-q', target], { cwd: ROOT });
        return false;
      } catch {
        return true;
      }
    });
    expect(notIgnored).toEqual([]);
  });

  it('run the tests under a supported Node, npm run test:fast included', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts['test:fast']).toMatch(/^node scripts\/supported-node\.mjs /);
    expect(scripts.test).toMatch(/^node scripts\/supported-node\.mjs /);
  });
});
