/** The texts of `styler corpus`: author folders, a list of labelled files, unknown texts. */
import { readFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, normalize, resolve, sep } from 'node:path';
import { CliError, expandNamedPaths, type SkipNote } from '@styler-dev/cli-kit';
import type { CorpusSource } from './corpus-read.js';

/**
 * `--list FILE`: one document a line, `path<TAB>label` (or `path,label`); no label: unknown
 * authorship. Relative paths are read from the list's folder; blank lines and `#` comments skipped.
 */
async function readLabelledList(list: string): Promise<CorpusSource[]> {
  let text: string;
  try {
    text = await readFile(list, 'utf8');
  } catch {
    throw new CliError(`--list: cannot read ${list}`);
  }
  const sources: CorpusSource[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '' || line.trimStart().startsWith('#')) return;
    const [file = '', label = ''] = line.split(/\t|,(?=[^,]*$)/).map((part) => part.trim());
    if (file === '') throw new CliError(`--list ${list}:${i + 1}: no file name`);
    const path = isAbsolute(file) ? file : join(dirname(list), file);
    // Named as the list writes it, so two authors' 01.txt stay apart.
    const name = normalize(file).split(sep).join('/');
    sources.push(label === '' ? { path, name } : { path, name, author: label });
  });
  return sources;
}

/**
 * Each author folder's texts labelled with the folder's name, then the --list's, then the unknown
 * ones; each named by its path from the folder above its argument (`alice/01.txt`, `unknown/x.txt`).
 * Folder entries passed over (links to nothing, loops, FIFOs) go to `onSkip`.
 */
export async function corpusSources(
  folders: readonly string[],
  list: string | undefined,
  unknown: string | undefined,
  onSkip?: SkipNote,
): Promise<CorpusSource[]> {
  const sources: CorpusSource[] = [];
  for (const folder of folders) {
    const author = basename(resolve(folder));
    for (const { path, name } of await expandNamedPaths([folder], onSkip)) sources.push({ path, name, author });
  }
  if (list !== undefined) sources.push(...(await readLabelledList(list)));
  if (unknown !== undefined) {
    for (const { path, name } of await expandNamedPaths([unknown], onSkip)) sources.push({ path, name });
  }
  return sources;
}
