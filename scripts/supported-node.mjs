#!/usr/bin/env node
// Usage: node scripts/supported-node.mjs COMMAND [ARGS...]
//
// Runs COMMAND under a Node.js that Styler supports (22.12 or later). On such a Node it simply runs
// it. On an older one (Node 20 reached end of life in April 2026, yet machines still carry it) it
// takes the newest Node 24 from .ci/node (fetched from the npm registry once, into ~/.cache/styler/node;
// the cached one when the registry does not answer) and runs COMMAND with that Node first on PATH, so
// that `npm start` and `npm test` work on a fresh machine as they are. STYLER_NODE_FETCH=0 turns the
// fetch off (a clear error instead). The styler CLI makes the same check (packages/service/bin): the
// commands run from here are told where the fetcher is (STYLER_NODE_FETCHER), so a styler command
// they start on an older Node can fetch one too.
// Written for every Node from 18 on: it must run on the Node it replaces.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  envUnderNode,
  FETCHED_LINE,
  fetchSupportedNode,
  isSupportedNode,
  MINIMUM_NODE,
  NODE_FETCHER_VAR,
  nodeFetcher,
  onParentExit,
} from '../packages/service/bin/supported-node.js';

// This checkout's fetcher of a supported Node.
const CHECKOUT_FETCHER = fileURLToPath(new URL('../.ci/node', import.meta.url));

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  console.error('usage: node scripts/supported-node.mjs COMMAND [ARGS...]');
  process.exit(2);
}

let env = { ...process.env, [NODE_FETCHER_VAR]: process.env[NODE_FETCHER_VAR] || CHECKOUT_FETCHER };
const fetcher = nodeFetcher(env);
if (!isSupportedNode(process.versions.node)) {
  if (fetcher === undefined) {
    console.error(`Styler needs Node.js ${MINIMUM_NODE} or later; this is ${process.version} (README, "Node.js").`);
    process.exit(1);
  }
  let dir;
  try {
    dir = fetchSupportedNode(fetcher);
  } catch {
    console.error(
      `Styler needs Node.js ${MINIMUM_NODE} or later; this is ${process.version}, and Node ${FETCHED_LINE} could not be fetched from the npm registry. Install Node ${MINIMUM_NODE}+ (README, "Node.js").`,
    );
    process.exit(1);
  }
  console.error(
    `Node ${process.version} is older than Styler supports (${MINIMUM_NODE}+): running under ${dir}/bin/node.`,
  );
  // node-gyp, should anything compile, builds for that Node, not the machine's.
  env = envUnderNode(dir, env);
}

const child = spawn(command, args, { stdio: 'inherit', env });
// Signals are passed on: those sent to this process alone (npm passing on a kill -INT) reach the
// child only so. Ctrl-C reaches the whole process group, so the child gets it twice: styler serve
// takes two within a second for one.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
// npm killed with SIGTERM ends without passing it on: its end is our SIGTERM.
onParentExit(() => child.kill('SIGTERM'));
child.on('error', (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
