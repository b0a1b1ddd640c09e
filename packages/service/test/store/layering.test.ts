/**
 * The store's layers, read from its sources' relative imports. From the bottom: shared/ (helpers every
 * table uses), the tables (files/, jobs/, models/, tenancy/), contract.ts (the tables' contracts
 * composed), the assemblies (sqlite/, postgres/: each database opened and its tables put together),
 * and the top (index.ts, open-store.ts). A module imports from its own folder or a lower layer; tables
 * may use one another, the two assemblies may not; nothing leaves the store; and there is no cycle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const STORE_SRC = fileURLToPath(new URL('../../src/store/', import.meta.url));

/** Each layer's rank, by the module's first path segment under store/; higher may import lower. */
const LAYER_OF: Record<string, { rank: number; name: string }> = {
  shared: { rank: 0, name: 'shared' },
  files: { rank: 1, name: 'table' },
  jobs: { rank: 1, name: 'table' },
  models: { rank: 1, name: 'table' },
  tenancy: { rank: 1, name: 'table' },
  'contract.ts': { rank: 2, name: 'contract' },
  sqlite: { rank: 3, name: 'assembly' },
  postgres: { rank: 3, name: 'assembly' },
  'index.ts': { rank: 4, name: 'top' },
  'open-store.ts': { rank: 4, name: 'top' },
};

/** Module path (posix, relative to store/) → its source text. */
type Sources = Map<string, string>;

/** The relative specifiers a source imports or re-exports, type-only and dynamic imports included. */
function relativeImports(source: string): string[] {
  const specifiers = new Set<string>();
  const statement = /^\s*(?:import|export)\b[^;'"]*?['"](\.{1,2}\/[^'"]+)['"]/gm;
  const dynamic = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  for (const match of source.matchAll(statement)) specifiers.add(match[1] as string);
  for (const match of source.matchAll(dynamic)) specifiers.add(match[1] as string);
  return [...specifiers];
}

/** Every rule the sources break, one line each (empty when the layering holds). */
function layeringViolations(sources: Sources): string[] {
  const problems: string[] = [];
  const edges = new Map<string, string[]>();
  for (const [from, source] of sources) {
    const targets: string[] = [];
    for (const specifier of relativeImports(source)) {
      const to = posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '.ts');
      if (to.startsWith('../')) {
        problems.push(`${from} imports ${specifier}, outside the store`);
        continue;
      }
      if (!sources.has(to)) {
        problems.push(`${from} imports ${specifier}, which is not a module of the store`);
        continue;
      }
      targets.push(to);
      const problem = crossing(from, to);
      if (problem !== undefined) problems.push(problem);
    }
    edges.set(from, targets);
  }
  return [...problems, ...cycles(edges).map((cycle) => `import cycle: ${cycle.join(' -> ')}`)];
}

/** Why an import from `from` to `to` crosses the layers the wrong way, or undefined when it may. */
function crossing(from: string, to: string): string | undefined {
  const [fromHead, toHead] = [from.split('/')[0] as string, to.split('/')[0] as string];
  const [fromLayer, toLayer] = [LAYER_OF[fromHead], LAYER_OF[toHead]];
  if (fromLayer === undefined) return `${from} belongs to no layer (add its folder to LAYER_OF)`;
  if (toLayer === undefined || fromHead === toHead) return undefined;
  if (toLayer.rank > fromLayer.rank) return `${from} (${fromLayer.name}) imports up from ${to} (${toLayer.name})`;
  if (toLayer.rank === fromLayer.rank && fromLayer.name === 'assembly') {
    return `${from} (${fromLayer.name}) imports ${to}, another ${toLayer.name}`;
  }
  return undefined;
}

/** The cycles a depth-first search meets, each as the modules along it, its first repeated last. */
function cycles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (module: string): void => {
    const onPath = path.indexOf(module);
    if (onPath >= 0) {
      found.push([...path.slice(onPath), module]);
      return;
    }
    if (done.has(module)) return;
    path.push(module);
    for (const next of edges.get(module) ?? []) visit(next);
    path.pop();
    done.add(module);
  };
  for (const module of [...edges.keys()].sort()) visit(module);
  return found;
}

/** The store's TypeScript sources, keyed by their posix path under store/. */
function storeSources(): Sources {
  const sources: Sources = new Map();
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) {
        sources.set(relative(STORE_SRC, path).split(sep).join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  walk(STORE_SRC);
  return sources;
}

describe('the store’s layering', () => {
  it('has tables below the assemblies and the top, shared helpers below the tables, and no cycle', () => {
    const sources = storeSources();
    expect(sources.size).toBeGreaterThan(20);
    expect(layeringViolations(sources)).toEqual([]);
  });

  it('is checked for real: an upward import, an import between assemblies and a cycle are each reported', () => {
    const sources: Sources = new Map([
      ['shared/ids.ts', "import { x } from '../jobs/index.js';"],
      ['jobs/index.ts', "export * from './sqlite.js';"],
      ['jobs/sqlite.ts', "import type { SqliteStore } from '../sqlite/sqlite-store.js';\nimport '../shared/ids.js';"],
      ['sqlite/sqlite-store.ts', "import { openPostgresStore } from '../postgres/postgres-store.js';"],
      ['postgres/postgres-store.ts', "export const a = await import('../index.js');"],
      ['index.ts', "export * from './jobs/index.js';"],
    ]);
    expect(layeringViolations(sources)).toEqual([
      'shared/ids.ts (shared) imports up from jobs/index.ts (table)',
      'jobs/sqlite.ts (table) imports up from sqlite/sqlite-store.ts (assembly)',
      'sqlite/sqlite-store.ts (assembly) imports postgres/postgres-store.ts, another assembly',
      'postgres/postgres-store.ts (assembly) imports up from index.ts (top)',
      'import cycle: index.ts -> jobs/index.ts -> jobs/sqlite.ts -> sqlite/sqlite-store.ts -> postgres/postgres-store.ts -> index.ts',
      'import cycle: jobs/index.ts -> jobs/sqlite.ts -> shared/ids.ts -> jobs/index.ts',
    ]);
  });
});
