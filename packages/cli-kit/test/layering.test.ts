import { fileURLToPath } from 'node:url';
import { describeLayering } from '../../../test-support/layering-suite.js';

// One layer of helpers under the public entry: only cycles and imports from outside can go wrong.
describeLayering('@styler-dev/cli-kit', fileURLToPath(new URL('../src/', import.meta.url)), [['io.ts']]);
