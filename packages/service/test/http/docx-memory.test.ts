/**
 * A small .docx whose word/document.xml inflates to about 50 MiB is answered without taking the
 * server's memory: the extraction runs in a worker thread with a bounded heap, so resident memory
 * rises by at most 512 MiB while it runs and comes back within 256 MiB of where it started; several
 * at once do not stop the service answering others. Measured on the real server, a child process.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childApi, startChildService, type ChildService } from './support/child-service.js';
import { buildZip, docxEntries } from './support/zip.js';

const MIB = 1024 * 1024;
const KEY = 'sk-docx-memory-test';

/** A .docx of plain paragraphs whose word/document.xml is about `mib` MiB. */
function inflatingDocx(mib: number): Buffer {
  const paragraph = 'The quick brown fox jumps over the lazy dog while the cat sleeps on the mat.';
  const perParagraph = paragraph.length + 60;
  const paragraphs = Array.from({ length: Math.ceil((mib * MIB) / perParagraph) }, () => ({ text: paragraph }));
  return buildZip(docxEntries(paragraphs));
}

/** The resident memory of process `pid`, in bytes (Linux). */
function residentBytes(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? Number.NaN) * 1024;
}

async function upload(child: ChildService, bytes: Buffer): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), 'huge.docx');
  const response = await childApi(child, '/files', { method: 'POST', body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.runIf(process.platform === 'linux')('a .docx that inflates to 50 MiB', () => {
  let child: ChildService;
  let dataDir: string;
  const bomb = inflatingDocx(50);
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'styler-docx-memory-'));
    child = await startChildService(KEY, { STYLER_DATA_DIR: dataDir });
  }, 60_000);
  afterAll(async () => {
    child?.process.kill('SIGTERM');
    await child?.exit;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is small on the wire', () => {
    expect(bomb.length).toBeLessThan(512 * 1024);
  });

  /** Uploads `bytes` while sampling the server's resident memory: the answer and the rise at its peak. */
  async function measuredUpload(
    bytes: Buffer,
  ): Promise<{ answer: Awaited<ReturnType<typeof upload>>; riseBytes: number }> {
    const pid = child.process.pid!;
    const before = residentBytes(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 20);
    const answer = await upload(child, bytes).finally(() => clearInterval(sampler));
    return { answer, riseBytes: Math.max(peak, residentBytes(pid)) - before };
  }

  /** Waits, however long it takes (bounded), for resident memory to come within `marginBytes` of `level`. */
  async function settles(level: number, marginBytes: number): Promise<number> {
    let now = residentBytes(child.process.pid!);
    for (let tries = 0; now - level > marginBytes && tries < 1200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = residentBytes(child.process.pid!);
    }
    return now - level;
  }

  it('is refused with docx_too_large before any XML is parsed', async () => {
    // Warm the upload path with a small document first, so the baseline holds the route's code.
    expect((await upload(child, inflatingDocx(0.01))).status).toBe(200);
    const start = residentBytes(child.process.pid!);
    const { answer, riseBytes } = await measuredUpload(bomb);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'docx_too_large' });
    expect(String(answer.body.error)).toMatch(/bytes of XML/);
    expect(riseBytes).toBeLessThanOrEqual(512 * MIB);
    expect(await settles(start, 256 * MIB)).toBeLessThanOrEqual(256 * MIB);
  }, 120_000);

  it('reads the largest document allowed within 512 MiB, and gives the memory back', async () => {
    const start = residentBytes(child.process.pid!);
    const { answer, riseBytes } = await measuredUpload(inflatingDocx(5.5));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ object: 'file', filename: 'huge.docx' });
    expect(riseBytes).toBeLessThanOrEqual(512 * MIB);
    // The worker's heap goes back to the system once the thread ends.
    expect(await settles(start, 256 * MIB)).toBeLessThanOrEqual(256 * MIB);
  }, 300_000);

  it('keeps answering others while four arrive at once', async () => {
    const large = inflatingDocx(5.5);
    const start = residentBytes(child.process.pid!);
    let peak = start;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(child.process.pid!))), 20);
    const uploads = Promise.all([1, 2, 3, 4].map(() => upload(child, large)));
    const health = await childApi(child, '/health');
    expect(health.status).toBe(200);
    const answers = await uploads.finally(() => clearInterval(sampler));
    for (const answer of answers) expect(answer.status).toBe(200);
    // One organization runs one extraction at a time: four cost no more than one.
    expect(peak - start).toBeLessThanOrEqual(512 * MIB);
  }, 600_000);
});
