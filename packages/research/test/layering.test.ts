import { fileURLToPath } from 'node:url';
import { describeLayering } from '../../../test-support/layering-suite.js';

// Lowest first: the stylometry library and the shape of what the styler CLI lends the commands
// (host.ts); the reports and figures drawn from the results; the commands; then the command table
// and the public entry.
describeLayering('@styler-dev/research', fileURLToPath(new URL('../src/', import.meta.url)), [
  ['stylometry/', 'host.ts'],
  ['report/'],
  ['cli/'],
]);
