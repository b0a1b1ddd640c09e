/** startService in-process: first-start key, known key, leftover cleanup, migrations, graceful close. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { loadProviderConfig } from '@styler-dev/engine/providers';
import { loadServiceConfig, startService } from '../../src/http/index.js';
import { main as keysMain } from '../../src/cli/commands/keys.js';
import { listeningUrls } from '../../src/http/listen-urls.js';

function capture(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

async function start(dataDir: string, env: Record<string, string> = {}) {
  const out = capture();
  const config = loadServiceConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    STYLER_DATA_DIR: dataDir,
    STYLER_POOL_THREADS: '1',
    ...env,
  });
  const service = await startService({
    config,
    providerConfig: loadProviderConfig({}),
    stdout: out.stream,
    logger: false,
  });
  return { service, output: out.text };
}

describe('startService', () => {
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'styler-server-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('prints the addresses it really listens on', async () => {
    const { service, output } = await start(tempDir(), { HOST: '0.0.0.0' });
    try {
      const banner = /listening on (.*) \(every interface; /.exec(output())?.[1] ?? '';
      const urls = banner.split(', ');
      expect(urls[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
      expect(urls).toEqual(listeningUrls('0.0.0.0', Number(new URL(urls[0]!).port), '/v1', networkInterfaces()));
      for (const url of urls) expect((await fetch(`${url}/health`)).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('prints the web console’s URL beside the API’s, and the console answers there', async () => {
    const { service, output } = await start(tempDir());
    try {
      const api = /listening on (http:\/\/127\.0\.0\.1:\d+)\/v1 /.exec(output())?.[1];
      expect(api).toBeDefined();
      const consoleUrl = /\nWeb console at (\S+) /.exec(output())?.[1];
      expect(consoleUrl).toBe(`${api}/`);
      const page = await fetch(consoleUrl!);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Styler console</title>');
    } finally {
      await service.close();
    }
  });

  it('creates and prints a key on the first start only', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    const key = /\n {2}(sk-styler-\S+)\n/.exec(first.output())?.[1];
    expect(key).toMatch(/^sk-styler-[A-Za-z0-9_-]{43}$/);
    expect(first.output()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/v1/);
    const ok = await fetch(`${first.service.url}/files`, { headers: { authorization: `Bearer ${key}` } });
    expect(ok.status).toBe(200);
    await first.service.close();

    const second = await start(dataDir);
    expect(second.output()).not.toContain('sk-styler-');
    expect((await fetch(`${second.service.url}/files`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(
      200,
    );
    await second.service.close();
    expect(existsSync(join(dataDir, 'styler.db'))).toBe(true);
  });

  it('registers STYLER_API_KEY instead of creating a random key', async () => {
    const dataDir = tempDir();
    const { service, output } = await start(dataDir, { STYLER_API_KEY: 'dev-key-for-tests' });
    expect(output()).not.toContain('shown only this once');
    const response = await fetch(`${service.url}/files`, { headers: { authorization: 'Bearer dev-key-for-tests' } });
    expect(response.status).toBe(200);
    await service.close();
  });

  it('removes blobs a crash left behind, keeping those of stored files', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir, { STYLER_API_KEY: 'dev-key-for-tests' });
    const form = new FormData();
    form.set('file', new Blob(['A few plain words of prose to keep here.']), 'a.txt');
    const upload = await fetch(`${first.service.url}/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: 'Bearer dev-key-for-tests' },
    });
    const { id } = (await upload.json()) as { id: string };
    await first.service.close();
    writeFileSync(join(dataDir, 'files', 'file-orphan.upload'), 'x');
    writeFileSync(join(dataDir, 'files', `${id}.text.tmp-123`), 'half');

    const second = await start(dataDir, { STYLER_API_KEY: 'dev-key-for-tests' });
    expect(existsSync(join(dataDir, 'files', 'file-orphan.upload'))).toBe(false);
    expect(existsSync(join(dataDir, 'files', `${id}.text.tmp-123`))).toBe(false);
    const content = await fetch(`${second.service.url}/files/${id}/content`, {
      headers: { authorization: 'Bearer dev-key-for-tests' },
    });
    expect(await content.text()).toBe('A few plain words of prose to keep here.');
    await second.service.close();
  });

  it('closes with a keep-alive connection open, then refuses connections', async () => {
    const dataDir = tempDir();
    const { service } = await start(dataDir, { STYLER_API_KEY: 'dev-key-for-tests' });
    expect((await fetch(`${service.url}/health`)).status).toBe(200);
    await service.close();
    await service.close();
    await expect(fetch(`${service.url}/health`)).rejects.toThrow();
  });
});

describe('styler keys', () => {
  it('creates, lists and revokes keys in the data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'styler-keys-'));
    try {
      const io = () => ({ stdin: new PassThrough(), stdout: capture(), stderr: capture() });
      const run = async (...argv: string[]) => {
        const streams = io();
        const code = await keysMain([...argv, '--data-dir', dataDir], {
          stdin: streams.stdin,
          stdout: streams.stdout.stream,
          stderr: streams.stderr.stream,
        });
        return { code, out: streams.stdout.text() };
      };
      expect((await run('list')).out).toContain('No keys yet');
      const created = await run('create', '--org', 'acme', '--project', 'blog');
      expect(created.code).toBe(0);
      const key = /\n {2}(sk-styler-\S+)\n/.exec(created.out)?.[1];
      const id = /Created key (key-\S+)/.exec(created.out)?.[1];
      expect(key).toBeDefined();
      const listed = await run('list');
      expect(listed.out).toMatch(new RegExp(`${id}\\s+acme\\s+blog\\s+sk-styler-\\S{4}\\.\\.\\.\\s+\\S+\\s+active`));
      expect(listed.out).not.toContain(key!.slice(20));
      expect((await run('revoke', id!)).code).toBe(0);
      expect((await run('list')).out).toMatch(/revoked/);
      await expect(run('revoke', id!)).rejects.toThrow(/no active key/);
      await expect(run('create', '--org', 'acme')).rejects.toThrow(/usage/);
      await expect(run('rotate')).rejects.toThrow(/usage/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
