/**
 * No install command or import in the docs or the CLI's hints resolves to a package the project does
 * not own: Styler's packages (the `@styler-dev` scope; npm's `styler` is a stranger's) are not on the
 * npm registry yet, so a workspace package is installed from a packed tarball, and a bare name is
 * only a third-party package some workspace package declares (vega, vega-lite, resvg, …).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RESEARCH_INSTALL_HINT } from '../../src/cli/research.js';
import { shellBlocks } from '../../../../test-support/markdown-commands.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifests = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
).workspaces.map((folder) => JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as Manifest);
const WORKSPACE_NAMES = new Set(manifests.map((manifest) => manifest.name));
const DECLARED_THIRD_PARTY = new Set(
  manifests.flatMap((manifest) =>
    [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies, manifest.optionalDependencies].flatMap(
      (deps) => Object.keys(deps ?? {}),
    ),
  ),
);

/** Every `npm install|i|add …` command in `text` (code: up to the end of its line, string or clause). */
export function installCommands(text: string): string[] {
  return [...text.matchAll(/\bnpm (?:install|i|add)\b([^\n`|&;#,)'"]*)/g)].map((match) => match[0].trim());
}

/** The code of a Markdown file: its shell blocks and its inline code spans (prose says "npm install, then …"). */
function codeOf(path: string, text: string): string {
  if (!path.endsWith('.md')) return text;
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
  return [...shellBlocks(text).map((block) => block.code), ...spans].join('\n');
}

/** The registry packages an install command asks for: its arguments that are not flags, paths or tarballs. */
export function registryPackages(command: string): string[] {
  return command
    .split(/\s+/)
    .slice(2)
    .filter((word) => word !== '' && !word.startsWith('-'))
    .filter((word) => !/^(\.{0,2}\/|~\/)|\.tgz$|^[a-z]+:/.test(word))
    .map((word) => word.replace(/(?<=.)@[^/]*$/, ''));
}

/** Packages the docs import as the user's own client of the service, not as part of Styler. */
const USER_CLIENTS = new Set(['openai']);

/** The packages the code of a Markdown file imports: `from 'name'` and `import('name')`, subpaths cut. */
export function importedPackages(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)'([^']+)'/g)]
    .map((match) => match[1]!)
    .filter((specifier) => !specifier.startsWith('.') && !specifier.startsWith('node:'))
    .map((specifier) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

function trackedDocs(): string[] {
  const listed = execFileSync('git', ['ls-files', '*.md', 'packages/*/src/**/*.ts'], { cwd: ROOT, encoding: 'utf8' });
  return listed.split('\n').filter((path) => path !== '' && !path.startsWith('CHANGELOG'));
}

describe('install commands', () => {
  it('parses the arguments of an install command', () => {
    expect(registryPackages('npm install ../t/styler-dev-styler-0.1.0.tgz vega vega-lite@6 --save')).toEqual([
      'vega',
      'vega-lite',
    ]);
    expect(registryPackages('npm install @styler-dev/analytics')).toEqual(['@styler-dev/analytics']);
    expect(installCommands('run `npm install styler` now; or npm i vega')).toEqual([
      'npm install styler',
      'npm i vega',
    ]);
  });

  it('never name a workspace package or an undeclared package on the registry', () => {
    const offenders: string[] = [];
    for (const path of trackedDocs()) {
      for (const command of installCommands(codeOf(path, readFileSync(join(ROOT, path), 'utf8')))) {
        for (const name of registryPackages(command)) {
          if (WORKSPACE_NAMES.has(name) || !DECLARED_THIRD_PARTY.has(name)) offenders.push(`${path}: ${command}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('import only workspace packages and the dependencies they declare, in the docs', () => {
    expect(importedPackages("import { a } from '@styler-dev/engine/providers';\nawait import('openai')")).toEqual([
      '@styler-dev/engine',
      'openai',
    ]);
    const strangers: string[] = [];
    for (const path of trackedDocs().filter((file) => file.endsWith('.md'))) {
      for (const name of importedPackages(readFileSync(join(ROOT, path), 'utf8'))) {
        if (!WORKSPACE_NAMES.has(name) && !DECLARED_THIRD_PARTY.has(name) && !USER_CLIENTS.has(name)) {
          strangers.push(`${path}: ${name}`);
        }
      }
    }
    expect(strangers).toEqual([]);
  });

  it('include the CLI hint for the research package', () => {
    for (const command of installCommands(RESEARCH_INSTALL_HINT)) {
      expect(registryPackages(command).filter((name) => WORKSPACE_NAMES.has(name))).toEqual([]);
    }
    expect(RESEARCH_INSTALL_HINT).toMatch(/npm pack -w packages\/research/);
  });
});
