/** Hard-wrapped texts told from texts with a line per paragraph, and the corpus report's warning. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { looksHardWrapped } from '../../../src/cli/stylometry/hard-wrap.js';
import { darwin, fixture } from '../../../../service/test/http/support/fixtures.js';
import { memoryIo as io } from '../../../../../test-support/memory-io.js';
import { RESEARCH_COMMANDS } from '../../../src/commands.js';
import { textHost } from '../../support/text-host.js';

/** The text's paragraphs broken into lines of at most `width` characters, as Project Gutenberg does. */
function wrap(text: string, width = 70): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const lines: string[] = [];
      let line = '';
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        if (line !== '' && line.length + 1 + word.length > width) {
          lines.push(line);
          line = word;
        } else line = line === '' ? word : `${line} ${word}`;
      }
      if (line !== '') lines.push(line);
      return lines.join('\n');
    })
    .join('\n\n');
}

describe('looksHardWrapped', () => {
  it('tells wrapped text from a line per paragraph, and leaves short texts and verse alone', () => {
    for (const n of [1, 2, 3]) {
      expect(looksHardWrapped(darwin(n))).toBe(false);
      expect(looksHardWrapped(wrap(darwin(n)))).toBe(true);
    }
    expect(looksHardWrapped(wrap('A short note with a few words in it.', 10))).toBe(false);
    const verse = ['The sea', 'is calm tonight, and the tide is full', 'the moon lies fair', 'upon the straits'];
    expect(looksHardWrapped([...verse, ...verse, ...verse].join('\n'))).toBe(false);
    expect(looksHardWrapped('')).toBe(false);
  });
});

describe('styler corpus --profiles', () => {
  it('warns above the profile table, and on stderr, when an author’s texts are hard-wrapped', async () => {
    const root = mkdtempSync(join(tmpdir(), 'styler-wrap-'));
    onTestFinished(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, 'darwin'));
    mkdirSync(join(root, 'assistant'));
    const ai = fixture('ai-input-01.txt')
      .split(/\n\s*\n/)
      .filter((p) => p.split(/\s+/).length > 40);
    for (let i = 1; i <= 3; i += 1) {
      writeFileSync(join(root, 'darwin', `0${i}.txt`), wrap(darwin(i)));
      writeFileSync(join(root, 'assistant', `0${i}.txt`), ai[i - 1]!);
    }
    const out = join(root, 'out');
    const run = io();
    const code = await RESEARCH_COMMANDS.corpus!.run(
      [join(root, 'darwin'), join(root, 'assistant'), '--out', out, '--profiles', '--threads', '1'],
      run.io,
      textHost,
    );
    const err = run.err();
    expect(code, err).toBe(0);
    expect(err).toContain('darwin: 3 of 3 texts look hard-wrapped');
    expect(err).not.toContain('assistant:');
    const report = readFileSync(join(out, 'report.html'), 'utf8');
    expect(report).toMatch(/<p class="warning"><strong>Line-broken texts:<\/strong>[^<]*darwin \(3 of 3\)/);
  }, 60_000);
});
