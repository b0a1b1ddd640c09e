// Usage: node command-process.mjs NAME ARGS...
//
// A research command in a process of its own, as `styler NAME ARGS` runs it (from the built dist/,
// documents read as UTF-8 text like support/text-host.ts), for the tests that kill a run (SIGKILL)
// part-way and resume it.
import { readFile } from 'node:fs/promises';
import { RESEARCH_COMMANDS } from '../../dist/index.js';

const [name = '', ...args] = process.argv.slice(2);
const command = RESEARCH_COMMANDS[name];
if (command === undefined) throw new Error(`no research command '${name}'`);
const host = {
  readDocument: async (path) => ({ path, text: await readFile(path, 'utf8') }),
  readModelGroundTruth: async (path) => JSON.parse(await readFile(path, 'utf8')).groundTruth,
};
process.exitCode = await command.run(
  args,
  { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr },
  host,
);
