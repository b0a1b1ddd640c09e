import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireServingLock, openSqliteStore } from '../../../src/store/index.js';

const IN_USE = /in use by another running Styler service/;
const BUILT_LOCK = fileURLToPath(new URL('../../../dist/store/sqlite/serving-lock.js', import.meta.url));

describe('the serving lock', () => {
  const dirs: string[] = [];
  const dataDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'styler-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('lets one store serve from a data directory at a time, and the next once the first closed', async () => {
    const dir = dataDir();
    const first = openSqliteStore(dir);
    const second = openSqliteStore(dir);
    await first.prepareForServing();
    await expect(second.prepareForServing()).rejects.toThrow(IN_USE);
    // Short commands (styler keys) open the same store without serving: they are not refused.
    expect(await second.tenancy.countKeys()).toBe(0);
    await first.close();
    await second.prepareForServing();
    await second.close();
  });

  it('is free again the moment its holder is killed with SIGKILL', async () => {
    const dir = dataDir();
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { acquireServingLock } from ${JSON.stringify(BUILT_LOCK)};
         globalThis.lock = acquireServingLock(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (data: Buffer) => data.toString().includes('locked') && resolve());
      holder.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
    });
    expect(() => acquireServingLock(dir)).toThrow(IN_USE);
    const exited = new Promise((resolve) => holder.once('exit', resolve));
    holder.kill('SIGKILL');
    await exited;
    acquireServingLock(dir).release();
  });
});
