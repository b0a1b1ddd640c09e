/**
 * The README's TypeScript that calls Styler through the official openai SDK compiles, under
 * `tsc --strict`, against that SDK and the types @styler-dev/styler exports (its built dist/).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** The ```ts blocks of `markdown` that import the openai SDK. */
function openaiSnippets(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)]
    .map((match) => match[1]!)
    .filter((code) => /from 'openai'/.test(code));
}

/**
 * Runs tsc once over the snippets, as ES modules `<name>-<index>.mts` of a fresh project, for each
 * set by name (one program: the openai SDK's declarations are read once); returns its output, one
 * line per error ('' when everything compiles).
 */
function typeCheck(sets: Readonly<Record<string, readonly string[]>>, folder: string): string {
  // The project resolves openai and styler as a user's would: from node_modules.
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
  for (const [name, snippets] of Object.entries(sets)) {
    snippets.forEach((code, index) => writeFileSync(join(folder, `${name}-${index}.mts`), code));
  }
  const compilerOptions = {
    strict: true,
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    noEmit: true,
    skipLibCheck: true,
    types: ['node'],
  };
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.mts'] }));
  try {
    execFileSync(process.execPath, [TSC, '-p', '.', '--pretty', 'false'], { cwd: folder, encoding: 'utf8' });
    return '';
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
}

describe("the README's TypeScript with the openai SDK", () => {
  const folders: string[] = [];
  const freshFolder = (): string => {
    folders.push(mkdtempSync(join(tmpdir(), 'styler-readme-ts-')));
    return folders.at(-1)!;
  };
  afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  it('holds the chat and fine-tuning calls, and they compile under --strict', () => {
    expect(existsSync(join(ROOT, 'packages', 'service', 'dist', 'index.d.ts'))).toBe(true);
    const snippets = openaiSnippets(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    const code = snippets.join('\n');
    expect(code).toContain('chat.completions.create');
    expect(code).toContain('training_files');
    // The extensions are typed, not waved through: a wrong one is a compile error.
    const wrong = snippets.map((snippet) => snippet.replace(/candidates: 4/, "candidates: 'four'"));
    expect(wrong).not.toEqual(snippets);
    const output = typeCheck(
      { readme: snippets, wrong: wrong.filter((code, i) => code !== snippets[i]) },
      freshFolder(),
    );
    // Each error line names its file first (`wrong-0.mts(12,5): error TS2322: ...`).
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors.filter((line) => !line.startsWith('wrong-'))).toEqual([]);
    expect(errors.some((line) => /^wrong-\d+\.mts\(.*error TS2322/.test(line))).toBe(true);
  }, 120_000);
});
