/**
 * Word-form counts for authorship measures: lower-cased letter runs (with inner apostrophes, so
 * "don't" and "author's" stay one form; a typographic apostrophe counts as a straight one). Digits,
 * punctuation and Markdown syntax are not words here. Plain regex work, no tagger: Delta compares
 * the forms writers choose, not their parts of speech.
 */
const WORD_FORM = /\p{L}+(?:['’]\p{L}+)*/gu;

const formOf = (match: string): string => match.toLowerCase().replace(/’/g, "'");

/** Counts of each lower-cased word form of `text`. */
export function countWordForms(text: string): Record<string, number> {
  const counts: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const form of wordFormSequence(text)) counts[form] = (counts[form] ?? 0) + 1;
  return counts;
}

/** The word forms of `text` in text order (what n-grams, samples and rolling windows are cut from). */
export function wordFormSequence(text: string): string[] {
  // The matched strings alone (no match object for each word, as matchAll makes), each made a form in place.
  const forms = text.match(WORD_FORM) ?? [];
  for (let i = 0; i < forms.length; i += 1) forms[i] = formOf(forms[i]!);
  return forms;
}

/** The sum of several count maps. */
export function sumWordForms(all: ReadonlyArray<Readonly<Record<string, number>>>): Record<string, number> {
  const total: Record<string, number> = Object.create(null) as Record<string, number>;
  for (const counts of all)
    for (const [form, count] of Object.entries(counts)) total[form] = (total[form] ?? 0) + count;
  return total;
}

/** The `limit` most frequent forms of `counts` with their counts (ties: alphabetical), as a plain object. */
export function topWordForms(counts: Readonly<Record<string, number>>, limit: number): Record<string, number> {
  const top = Object.entries(counts)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit);
  return Object.fromEntries(top);
}
