/**
 * The relative-import graph of a source folder, and the two checks the layering tests make of it:
 * import cycles, and imports from a lower layer up to a higher one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

/** Every module under `root` with the modules under `root` it imports (paths relative to `root`). */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    const targets = [...source.matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)]
      .map((match) => normalize(relative(root, join(root, dirname(file), match[1]!.replace(/\.js$/, '.ts')))))
      .filter((target) => !target.startsWith('..'));
    graph.set(normalize(file), targets);
  }
  return graph;
}

/** The first import cycle found by depth-first search, as a list of modules, or undefined. */
export function findCycle(graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
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

/**
 * Layers, lowest first, each a list of path prefixes ('store/', 'errors.ts'); a module belongs to
 * the layer of its longest matching prefix, and one no prefix matches to the top layer.
 */
export type Layers = readonly (readonly string[])[];

function layerOf(module: string, layers: Layers): number {
  let best = { layer: layers.length, length: -1 };
  layers.forEach((prefixes, layer) => {
    for (const prefix of prefixes)
      if (module.startsWith(prefix) && prefix.length > best.length) best = { layer, length: prefix.length };
  });
  return best.layer;
}

/** Imports from a module up to a module of a higher layer, as 'from → to'. */
export function upwardImports(graph: ReadonlyMap<string, readonly string[]>, layers: Layers): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets.filter((target) => layerOf(target, layers) > layerOf(file, layers)).map((target) => `${file} → ${target}`),
  );
}

/** The layers' prefixes that name no file or folder under `root` (a renamed folder leaves a check that cannot fail). */
export function missingPrefixes(root: string, layers: Layers): string[] {
  return layers.flat().filter((prefix) => !existsSync(join(root, prefix)));
}
