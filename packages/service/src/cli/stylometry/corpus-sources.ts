/** The texts of `styler corpus`: author folders, a list of labelled files, unknown texts. */
import { readFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import { expandPaths } from '../documents.js';
import { CliError } from '../io.js';
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
    sources.push(label === '' ? { path } : { path, author: label });
  });
  return sources;
}

/** Each author folder's texts labelled with the folder's name, then the --list's, then the unknown ones. */
export async function corpusSources(
  folders: readonly string[],
  list: string | undefined,
  unknown: string | undefined,
): Promise<CorpusSource[]> {
  const sources: CorpusSource[] = [];
  for (const folder of folders) {
    const author = basename(resolve(folder));
    for (const path of await expandPaths([folder])) sources.push({ path, author });
  }
  if (list !== undefined) sources.push(...(await readLabelledList(list)));
  if (unknown !== undefined) for (const path of await expandPaths([unknown])) sources.push({ path });
  return sources;
}
