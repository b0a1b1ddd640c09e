/**
 * How the figures name documents and groups: a document by its file without the folder its name
 * repeats (`Hamilton/Hamilton_29.txt` → `Hamilton_29`), an unknown document's group by its folder
 * (`disputed/x.txt` → `disputed`), as the reader named them.
 */

/** The document's label in a figure: no extension, and no folder when the file's name repeats it. */
export function documentLabel(name: string): string {
  const slash = name.lastIndexOf('/');
  const file = name.slice(slash + 1).replace(/\.[A-Za-z0-9]{1,5}$/, '');
  if (slash < 0) return file;
  const folder = name.slice(0, slash);
  const last = folder.slice(folder.lastIndexOf('/') + 1);
  return file.toLowerCase().includes(last.toLowerCase()) ? file : `${folder}/${file}`;
}

/** The group of an unlabelled document: its top folder, else "unknown". */
export function unknownGroup(name: string): string {
  const slash = name.indexOf('/');
  return slash > 0 ? name.slice(0, slash) : 'unknown';
}

/** Each document's group: its author, or for an unknown one its folder. */
export function documentGroups(
  documents: ReadonlyArray<{ name: string; author: string | null | undefined }>,
): string[] {
  return documents.map((document) => document.author ?? unknownGroup(document.name));
}

/** The groups in figure order: the authors sorted, then the unknown groups sorted. */
export function groupOrder(authors: ReadonlyArray<string | null | undefined>, groups: readonly string[]): string[] {
  const known = [...new Set(authors.filter((author): author is string => typeof author === 'string'))].sort();
  const unknown = [...new Set(groups.filter((group, i) => typeof authors[i] !== 'string'))]
    .filter((group) => !known.includes(group))
    .sort();
  return [...known, ...unknown];
}
