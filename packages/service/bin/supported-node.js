// Which Node.js Styler runs on, and where a checkout of the repository finds a supported one when the
// running Node is older (.ci/node fetches it from the npm registry into a cache). Used by the styler
// CLI before anything native loads and by scripts/supported-node.mjs (npm start, npm test).
// Plain JavaScript for every Node from 18 on: it must run on the Node it replaces.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The oldest Node.js Styler supports: 22.12 (pg-boss 12's floor). */
export const MINIMUM_NODE = '22.12';

/** The release line fetched where the running Node is older. */
export const FETCHED_LINE = '24';

// Present in a checkout of the repository only: an installed package has no fetch to fall back on.
const CI_NODE = fileURLToPath(new URL('../../../.ci/node', import.meta.url));

/** True when `version` ("24.1.0", process.versions.node) is MINIMUM_NODE or later. */
export function isSupportedNode(version) {
  const [major, minor] = version.split('.').map(Number);
  const [minMajor, minMinor] = MINIMUM_NODE.split('.').map(Number);
  return major > minMajor || (major === minMajor && minor >= minMinor);
}

/** True where a supported Node can be fetched: a checkout, and STYLER_NODE_FETCH is not 0. */
export function canFetchNode() {
  return process.env.STYLER_NODE_FETCH !== '0' && existsSync(CI_NODE);
}

/**
 * The folder of the newest Node FETCHED_LINE (.ci/node: from its cache, or fetched once); .ci/node
 * says on stderr which release it is. Throws when it cannot be had.
 */
export function fetchSupportedNode() {
  return execFileSync('bash', [CI_NODE, FETCHED_LINE], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

/** `env` for a command run under the Node in `dir`: first on PATH, and what node-gyp builds for. */
export function envUnderNode(dir, env = process.env) {
  return { ...env, PATH: `${dir}/bin:${env.PATH ?? ''}`, npm_config_nodedir: dir };
}

/**
 * Calls `onGone` once when this process's parent exits (it is re-parented: its ppid changes). npm
 * does not pass a SIGTERM it receives on to the script it runs, so `kill -TERM` of `npm start` (what
 * `docker stop`, systemd and process managers send) would leave the server holding its port and
 * data: a wrapper npm started treats its parent's end as that signal. Checked twice a second,
 * without keeping the process alive.
 */
export function onParentExit(onGone) {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onGone();
  }, 500);
  timer.unref();
}

/** True when npm (npm run, npm start, npx) started this process: its environment says so. */
export function startedByNpm(env = process.env) {
  return env.npm_lifecycle_event !== undefined || env.npm_command !== undefined;
}
