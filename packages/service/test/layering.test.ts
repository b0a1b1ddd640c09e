import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  crossImports,
  findCycle,
  importGraph,
  outsideImports,
  upwardImports,
  type Layers,
} from '../../../test-support/import-graph.js';
import { describeLayering } from '../../../test-support/layering-suite.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * The service's layers, lowest first. The store: shared helpers every table uses; the tables; the
 * store contract they compose; each database's assembly; the store's public face. Above it: the
 * error registry (and its ServiceError, the .docx limits), the service's settings, log redaction and
 * text comparison; uploads, the style-model cache, the job worker and the LLM pipeline; HTTP's shared
 * pieces (schemas, limits, the OpenAI wire shapes, the pipeline's report); the transform and chat sequences; the
 * routes and the app that assembles them; then the command line and the package's entry, which are
 * every module no prefix names.
 */
const LAYERS: Layers = [
  ['store/shared/'],
  ['store/files/', 'store/jobs/', 'store/models/', 'store/tenancy/'],
  ['store/contract.ts'],
  ['store/sqlite/', 'store/postgres/', 'store/read-cache/'],
  ['store/index.ts', 'store/open-store.ts'],
  ['errors.ts', 'service-error.ts', 'docx-limits.ts', 'config.ts', 'log-redaction.ts', 'initial-key.ts', 'compare/'],
  ['uploads/', 'style-models/', 'jobs/', 'llm-pipeline.ts'],
  ['http/'],
  ['http/transform/', 'http/chat/'],
  ['http/routes/', 'http/route-context.ts', 'http/app.ts', 'http/server.ts', 'http/index.ts'],
];
/** Each database's assembly stands on the tables alone, never on the other database's. */
const ASSEMBLIES = ['store/sqlite/', 'store/postgres/'];

/**
 * What the layers above the store (http/, cli/) may take from store/index.ts: the store contract, its
 * records, the openers and the error tests; never a table's repository, a database's assembly or its
 * internals (SqliteDataDirectory, BlobStore, JobsRepository, PostgresStylerStore, migrations…), so
 * that they use any store through the contract alone. jobs/ is not held to it: the pg-boss queue is
 * the PostgreSQL store's own message queue.
 */
const STORE_FACE = new Set([
  'ApiKeyInfo',
  'FileKind',
  'FileRecord',
  'JobError',
  'JobErrorCode',
  'JobRecord',
  'JobStart',
  'ModelRecord',
  'NewJob',
  'NewModel',
  'OpenedStore',
  'Page',
  'PageQuery',
  'Principal',
  'ReadCacheStatus',
  'StylerStore',
  'isDatabaseUnavailable',
  'isStorageFull',
  'nowSeconds',
  'openStore',
  'randomId',
  'withReadCache',
]);

/** The names `source` imports from a module whose path ends in store/index.js (type-only imports included). */
function storeNames(source: string): string[] {
  const named = /\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"](?:\.{1,2}\/)+store\/index\.js['"]/g;
  return [...source.matchAll(named)].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) =>
        name
          .trim()
          .replace(/^type\s+/, '')
          .replace(/\s+as\s+\w+$/, ''),
      )
      .filter((name) => name !== ''),
  );
}

/** `file → name` for each name a module of `folders` takes from the store outside STORE_FACE. */
function storeInternalsUsed(root: string, folders: readonly string[]): string[] {
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(sep).join(posix.sep))
    .filter((file) => file.endsWith('.ts') && folders.some((folder) => file.startsWith(folder)));
  return files.flatMap((file) =>
    storeNames(readFileSync(join(root, file), 'utf8'))
      .filter((name) => !STORE_FACE.has(name))
      .map((name) => `${file} → ${name}`),
  );
}

describeLayering('the service', SRC, LAYERS);

describe('the service’s layering', () => {
  it('keeps the two databases apart: each assembly stands on the tables alone', () => {
    expect(crossImports(importGraph(SRC), ASSEMBLIES)).toEqual([]);
  });

  it('has http/ and cli/ use the store through its contract, never its tables or databases', () => {
    expect(storeInternalsUsed(SRC, ['http/', 'cli/'])).toEqual([]);
  });

  it('names a store internal imported above the store (the check can fail)', () => {
    const source = `import { openStore, type JobsRepository as Jobs } from '../../store/index.js';
import type {
  StylerStore,
  SqliteDataDirectory,
} from '../store/index.js';
import { JobsRepository } from '../store/jobs/index.js';`;
    expect(storeNames(source)).toEqual(['openStore', 'JobsRepository', 'StylerStore', 'SqliteDataDirectory']);
    expect(storeNames(source).filter((name) => !STORE_FACE.has(name))).toEqual([
      'JobsRepository',
      'SqliteDataDirectory',
    ]);
  });

  it('reports an upward import, one between the databases and a cycle (the checks can fail)', () => {
    const broken = new Map([
      ['store/shared/ids.ts', ['store/jobs/index.ts']],
      ['store/jobs/index.ts', ['store/jobs/sqlite.ts']],
      ['store/jobs/sqlite.ts', ['store/sqlite/data-directory.ts', 'store/shared/ids.ts']],
      ['store/sqlite/data-directory.ts', ['store/postgres/postgres-store.ts']],
      ['store/postgres/postgres-store.ts', ['../../engine/src/index.ts']],
    ]);
    expect(upwardImports(broken, LAYERS)).toEqual([
      'store/shared/ids.ts → store/jobs/index.ts',
      'store/jobs/sqlite.ts → store/sqlite/data-directory.ts',
    ]);
    expect(crossImports(broken, ASSEMBLIES)).toEqual([
      'store/sqlite/data-directory.ts → store/postgres/postgres-store.ts',
    ]);
    expect(findCycle(broken)).toEqual([
      'store/shared/ids.ts',
      'store/jobs/index.ts',
      'store/jobs/sqlite.ts',
      'store/shared/ids.ts',
    ]);
    expect(outsideImports(broken)).toEqual(['store/postgres/postgres-store.ts → ../../engine/src/index.ts']);
  });
});
