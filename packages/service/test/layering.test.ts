import { dirname, join } from 'node:path';
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
 * error registry (and its ServiceError, the .docx limits), the service's settings, log redaction and text comparison; uploads, the style-model cache and the job runners; HTTP's
 * shared pieces (schemas, limits, the OpenAI wire shapes); the transform and chat pipelines; the
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
  ['uploads/', 'style-models/', 'jobs/'],
  ['http/'],
  ['http/transform/', 'http/chat/', 'http/llm-pipeline.ts'],
  ['http/routes/', 'http/route-context.ts', 'http/app.ts', 'http/server.ts', 'http/index.ts'],
];
/** Each database's assembly stands on the tables alone, never on the other database's. */
const ASSEMBLIES = ['store/sqlite/', 'store/postgres/'];

describeLayering('the service', SRC, LAYERS);

describe('the service’s layering', () => {
  it('keeps the two databases apart: each assembly stands on the tables alone', () => {
    expect(crossImports(importGraph(SRC), ASSEMBLIES)).toEqual([]);
  });

  it('reports an upward import, one between the databases and a cycle (the checks can fail)', () => {
    const broken = new Map([
      ['store/shared/ids.ts', ['store/jobs/index.ts']],
      ['store/jobs/index.ts', ['store/jobs/sqlite.ts']],
      ['store/jobs/sqlite.ts', ['store/sqlite/sqlite-store.ts', 'store/shared/ids.ts']],
      ['store/sqlite/sqlite-store.ts', ['store/postgres/postgres-store.ts']],
      ['store/postgres/postgres-store.ts', ['../../engine/src/index.ts']],
    ]);
    expect(upwardImports(broken, LAYERS)).toEqual([
      'store/shared/ids.ts → store/jobs/index.ts',
      'store/jobs/sqlite.ts → store/sqlite/sqlite-store.ts',
    ]);
    expect(crossImports(broken, ASSEMBLIES)).toEqual([
      'store/sqlite/sqlite-store.ts → store/postgres/postgres-store.ts',
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
