import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OutputFile, writeFileAtomic } from '../src/output-file.js';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'styler-output-file-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('writes the whole file under its name and leaves no partial file', async () => {
    const dir = scratch();
    await writeFileAtomic(join(dir, 'rows.csv'), 'a,b\n1,2\n');
    expect(readFileSync(join(dir, 'rows.csv'), 'utf8')).toBe('a,b\n1,2\n');
    expect(readdirSync(dir)).toEqual(['rows.csv']);
  });

  it('removes its partial file when the rename fails, and says why', async () => {
    const dir = scratch();
    // A directory that holds a file under the name: the partial file is written, the rename cannot be.
    const target = join(dir, 'taken');
    mkdirSync(join(target, 'inner'), { recursive: true });
    await expect(writeFileAtomic(target, 'data')).rejects.toThrow();
    expect(existsSync(`${target}.partial`)).toBe(false);
    expect(readdirSync(dir)).toEqual(['taken']);
  });
});

describe('OutputFile', () => {
  it('shows the file under its name only once closed, with the partial name before', async () => {
    const dir = scratch();
    const path = join(dir, 'out.txt');
    const file = await OutputFile.create(path);
    await file.write('x'.repeat(70_000));
    expect(readdirSync(dir)).toEqual(['out.txt.partial']);
    await file.close();
    expect(readdirSync(dir)).toEqual(['out.txt']);
    expect(readFileSync(path, 'utf8')).toHaveLength(70_000);
  });
});
