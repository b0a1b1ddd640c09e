import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';
import { END_TO_END } from './vitest.fast.config.js';

/** The end-to-end suites test:fast leaves out, each file in a fresh module registry (`npm test` runs both). */
export default defineConfig({ ...base, test: { ...base.test, include: END_TO_END } });
