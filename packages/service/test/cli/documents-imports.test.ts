/**
 * The research commands read every corpus file through the CLI's document reader, so what it loads
 * is start-up time of every `styler corpus`: its static imports must not reach the engine, the stores,
 * the HTTP stack or the .docx reader.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));

/** Every package a module reaches through static (non-type) imports, following the package's own files (`seen`). */
function staticPackages(entry: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
        if (existsSync(target)) pending.push(target);
      } else packages.add(specifier);
    }
  }
  return packages;
}

describe('the CLI document reader', () => {
  const files = new Set<string>();
  const packages = staticPackages(join(SRC, 'cli', 'documents.ts'), files);

  it('follows the reader into the upload code', () => {
    expect(files).toContain(join(SRC, 'uploads', 'decode-text.ts'));
  });

  // The .docx reader (yauzl, and the pool whose thread extracts the text) loads with the first .docx.
  it.each(['@styler-dev/engine', 'pg', 'pg-boss', 'better-sqlite3', 'fastify', 'yauzl', '@styler-dev/analytics/pool'])(
    'does not load %s',
    (name) => {
      expect([...packages].filter((specifier) => specifier === name || specifier.startsWith(`${name}/`))).toEqual([]);
    },
  );
});
