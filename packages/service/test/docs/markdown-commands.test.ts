/** The shell blocks the README test runs, and the skip markers it honours (test-support/markdown-commands.ts). */
import { describe, expect, it } from 'vitest';
import { shellBlocks } from '../../../../test-support/markdown-commands.js';

const MARKDOWN = [
  '# Title', // 1
  '', // 2
  '```sh', // 3
  'npx styler describe model.json', // 4
  '```', // 5
  '', // 6
  '<!-- readme-test: skip (needs a server) -->', // 7
  '', // 8
  '```bash', // 9
  'npx styler serve', // 10
  '```', // 11
  '', // 12
  '````markdown', // 13
  '```sh', // 14
  'echo inside a quoted example', // 15
  '```', // 16
  '````', // 17
  '', // 18
  '```js', // 19
  "console.log('not shell');", // 20
  '```', // 21
  '<!-- readme-test: skip (far away) -->', // 22
  'A paragraph between the marker and the block.', // 23
  '```shell', // 24
  'echo one', // 25
  'echo two', // 26
  '```', // 27
].join('\n');

describe('shellBlocks', () => {
  const blocks = shellBlocks(MARKDOWN);

  it('finds the sh, bash and shell blocks with their opening line and code', () => {
    expect(blocks.map((block) => [block.line, block.code])).toEqual([
      [3, 'npx styler describe model.json'],
      [9, 'npx styler serve'],
      [24, 'echo one\necho two'],
    ]);
  });

  it('skips a block whose last non-blank line before the fence is a skip marker, with its reason', () => {
    expect(blocks.map((block) => block.skip)).toEqual([undefined, 'needs a server', undefined]);
  });

  it('reads a block left open to the end of the file', () => {
    expect(shellBlocks('```sh\necho open')).toEqual([{ line: 1, code: 'echo open', skip: undefined }]);
  });
});
