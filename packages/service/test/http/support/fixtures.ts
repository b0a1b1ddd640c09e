/** The service tests' sample texts (test/http/fixtures, see its README). */
import { readFileSync } from 'node:fs';
import { nowSeconds, type Principal, type StylerStore } from '../../../src/store/index.js';

/** The text of `test/http/fixtures/<name>`. */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}

/** Darwin letter `n` (1 to 7), about 450 to 900 words. */
export function darwin(n: number): string {
  return fixture(`darwin-${String(n).padStart(2, '0')}.txt`);
}

/**
 * An API key of organization acme and, under it, Darwin letter 1 stored as training file `fileId`:
 * what a queue test needs before it creates a job.
 */
export async function acmeWithTrainingFile(
  store: Pick<StylerStore, 'tenancy' | 'files'>,
  fileId = 'file-darwin',
): Promise<{ principal: Principal; fileId: string }> {
  const { key } = await store.tenancy.createKey({ organization: 'acme', project: 'web' });
  const principal = (await store.tenancy.authenticate(key)) as Principal;
  const text = darwin(1);
  await store.files.create(
    {
      id: fileId,
      organizationId: principal.organizationId,
      projectId: principal.projectId,
      filename: 'darwin.txt',
      purpose: 'fine-tune',
      kind: 'txt',
      bytes: Buffer.byteLength(text),
      textChars: text.length,
      documentCount: 1,
      createdAt: nowSeconds(),
    },
    Buffer.from(text),
    text,
  );
  return { principal, fileId };
}
