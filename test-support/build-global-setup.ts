/**
 * vitest global setup: builds first when any package's dist/ is older than its src/ (see
 * stale-build.ts), so `npx vitest run <file>` after an edit tests the edited code. `npm test` has
 * built already and finds nothing stale.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleWorkspace } from './stale-build.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

export default function setup(): void {
  const stale = staleWorkspace(join(ROOT, 'packages'));
  if (stale.length === 0) return;
  process.stderr.write(`dist/ is older than ${stale.length} source files (first: ${stale[0]}): building first\n`);
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
}
