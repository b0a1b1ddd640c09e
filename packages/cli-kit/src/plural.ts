/**
 * `count` and the noun in the number it takes: "1 file", "0 files", "3 files". `pluralNoun` for
 * nouns that do not just add an "s" ("1 analysis", "2 analyses").
 */
export function countOf(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
