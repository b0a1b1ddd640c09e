import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const STYLE = join(dirname(fileURLToPath(import.meta.url)), '../../src/style');

/** Every module of src/style with the modules of src/style it imports (relative paths from STYLE). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(STYLE, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  for (const file of files) {
    const source = readFileSync(join(STYLE, file), 'utf8');
    const targets = [...source.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)].map((match) =>
      normalize(relative(STYLE, join(STYLE, dirname(file), match[1]!.replace(/\.js$/, '.ts')))),
    );
    graph.set(normalize(file), targets);
  }
  return graph;
}

/** The first import cycle found by depth-first search, as a list of modules, or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = graph.has(next) ? visit(next) : undefined;
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('src/style flows one way', () => {
  const graph = importGraph();

  it('has operations that never import the engine', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      file.startsWith('ops/')
        ? targets.filter((target) => target.startsWith('engine/')).map((t) => `${file} → ${t}`)
        : [],
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(findCycle(graph)).toBeUndefined();
  });

  it('finds a cycle where there is one (the check can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['a.ts']],
    ]);
    expect(findCycle(graph)).toEqual(['a.ts', 'b.ts', 'a.ts']);
  });
});
