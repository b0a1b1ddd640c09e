// What restyling must keep: numbers, names and URLs (found independently of the engine).
const NUMBER = /(?<![\p{L}\p{N}])\d+(?:[.,:/]\d+)*%?(?![\p{L}\p{N}])/gu;
const URL = /(?:https?:\/\/|www\.)[^\s<>()"'`]*[^\s<>()"'`.,;:!?]|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
// A capitalised word after a lower-case word, a comma or a digit: a name, not a sentence opener.
const NAME = /(?<=[\p{Ll}\d,;] )\p{Lu}[\p{L}\p{N}'’-]*/gu;

/**
 * Every number, URL/e-mail address and name of a text, with repetitions. Headings are left out:
 * their title-case capitals are not names, and restyling may change heading case.
 */
export function contentItems(text) {
  const body = text
    .split('\n')
    .filter((line) => !/^\s{0,3}#/.test(line))
    .join('\n');
  const withoutUrls = body.replace(URL, ' ');
  const names = (withoutUrls.match(NAME) ?? []).filter((name) => !/^I(?:['’]\w+)?$/.test(name));
  return [...(body.match(URL) ?? []), ...(withoutUrls.match(NUMBER) ?? []), ...names];
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Occurrences of an item as a whole token (not inside a longer word or number). */
function occurrences(text, item) {
  return text.match(new RegExp(`(?<![\\p{L}\\p{N}])${escape(item)}(?![\\p{L}\\p{N}])`, 'gu'))?.length ?? 0;
}

function countOf(items) {
  const counts = new Map();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/**
 * Items of the input (found by position, headings left out) still present anywhere in the
 * output's body as whole tokens, by multiplicity; and how many the input had. A name that moved
 * to the start of a sentence still counts as kept.
 */
export function contentKept(input, output) {
  const before = countOf(contentItems(input));
  const body = output
    .split('\n')
    .filter((line) => !/^\s{0,3}#/.test(line))
    .join('\n');
  let kept = 0;
  let total = 0;
  for (const [item, count] of before) {
    total += count;
    kept += Math.min(count, occurrences(body, item));
  }
  return { kept, total };
}
