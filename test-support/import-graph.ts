/**
 * The relative-import graph of a source folder, and the two checks the layering tests make of it:
 * import cycles, and imports from a lower layer up to a higher one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix, sep } from 'node:path';

/** The relative specifiers a source imports or re-exports: type-only, side-effect and dynamic imports included. */
export function relativeImports(source: string): string[] {
  const specifiers = new Set<string>();
  const statement = /^\s*(?:import|export)\b[^;'"]*?['"](\.{1,2}\/[^'"]+)['"]/gm;
  const dynamic = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(statement)) specifiers.add(match[1]!);
  for (const match of source.matchAll(dynamic)) specifiers.add(match[1]!);
  return [...specifiers];
}

/**
 * Every module under `root` with the modules it imports, as posix paths relative to `root`; an
 * import that leaves `root` keeps its '../' path, so a check can name it.
 */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  for (const file of files) {
    const from = file.split(sep).join('/');
    const targets = relativeImports(readFileSync(join(root, file), 'utf8')).map((specifier) =>
      posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '.ts'),
    );
    graph.set(from, targets);
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

/** Imports from a module up to a module of a higher layer, as 'from → to' (imports out of the folder aside). */
export function upwardImports(graph: ReadonlyMap<string, readonly string[]>, layers: Layers): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) => !target.startsWith('../') && layerOf(target, layers) > layerOf(file, layers))
      .map((target) => `${file} → ${target}`),
  );
}

/** Imports from a module under one of `folders` into another of them, as 'from → to' (siblings kept apart). */
export function crossImports(graph: ReadonlyMap<string, readonly string[]>, folders: readonly string[]): string[] {
  const folderOf = (module: string): string | undefined => folders.find((folder) => module.startsWith(folder));
  return [...graph].flatMap(([file, targets]) => {
    const own = folderOf(file);
    if (own === undefined) return [];
    return targets
      .filter((target) => folderOf(target) !== undefined && folderOf(target) !== own)
      .map((target) => `${file} → ${target}`);
  });
}

/** Modules imported from outside the folder the graph was read from (data files aside), as 'from → to'. */
export function outsideImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets
      .filter((target) => target.startsWith('../') && /\.tsx?$/.test(target))
      .map((target) => `${file} → ${target}`),
  );
}

/** The layers' prefixes that name no file or folder under `root` (a renamed folder leaves a check that cannot fail). */
export function missingPrefixes(root: string, layers: Layers): string[] {
  return layers.flat().filter((prefix) => !existsSync(join(root, prefix)));
}
