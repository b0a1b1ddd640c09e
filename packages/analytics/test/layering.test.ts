import { fileURLToPath } from 'node:url';
import { describeLayering } from '../../../test-support/layering-suite.js';

// Lowest first: the errors and the feature vocabulary; the tagger and the metrics; the quality
// groups built on both; the worker pool that runs them all; then the public entry.
describeLayering('@styler-dev/analytics', fileURLToPath(new URL('../src/', import.meta.url)), [
  ['errors.ts', 'vocabulary/'],
  ['nlp/', 'metrics/'],
  ['quality/'],
  ['pool/'],
]);
