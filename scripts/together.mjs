#!/usr/bin/env node
// Usage: node scripts/together.mjs SCRIPT [SCRIPT...]
//
// Runs the package's npm scripts at the same time and fails when any of them fails. `npm test` runs
// the linter and the type checker this way: each is one single-threaded process, so on a machine of
// two cores or more the pair takes the time of the longer one instead of the sum. Each script's
// output is held and printed whole when it ends, so the two never interleave line by line.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/together.mjs SCRIPT [SCRIPT...]');
  process.exit(2);
}

const npm = process.env.npm_execpath;
const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      // Under npm, npm_execpath is npm's own CLI: run it with this Node rather than whichever npm is on PATH.
      const child = npm
        ? spawn(process.execPath, [npm, 'run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: true });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const started = Date.now();
      const seconds = () => Math.round((Date.now() - started) / 1000);
      child.on('error', (error) =>
        resolve({ script, code: 1, output: [Buffer.from(`${error.message}\n`)], seconds: seconds() }),
      );
      child.on('close', (code, signal) =>
        resolve({ script, code: code ?? (signal ? 1 : 0), output, seconds: seconds() }),
      );
    }),
);

let failed = false;
for (const { script, code, output, seconds } of await Promise.all(runs)) {
  process.stdout.write(`> npm run ${script} (${code === 0 ? 'passed' : `failed, exit ${code}`}, ${seconds} s)\n`);
  process.stdout.write(Buffer.concat(output));
  if (code !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
