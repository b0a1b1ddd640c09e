/** Where a worker thread's module is found: through the package's exports, not a guess at its layout. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { threadModule } from '../../src/pool/task-pool.js';

describe('threadModule', () => {
  it("resolves a package's thread module export to its built JavaScript file, from a source module too", () => {
    const worker = threadModule('@styler-dev/analytics/pool/worker', import.meta.url);
    expect(worker.protocol).toBe('file:');
    expect(worker.pathname).toMatch(/\/dist\/pool\/worker\.js$/);
    expect(existsSync(fileURLToPath(worker))).toBe(true);
    const tasks = threadModule('@styler-dev/analytics/pool/analytics-tasks', import.meta.url);
    expect(existsSync(fileURLToPath(tasks))).toBe(true);
  });

  it('refuses a module the package does not export', () => {
    expect(() => threadModule('@styler-dev/analytics/dist/pool/worker.js', import.meta.url)).toThrow(
      /not defined by "exports"/,
    );
  });
});
