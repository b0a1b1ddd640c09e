#!/usr/bin/env node
// Usage: node scripts/supported-node.mjs COMMAND [ARGS...]
//
// Runs COMMAND under a Node.js that Styler supports (22.12 or later). On such a Node it simply runs
// it. On an older one (Node 20 reached end of life in April 2026, yet machines still carry it) it
// fetches the newest Node 24 from the npm registry once (.ci/node, into ~/.cache/styler/node) and
// runs COMMAND with that Node first on PATH, so that `npm start` and `npm test` work on a fresh
// machine as they are. STYLER_NODE_FETCH=0 turns the fetch off (a clear error instead).
// Written for every Node from 18 on: it must run on the Node it replaces.
import { execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MINIMUM = [22, 12];
const FETCHED_LINE = '24';

function supported(version) {
  const [major, minor] = version.split('.').map(Number);
  return major > MINIMUM[0] || (major === MINIMUM[0] && minor >= MINIMUM[1]);
}

const [command, ...args] = process.argv.slice(2);
if (command === undefined) {
  console.error('usage: node scripts/supported-node.mjs COMMAND [ARGS...]');
  process.exit(2);
}

const env = { ...process.env };
if (!supported(process.versions.node)) {
  const wanted = `${MINIMUM[0]}.${MINIMUM[1]}`;
  if (process.env.STYLER_NODE_FETCH === '0') {
    console.error(`Styler needs Node.js ${wanted} or later; this is ${process.version} (README, "Node.js").`);
    process.exit(1);
  }
  let dir;
  try {
    const script = fileURLToPath(new URL('../.ci/node', import.meta.url));
    dir = execFileSync('bash', [script, FETCHED_LINE], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
  } catch {
    console.error(
      `Styler needs Node.js ${wanted} or later; this is ${process.version}, and Node ${FETCHED_LINE} could not be fetched from the npm registry. Install Node ${wanted}+ (README, "Node.js").`,
    );
    process.exit(1);
  }
  console.error(`Node ${process.version} is older than Styler supports (${wanted}+): running under ${dir}/bin/node.`);
  env.PATH = `${dir}/bin:${env.PATH ?? ''}`;
  // node-gyp, should anything compile, builds for that Node, not the machine's.
  env.npm_config_nodedir = dir;
}

const child = spawn(command, args, { stdio: 'inherit', env });
// Ctrl-C reaches the whole process group, the child too: wait for it. Signals sent to this process
// alone (npm stopping its script) are passed on.
process.on('SIGINT', () => undefined);
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('error', (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
