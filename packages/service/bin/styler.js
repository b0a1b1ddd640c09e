#!/usr/bin/env node
// The CLI runs the built library (npm install builds it through `prepare`). The Node version is
// checked before any of it loads: on an unsupported Node, better-sqlite3's binding crashes the
// process without a word (a segmentation fault on Node 20). Where STYLER_NODE_FETCHER names a way to
// fetch a supported Node (a checkout's npm scripts set it), the command runs again under that Node;
// elsewhere the CLI says what it needs and stops.
import { spawn } from 'node:child_process';
import * as nodeModule from 'node:module';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  envUnderNode,
  fetchSupportedNode,
  isSupportedNode,
  MINIMUM_NODE,
  nodeFetcher,
  onParentExit,
  startedByNpm,
} from './supported-node.js';

const USAGE_EXIT = 2;

/** The command's exit code, run again by the Node in `dir`; signals are passed on. */
function runUnder(dir) {
  const child = spawn(`${dir}/bin/node`, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: envUnderNode(dir),
  });
  // Passed on (a kill -INT of this process alone reaches the child only so); Ctrl-C reaches the whole
  // process group, so the child gets it twice: styler serve takes two within a second for one.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(`styler: cannot run ${dir}/bin/node: ${error.message}`);
      resolve(1);
    });
    // A signal's end as a shell reports it: 128 + its number.
    child.on('exit', (code, signal) => resolve(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1)));
  });
}

async function underSupportedNode() {
  const needs = `styler needs Node.js ${MINIMUM_NODE} or later; this is ${process.version}`;
  const fetcher = nodeFetcher();
  if (fetcher === undefined) {
    console.error(`${needs}: upgrade Node (README, "Node.js").`);
    return USAGE_EXIT;
  }
  let dir;
  try {
    dir = fetchSupportedNode(fetcher);
  } catch {
    console.error(`${needs}, and no supported Node could be fetched (${fetcher}): upgrade Node (README, "Node.js").`);
    return USAGE_EXIT;
  }
  console.error(
    `styler: Node ${process.version} is older than Styler supports (${MINIMUM_NODE}+): running under ${dir}/bin/node.`,
  );
  return runUnder(dir);
}

// Under npx or an npm script, npm's end (it does not pass on a SIGTERM it gets) is our SIGTERM;
// elsewhere a parent's end means nothing (a server started with & outlives its shell).
if (startedByNpm()) onParentExit(() => process.kill(process.pid, 'SIGTERM'));

if (isSupportedNode(process.versions.node)) {
  // V8's code for the modules kept on disk (Node's compile cache: in the system's temp folder, or
  // NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a research command loads hundreds
  // of modules, and compiling them is much of a small corpus's run. Without a writable folder Node
  // goes on uncached.
  nodeModule.enableCompileCache?.();
  const { main } = await import('../dist/cli/main.js');
  process.exitCode = await main(process.argv.slice(2), {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
  });
} else {
  process.exitCode = await underSupportedNode();
}
