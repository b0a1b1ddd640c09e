/**
 * Which corpora the benches read when none is given (bench/support/corpora-dir.mjs): STYLER_CORPORA,
 * else the development corpora beside the repository, else the repository's samples; and where a
 * corpora folder's AI inputs are.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aiInputsDir, defaultCorporaDir } from '../../support/corpora-dir.mjs';
import { authors, readFolder, setCorpora } from '../../style/corpora.mjs';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

let parent: string;
let repository: string;

beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'styler-corpora-'));
  repository = join(parent, 'styler');
  mkdirSync(join(repository, 'samples', 'corpus'), { recursive: true });
});

afterEach(() => {
  rmSync(parent, { recursive: true, force: true });
});

describe('defaultCorporaDir', () => {
  it('is STYLER_CORPORA when set, whatever is beside the repository', () => {
    mkdirSync(join(parent, 'shared', 'corpora'), { recursive: true });
    expect(defaultCorporaDir({ STYLER_CORPORA: '/data/corpora' }, repository)).toBe('/data/corpora');
  });

  it('is ../shared/corpora beside the repository when that folder is there', () => {
    mkdirSync(join(parent, 'shared', 'corpora'), { recursive: true });
    expect(defaultCorporaDir({}, repository)).toBe(join(parent, 'shared', 'corpora'));
  });

  it("is the repository's samples/corpus in a clone with neither", () => {
    expect(defaultCorporaDir({ STYLER_CORPORA: '  ' }, repository)).toBe(join(repository, 'samples', 'corpus'));
  });
});

describe('aiInputsDir', () => {
  it('is the ai-inputs folder among the authors, as in the development corpora', () => {
    const corpora = join(parent, 'corpora');
    mkdirSync(join(corpora, 'ai-inputs'), { recursive: true });
    expect(aiInputsDir(corpora)).toBe(join(corpora, 'ai-inputs'));
  });

  it('is the ai-inputs folder beside the authors otherwise, as in the samples', () => {
    expect(aiInputsDir(join(repository, 'samples', 'corpus'))).toBe(join(repository, 'samples', 'ai-inputs'));
  });
});

describe('the shipped samples, as the style benches read them', () => {
  it("are four authors, and the AI inputs beside them are read as the corpora's ai-inputs", () => {
    setCorpora(join(REPOSITORY, 'samples', 'corpus'));
    expect(authors()).toEqual(['austen-letters', 'darwin-letters', 'federalist-hamilton', 'twain-speeches']);
    const inputs = readFolder('ai-inputs').map((input: { file: string }) => input.file);
    expect(inputs).toEqual(readdirSync(join(REPOSITORY, 'samples', 'ai-inputs')).sort());
    expect(inputs.length).toBeGreaterThan(0);
  });
});
