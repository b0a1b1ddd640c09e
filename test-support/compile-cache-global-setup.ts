/**
 * vitest global setup: every Node process the run starts (the test processes, and the `styler` bin,
 * the bench scripts and the services the tests spawn) keeps V8's compiled code of the modules it
 * loads in one folder, Node's compile cache (NODE_COMPILE_CACHE), and reads it back in the next
 * process. A CLI test spawns the bin dozens of times, and each spawn would otherwise compile the same
 * few hundred modules again. Node keys each entry by its own version and the module's content, so a
 * stale or foreign entry is never used; the folder outlives the run (node_modules/.cache), so the
 * end-to-end pass and the next run start warm. NODE_COMPILE_CACHE already set is left as it is.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the suite's processes keep their compiled code. */
export const COMPILE_CACHE = join(
  fileURLToPath(new URL('..', import.meta.url)),
  'node_modules',
  '.cache',
  'node-compile-cache',
);

export default function setup(): () => void {
  const previous = process.env.NODE_COMPILE_CACHE;
  if (previous !== undefined) return () => {};
  mkdirSync(COMPILE_CACHE, { recursive: true });
  process.env.NODE_COMPILE_CACHE = COMPILE_CACHE;
  return () => {
    delete process.env.NODE_COMPILE_CACHE;
  };
}
