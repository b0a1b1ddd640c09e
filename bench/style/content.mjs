// What restyling must keep: numbers, names and URLs (found independently of the engine).
const NUMBER = /\d+(?:[.,:/]\d+)*%?/g;
const URL = /(?:https?:\/\/|www\.)[^\s<>()"'`]*[^\s<>()"'`.,;:!?]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// A capitalised word after a lower-case word, a comma or a digit: a name, not a sentence opener.
const NAME = /(?<=[\p{Ll}\d,;] )\p{Lu}[\p{L}\p{N}'’-]*/gu;

/**
 * Every number, URL/e-mail address and name of a text, with repetitions. Headings are left out:
 * their title-case capitals are not names, and restyling may change heading case.
 */
export function contentItems(text) {
  const body = text.split('\n').filter((line) => !/^\s{0,3}#/.test(line)).join('\n');
  const withoutUrls = body.replace(URL, ' ');
  return [...(body.match(URL) ?? []), ...(withoutUrls.match(NUMBER) ?? []), ...(withoutUrls.match(NAME) ?? [])];
}

function countOf(items) {
  const counts = new Map();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/** Items of the input still present in the output (by multiplicity), and how many the input had. */
export function contentKept(input, output) {
  const before = countOf(contentItems(input));
  const after = countOf(contentItems(output));
  let kept = 0;
  let total = 0;
  for (const [item, count] of before) {
    total += count;
    kept += Math.min(count, after.get(item) ?? 0);
  }
  return { kept, total };
}
