import { rmSync, statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, buildZip, docxEntries } from './support/zip.js';
import { jsonBody, startTestService, uploadForm, type TestService, type TestStoreKind } from './support/harness.js';
import { openApiErrors } from './support/openapi-validator.js';
import { darwin } from './support/fixtures.js';

const PROSE = darwin(1);
const MAX_FILE_BYTES = 64 * 1024;

async function upload(
  service: TestService,
  filename: string,
  content: Buffer | string,
  key?: string,
  purpose?: string | null,
) {
  const response = await service.request('/files', {
    method: 'POST',
    body: uploadForm(filename, content, purpose),
    ...(key && { key }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

// Every rule holds alike on the embedded store and on PostgreSQL.
describe.each<TestStoreKind>(['sqlite', 'postgres'])('files API (%s)', (storeKind) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({
      storeKind,
      env: { STYLER_MAX_FILE_BYTES: String(MAX_FILE_BYTES), STYLER_MAX_DOCX_EXPANDED_BYTES: String(1024 * 1024) },
    });
  });
  afterAll(async () => service.close());

  it('uploads a .txt and returns the File object', async () => {
    const { status, body } = await upload(service, 'letter.txt', PROSE);
    expect(status).toBe(200);
    expect(Object.keys(body).sort()).toEqual(['bytes', 'created_at', 'filename', 'id', 'object', 'purpose']);
    expect(body).toMatchObject({
      object: 'file',
      bytes: Buffer.byteLength(PROSE),
      filename: 'letter.txt',
      purpose: 'fine-tune',
    });
    expect(body.id).toMatch(/^file-[A-Za-z0-9]{24}$/);
    expect(body.created_at).toEqual(expect.any(Number));
    expect(openApiErrors('File', body)).toEqual([]);

    const retrieved = await service.request(`/files/${String(body.id)}`);
    expect(await retrieved.json()).toEqual(body);
    const content = await service.request(`/files/${String(body.id)}/content`);
    expect(content.headers.get('content-type')).toContain('text/plain');
    expect(await content.text()).toBe(PROSE);
  });

  it('uploads UTF-16 text, .docx with headings, and multi-document files', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(PROSE, 'utf16le')]);
    const a = await upload(service, 'wide.txt', utf16);
    expect(a.status).toBe(200);
    const aText = await (await service.request(`/files/${String(a.body.id)}/content?format=text`)).text();
    expect(aText).toBe(PROSE.replace(/\r\n?/g, '\n'));

    const docx = buildDocx([
      { text: 'Field Notes', heading: 1 },
      { text: 'We walked along the shore and counted the birds again.' },
      { text: 'Evening', heading: 2 },
      { text: 'The light failed early, so we went home.' },
    ]);
    const b = await upload(service, 'notes.DOCX', docx);
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({ filename: 'notes.DOCX', bytes: docx.length });
    const bText = await (await service.request(`/files/${String(b.body.id)}/content?format=text`)).text();
    expect(bText).toBe(
      '# Field Notes\n\nWe walked along the shore and counted the birds again.\n\n## Evening\n\nThe light failed early, so we went home.',
    );
    const original = await service.request(`/files/${String(b.body.id)}/content`);
    expect(Buffer.from(await original.arrayBuffer()).equals(docx)).toBe(true);

    const two = `${PROSE}\n***\nA second letter, written the following week, about the same voyage.\n`;
    expect((await upload(service, 'two.txt', two)).status).toBe(200);
  });

  it('sanitises the stored filename', async () => {
    const { body } = await upload(service, '../../../../secret/<evil>.txt', PROSE);
    expect(body.filename).toBe('_evil_.txt');
  });

  it('keeps emoji and every script in the stored filename, and in the download name', async () => {
    const { body } = await upload(service, 'café_名前_😀.txt', PROSE);
    expect(body.filename).toBe('café_名前_😀.txt');
    const content = await service.request(`/files/${String(body.id)}/content`);
    expect(content.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('café_名前_😀.txt')}`,
    );
  });

  it('lists files newest first with pagination', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(String((await upload(service, `p${i}.txt`, PROSE)).body.id));
    const page = (await (await service.request('/files?limit=2')).json()) as {
      object: string;
      data: { id: string }[];
      has_more: boolean;
      last_id: string;
    };
    expect(page.object).toBe('list');
    expect(openApiErrors('FileList', page)).toEqual([]);
    expect(page.data.map((f) => f.id)).toEqual([ids[2], ids[1]]);
    expect(page.has_more).toBe(true);
    const next = (await (await service.request(`/files?limit=1&after=${page.last_id}`)).json()) as {
      data: { id: string }[];
    };
    expect(next.data.map((f) => f.id)).toEqual([ids[0]]);
    expect((await service.request('/files?limit=0')).status).toBe(400);
    expect((await service.request('/files?after=file-nope')).status).toBe(400);
  });

  it('deletes a file, after which it answers File not found.', async () => {
    const { body } = await upload(service, 'gone.txt', PROSE);
    const deleted = await service.request(`/files/${String(body.id)}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    const deletion = await deleted.json();
    expect(deletion).toEqual({ id: body.id, object: 'file', deleted: true });
    expect(openApiErrors('FileDeleted', deletion)).toEqual([]);
    for (const [method, path] of [
      ['GET', ''],
      ['DELETE', ''],
      ['GET', '/content'],
    ] as const) {
      const response = await service.request(`/files/${String(body.id)}${path}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'File not found.', code: 'file_not_found' });
    }
  });

  it("hides one organization's files from another", async () => {
    const { body } = await upload(service, 'private.txt', PROSE);
    const id = String(body.id);
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/content'],
      ['DELETE', ''],
    ] as const) {
      const response = await service.request(`/files/${id}${path}`, { method, key: service.keys.globex });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'File not found.', code: 'file_not_found' });
    }
    const list = (await (await service.request('/files', { key: service.keys.globex })).json()) as { data: unknown[] };
    expect(list.data).toEqual([]);
    expect((await service.request(`/files/${id}`)).status).toBe(200);
  });

  it('requires a valid bearer key', async () => {
    for (const key of [null, 'sk-styler-wrong', '']) {
      const response = await service.request('/files', key === null ? { key: null } : { key });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'Invalid API key.', code: 'invalid_api_key' });
    }
    const basic = await fetch(`${service.baseUrl}/files`, { headers: { authorization: `Basic ${service.keys.acme}` } });
    expect(basic.status).toBe(401);
    const upload401 = await service.request('/files', { method: 'POST', body: uploadForm('a.txt', PROSE), key: null });
    expect(await upload401.json()).toEqual({ error: 'Invalid API key.', code: 'invalid_api_key' });
  });

  const bad: Array<[string, string, () => Buffer | string, number, RegExp]> = [
    ['another type', 'paper.pdf', () => PROSE, 415, /Unsupported file type/],
    ['no extension', 'README', () => PROSE, 415, /Unsupported file type/],
    [
      'a .txt holding a zip',
      'a.txt',
      () => buildDocx([{ text: 'hello there' }]),
      415,
      /does not match its \.txt extension/,
    ],
    ['a .docx holding text', 'a.docx', () => PROSE, 415, /does not match its \.docx extension/],
    [
      'a non-UTF-8 .txt',
      'latin1.txt',
      () => Buffer.from('Caf\xe9 au lait, s\xf6 good and more words here.', 'latin1'),
      415,
      /not UTF-8/,
    ],
    ['an empty file', 'empty.txt', () => '', 400, /^File is empty/],
    ['a whitespace-only file', 'blank.txt', () => '  \n\n ', 400, /^File is empty/],
    ['text with no prose', 'numbers.txt', () => '1 2 3\n4 5 6\n7 8 9', 400, /no prose/],
    ['a document with no prose', 'mixed.txt', () => `${PROSE}\n***\n42 17 99 3.5`, 400, /Document 2 of 2/],
    [
      'an empty document between two',
      'gap.txt',
      () => `${PROSE}\n***\n\n***\n${PROSE}`,
      400,
      /^Document 2 of 3 in the file is empty/,
    ],
    [
      'a corrupt .docx',
      'broken.docx',
      () => buildDocx([{ text: 'hello there world' }]).subarray(0, 200),
      400,
      /corrupt/,
    ],
    [
      'an encrypted .docx',
      'locked.docx',
      () =>
        Buffer.concat([
          Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
          Buffer.alloc(64),
          Buffer.from('EncryptedPackage', 'utf16le'),
        ]),
      400,
      /encrypted/,
    ],
    [
      'a .docx zip bomb',
      'bomb.docx',
      () =>
        buildZip([
          ...docxEntries([{ text: 'hello there friend' }]),
          { name: 'word/media/zeros.bin', data: Buffer.alloc(8 * 1024 * 1024) },
        ]),
      413,
      /expands to more than/,
    ],
    [
      'a file over the size limit',
      'big.txt',
      () => 'word '.repeat(MAX_FILE_BYTES / 5 + 10),
      413,
      /File is too large: the limit is 65536 bytes/,
    ],
  ];
  it.each(bad)('rejects %s', async (_, filename, content, status, message) => {
    const { status: actual, body } = await upload(service, filename, content());
    expect(actual).toBe(status);
    expect(Object.keys(body)).toEqual(['error', 'code']);
    expect(String(body.error)).toMatch(message);
  });

  it('rejects malformed forms', async () => {
    const noFile = new FormData();
    noFile.set('purpose', 'fine-tune');
    let response = await service.request('/files', { method: 'POST', body: noFile });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Missing form field 'file'.", code: 'invalid_input' });

    expect((await upload(service, 'a.txt', PROSE, undefined, 'assistants')).status).toBe(400);

    const twoFiles = uploadForm('a.txt', PROSE);
    twoFiles.append('file', new Blob([PROSE]), 'b.txt');
    response = await service.request('/files', { method: 'POST', body: twoFiles });
    expect(response.status).toBe(413);
    expect(Object.keys((await response.json()) as object)).toEqual(['error', 'code']);

    // Whatever else is sent (JSON, plain text, a raw octet stream), the answer says how to upload.
    const uploadHint = {
      error:
        "Unsupported Content-Type: send multipart/form-data with the file in field 'file' (and optionally 'purpose').",
      code: 'unsupported_content_type',
    };
    response = await service.request('/files', jsonBody({ file: PROSE }));
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual(uploadHint);
    for (const type of ['text/plain', 'application/octet-stream']) {
      response = await service.request('/files', { method: 'POST', headers: { 'content-type': type }, body: PROSE });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual(uploadHint);
    }
    // Not even a JSON body that is empty or malformed gets an answer about JSON.
    for (const body of ['', '{"file": ']) {
      response = await service.request('/files', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual(uploadHint);
    }
    // A form whose Content-Type lost its boundary (set by hand) cannot be parsed: a 400 saying why, not a 500.
    response = await service.request('/files', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: '--x\r\n',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'The multipart/form-data Content-Type has no boundary: let the HTTP client set the header of a form.',
      code: 'invalid_input',
    });
    // Other routes still ask for JSON.
    response = await service.request('/fine_tuning/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<x/>',
    });
    expect(await response.json()).toEqual({
      error: 'Unsupported Content-Type: send application/json.',
      code: 'unsupported_content_type',
    });
  });

  it('answers unknown routes with a 404 error body', async () => {
    const response = await service.request('/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Unknown endpoint: GET /v1/nothing-here', code: 'route_not_found' });
  });

  it('serves health and the OpenAPI document without a key', async () => {
    const health = await fetch(`${service.baseUrl.replace(/\/v1$/, '')}/health`);
    expect(health.status).toBe(200);
    // Without a key (or with a wrong one), liveness only: the load is not for everyone to see.
    expect(await health.json()).toEqual({ status: 'ok', role: 'all' });
    const wrongKey = await service.request('/health', { key: 'sk-not-a-key' });
    expect(await wrongKey.json()).toEqual({ status: 'ok', role: 'all' });
    const detailed = await service.request('/health');
    const details = (await detailed.json()) as { cache: { live_keys: number } };
    // The key of this very request was just confirmed by the database (and those of earlier tests).
    expect(details.cache.live_keys).toBeGreaterThanOrEqual(1);
    expect(details).toEqual({
      status: 'ok',
      role: 'all',
      cache: { ttl_seconds: 60, live_keys: expect.any(Number) },
      database: { kind: storeKind, reachable: true },
      pool: { threads: 2, queued_tasks: 0, running_tasks: 0 },
      jobs: { running: expect.any(Number) },
    });
    const ready = await fetch(`${service.baseUrl}/health/ready`);
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', role: 'all' }]);
    const openapi = (await (await service.request('/openapi.json', { key: null })).json()) as { openapi: string };
    expect(openapi.openapi).toBe('3.1.0');
  });
});

describe('files API on SQLite whose files/ folder is deleted while it runs', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService();
  });
  afterAll(async () => service.close());

  it('makes the folder again on the next upload, owner-only, and serves the file', async () => {
    const { directory } = service.sqlite.blobs;
    rmSync(directory, { recursive: true, force: true });
    const { status, body } = await upload(service, 'letter.txt', PROSE);
    expect(status).toBe(200);
    expect(statSync(directory).mode & 0o777).toBe(0o700);
    const content = await service.request(`/files/${String(body.id)}/content`);
    expect(await content.text()).toBe(PROSE);
  });
});
