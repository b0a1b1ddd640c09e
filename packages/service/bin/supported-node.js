// Which Node.js Styler runs on, and how a supported one is had when the running Node is older: a
// fetcher named by STYLER_NODE_FETCHER (a script that prints the folder of a Node release line, as a
// checkout's .ci/node does; scripts/supported-node.mjs names it for npm start, npm test and the
// commands they run). The package knows no path outside itself: installed from npm, nothing names a
// fetcher and the CLI says which Node it needs. Used by the styler CLI before anything native loads.
// Plain JavaScript for every Node from 18 on: it must run on the Node it replaces.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The oldest Node.js Styler supports: 22.12 (pg-boss 12's floor). */
export const MINIMUM_NODE = '22.12';

/** The release line fetched where the running Node is older. */
export const FETCHED_LINE = '24';

/** The variable naming the fetcher of a supported Node. */
export const NODE_FETCHER_VAR = 'STYLER_NODE_FETCHER';

/** True when `version` ("24.1.0", process.versions.node) is MINIMUM_NODE or later. */
export function isSupportedNode(version) {
  const [major, minor] = version.split('.').map(Number);
  const [minMajor, minMinor] = MINIMUM_NODE.split('.').map(Number);
  return major > minMajor || (major === minMajor && minor >= minMinor);
}

/**
 * The fetcher `env` names (STYLER_NODE_FETCHER, an existing file), or undefined: none named, or
 * STYLER_NODE_FETCH=0 turns fetching off.
 */
export function nodeFetcher(env = process.env) {
  const fetcher = env[NODE_FETCHER_VAR];
  if (env.STYLER_NODE_FETCH === '0' || !fetcher || !existsSync(fetcher)) return undefined;
  return fetcher;
}

/**
 * The folder of the newest Node FETCHED_LINE, as `fetcher` (nodeFetcher) gives it: from its cache,
 * or fetched once; it says on stderr which release it is. Throws when it cannot be had.
 */
export function fetchSupportedNode(fetcher) {
  return execFileSync('bash', [fetcher, FETCHED_LINE], {
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
