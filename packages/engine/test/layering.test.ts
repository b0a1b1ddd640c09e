import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findCycle, missingPrefixes, upwardImports, type Layers } from '../../../test-support/import-graph.js';
import { describeLayering } from '../../../test-support/layering-suite.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * The engine's layers, lowest first: the LLM providers; words and the shared types; what a sentence's edits and habits
 * are; the operations and the brief that use them; the search and the draft choice that use those;
 * then the entry points (fit, restyle, the LLM paths), which are every module no prefix names.
 */
const LAYERS: Layers = [
  ['providers/'],
  [
    'style/types.ts',
    'style/style-error.ts',
    'style/defaults.ts',
    'style/validate.ts',
    'style/style-card-words.ts',
    'style/text/',
    'style/lexicon/',
    'style/wordnet/',
  ],
  ['style/edits/', 'style/habits/'],
  ['style/ops/', 'style/brief/'],
  ['style/optimizer/', 'style/candidates/'],
];

describeLayering('@styler-dev/engine', SRC, LAYERS);

describe('the layering checks', () => {
  it('find a cycle, an upward import and a folder that is gone (they can fail)', () => {
    const looped = new Map([
      ['style/ops/a.ts', ['style/optimizer/b.ts']],
      ['style/optimizer/b.ts', ['style/ops/a.ts']],
    ]);
    expect(findCycle(looped)).toEqual(['style/ops/a.ts', 'style/optimizer/b.ts', 'style/ops/a.ts']);
    expect(upwardImports(looped, LAYERS)).toEqual(['style/ops/a.ts → style/optimizer/b.ts']);
    expect(missingPrefixes(SRC, [['style/engine/']])).toEqual(['style/engine/']);
  });
});
