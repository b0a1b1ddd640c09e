// CMUdict's first read in a fresh process, in CPU time: the package's module imported (V8 parses
// and compiles its 4.7 MB object literal) against the module's text read as JSON (what
// @styler-dev/analytics does, readCmuDictionary), the two alternating in each round so that load
// on the machine hits both alike; medians over rounds. Each process shares one Node compile cache
// (NODE_COMPILE_CACHE, filled by a first run of each), as the CLI's and the test suite's do.
// Run: npm run build && node bench/analytics-dictionary.mjs [--rounds R]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '9' } } });
const rounds = Number(values.rounds);
const SYLLABLES = fileURLToPath(new URL('../packages/analytics/dist/nlp/syllables.js', import.meta.url));

/** A process's script: CPU milliseconds of one read of the table, printed with its word count. */
const SCRIPTS = {
  imported: `
    import { createRequire } from 'node:module';
    const require = createRequire(${JSON.stringify(SYLLABLES)});
    const start = process.cpuUsage();
    const table = require('cmu-pronouncing-dictionary').dictionary;
    const used = process.cpuUsage(start);
    console.log((used.user + used.system) / 1000, Object.keys(table).length);`,
  json: `
    import { readCmuDictionary } from ${JSON.stringify(SYLLABLES)};
    const start = process.cpuUsage();
    const table = readCmuDictionary();
    const used = process.cpuUsage(start);
    console.log((used.user + used.system) / 1000, Object.keys(table).length);`,
};

const cache = mkdtempSync(join(tmpdir(), 'styler-bench-compile-cache-'));
const env = { ...process.env, NODE_COMPILE_CACHE: cache };
const once = (name) => {
  const [ms, words] = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPTS[name]], {
    env,
    encoding: 'utf8',
  })
    .trim()
    .split(' ')
    .map(Number);
  return { ms, words };
};

try {
  const times = { imported: [], json: [] };
  const words = new Set();
  for (const name of Object.keys(SCRIPTS)) once(name);
  for (let round = 0; round < rounds; round += 1) {
    for (const name of round % 2 === 0 ? ['imported', 'json'] : ['json', 'imported']) {
      const run = once(name);
      times[name].push(run.ms);
      words.add(run.words);
    }
  }
  if (words.size !== 1) throw new Error(`the two reads give different word counts: ${[...words].join(', ')}`);
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const imported = median(times.imported);
  const json = median(times.json);
  console.log(`Node ${process.version}, ${rounds} rounds, ${[...words][0]} words`);
  console.log(`imported the module: ${imported.toFixed(0)} ms of CPU (median)`);
  console.log(
    `read as JSON:        ${json.toFixed(0)} ms of CPU (median), ${(json / imported).toFixed(2)}× the import`,
  );
} finally {
  rmSync(cache, { recursive: true, force: true });
}
