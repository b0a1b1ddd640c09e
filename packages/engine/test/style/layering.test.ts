import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  findCycle,
  importGraph,
  missingPrefixes,
  upwardImports,
  type Layers,
} from '../../../../test-support/import-graph.js';

const STYLE = join(dirname(fileURLToPath(import.meta.url)), '../../src/style');

/**
 * The engine's layers, lowest first: words and the shared types; what a sentence's edits and habits
 * are; the operations and the brief that use them; the search and the draft choice that use those;
 * then the entry points (fit, restyle, the LLM paths), which are every module no prefix names.
 */
const LAYERS: Layers = [
  ['types.ts', 'style-error.ts', 'defaults.ts', 'validate.ts', 'style-card-words.ts', 'text/', 'lexicon/', 'wordnet/'],
  ['edits/', 'habits/'],
  ['ops/', 'brief/'],
  ['optimizer/', 'candidates/'],
];

describe('src/style flows one way', () => {
  const graph = importGraph(STYLE);

  it('names only folders and modules that exist', () => {
    expect(missingPrefixes(STYLE, LAYERS)).toEqual([]);
  });

  it('never imports from a higher layer', () => {
    expect(upwardImports(graph, LAYERS)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(findCycle(graph)).toBeUndefined();
  });

  it('finds a cycle and an upward import where there is one (the checks can fail)', () => {
    const looped = new Map([
      ['ops/a.ts', ['optimizer/b.ts']],
      ['optimizer/b.ts', ['ops/a.ts']],
    ]);
    expect(findCycle(looped)).toEqual(['ops/a.ts', 'optimizer/b.ts', 'ops/a.ts']);
    expect(upwardImports(looped, LAYERS)).toEqual(['ops/a.ts → optimizer/b.ts']);
    expect(missingPrefixes(STYLE, [['engine/']])).toEqual(['engine/']);
  });
});
