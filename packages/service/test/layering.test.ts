import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  findCycle,
  importGraph,
  missingPrefixes,
  upwardImports,
  type Layers,
} from '../../../test-support/import-graph.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * The service's layers, lowest first: the store; the error registry and text comparison; uploads,
 * the style-model cache and the job runners; HTTP's shared pieces (schemas, limits, the OpenAI wire
 * shapes); the transform and chat pipelines; the routes and the app that assembles them; then the
 * command line and the package's entry, which are every module no prefix names.
 */
const LAYERS: Layers = [
  ['store/'],
  ['errors.ts', 'compare/'],
  ['uploads/', 'style-models/', 'jobs/'],
  ['http/'],
  ['http/transform/', 'http/chat/', 'http/llm-pipeline.ts'],
  ['http/routes/', 'http/route-context.ts', 'http/app.ts', 'http/server.ts', 'http/index.ts'],
];

describe('the service flows one way', () => {
  const graph = importGraph(SRC);

  it('names only folders and modules that exist', () => {
    expect(missingPrefixes(SRC, LAYERS)).toEqual([]);
  });

  it('never imports from a higher layer', () => {
    expect(upwardImports(graph, LAYERS)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(findCycle(graph)).toBeUndefined();
  });
});
