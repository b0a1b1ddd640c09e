import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedInstall, type PackedInstall } from '../../../test-support/packed-install.js';

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('@styler-dev/styler (service and CLI) as a user installs it (npm pack, then npm ci of the tarballs)', () => {
  let install: PackedInstall;
  beforeAll(async () => {
    install = await packedInstall(['@styler-dev/styler']);
  }, 240_000);
  afterAll(() => rmSync(install.dir, { recursive: true, force: true }));

  it('starts `styler serve` from the installed bin and answers /health', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'styler-packed-data-'));
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [join(install.dir, 'node_modules/@styler-dev/styler/bin/styler.js'), 'serve'],
      {
        cwd: install.dir,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          STYLER_DATA_DIR: dataDir,
          STYLER_POOL_THREADS: '1',
        },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      let health: Response | undefined;
      for (let attempt = 0; attempt < 300 && health === undefined; attempt += 1) {
        if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}: ${output}`);
        health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
        if (health === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(health?.status).toBe(200);
      expect(await health?.json()).toEqual({ status: 'ok', role: 'all' });
      // The package ships the built web console.
      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Styler console</title>');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('carries no research code: `styler corpus` says how to install @styler-dev/research', async () => {
    expect(existsSync(join(install.dir, 'node_modules/@styler-dev/research'))).toBe(false);
    // Nor the report figures' packages, which only the research commands use.
    for (const name of ['vega', 'vega-lite', '@resvg/resvg-wasm', '@fontsource/dejavu-sans']) {
      expect(existsSync(join(install.dir, 'node_modules', name)), name).toBe(false);
    }
    const out = mkdtempSync(join(tmpdir(), 'styler-packed-report-'));
    try {
      const child = spawn(
        process.execPath,
        [join(install.dir, 'node_modules/@styler-dev/styler/bin/styler.js'), 'corpus', install.dir, '--out', out],
        { cwd: install.dir },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(2);
      expect(stderr).toBe(
        'styler corpus: the research commands come from @styler-dev/research, which is not installed: in a clone of Styler, npm pack -w packages/research, then npm install ./styler-dev-research-*.tgz\n',
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('re-exports the library and the engine', async () => {
    const output = await install.node(`
      import { analyzeText, fitStyle, createStylePool, buildApp } from '@styler-dev/styler';
      console.log([analyzeText, fitStyle, createStylePool, buildApp].map((f) => typeof f).join(' '));
    `);
    expect(output.trim()).toBe('function function function function');
  });
});
