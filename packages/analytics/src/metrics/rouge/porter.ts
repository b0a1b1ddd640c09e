/**
 * The Porter stemmer as NLTK runs it by default (mode NLTK_EXTENSIONS, nltk 3.8.1), which is what
 * rouge-score uses when `use_stemmer=True`.
 *
 * It follows M. F. Porter, "An algorithm for suffix stripping" (Program 14(3), 1980), with NLTK's
 * departures from the published algorithm: an irregular-forms table, `ies`/`ied` on four-letter
 * words, a two-letter *o rule, `y -> i` only after a consonant, `alli` handled before `bli`,
 * and the extra step-2 rules `fulli -> ful` and `logi -> log`.
 * Checked word for word against NLTK's output in fixtures/reference/porter_stems.jsonl.
 */

/** Words NLTK maps directly, bypassing every step. */
const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map([
  ['sky', 'sky'],
  ['skies', 'sky'],
  ['dying', 'die'],
  ['lying', 'lie'],
  ['tying', 'tie'],
  ['news', 'news'],
  ['innings', 'inning'],
  ['inning', 'inning'],
  ['outings', 'outing'],
  ['outing', 'outing'],
  ['cannings', 'canning'],
  ['canning', 'canning'],
  ['howe', 'howe'],
  ['proceed', 'proceed'],
  ['exceed', 'exceed'],
  ['succeed', 'succeed'],
]);

function isVowelLetter(ch: string | undefined): boolean {
  return ch === 'a' || ch === 'e' || ch === 'i' || ch === 'o' || ch === 'u';
}

/** Porter's consonant: not a vowel letter, and `y` only when it follows a vowel or starts the word. */
function isConsonant(word: string, index: number): boolean {
  const ch = word[index];
  if (isVowelLetter(ch)) return false;
  if (ch !== 'y') return true;
  return index === 0 ? true : !isConsonant(word, index - 1);
}

/** Porter's measure m: the number of vowel-run -> consonant-run transitions in `stem`. */
function measure(stem: string): number {
  let count = 0;
  let previousWasVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const consonant = isConsonant(stem, i);
    if (consonant && previousWasVowel) count++;
    previousWasVowel = !consonant;
  }
  return count;
}

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

/** *d: ends in two equal consonants. */
function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/** *o: ends consonant-vowel-consonant with the last not w, x or y; NLTK also accepts a 2-letter vowel-consonant word. */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (
    n >= 3 &&
    isConsonant(word, n - 3) &&
    !isConsonant(word, n - 2) &&
    isConsonant(word, n - 1) &&
    word[n - 1] !== 'w' &&
    word[n - 1] !== 'x' &&
    word[n - 1] !== 'y'
  ) {
    return true;
  }
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

const positiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureAboveOne = (stem: string): boolean => measure(stem) > 1;

/** A suffix rule: when the word ends in `suffix`, replace it if `condition(stem)` holds. */
type SuffixRule = readonly [suffix: string, replacement: string, condition: ((stem: string) => boolean) | null];

/**
 * Applies the first rule whose suffix the word ends with. As in NLTK, a matching rule whose
 * condition fails stops the search: later rules are not tried.
 */
function applyFirstMatchingRule(word: string, rules: readonly SuffixRule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    return condition === null || condition(stem) ? stem + replacement : word;
  }
  return word;
}

const STEP_1A_RULES: readonly SuffixRule[] = [
  ['sses', 'ss', null],
  ['ies', 'i', null],
  ['ss', 'ss', null],
  ['s', '', null],
];

function step1a(word: string): string {
  // NLTK: 'dies' -> 'die' rather than 'di' (four-letter words only).
  if (word.length === 4 && word.endsWith('ies')) return word.slice(0, 1) + 'ie';
  return applyFirstMatchingRule(word, STEP_1A_RULES);
}

function step1b(word: string): string {
  // NLTK: 'died' -> 'die', 'cried' -> 'cri'.
  if (word.endsWith('ied')) return word.slice(0, -3) + (word.length === 4 ? 'ie' : 'i');
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + 'ee' : word;
  }
  let stem: string | null = null;
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix)) {
      const candidate = word.slice(0, word.length - suffix.length);
      if (containsVowel(candidate)) {
        stem = candidate;
        break;
      }
    }
  }
  if (stem === null) return word;
  // Tidy-up after removing -ed/-ing: restore an 'e' or undouble a final consonant.
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return stem + 'e';
  if (endsDoubleConsonant(stem)) {
    const last = stem[stem.length - 1];
    return last === 'l' || last === 's' || last === 'z' ? stem : stem.slice(0, -1);
  }
  return measure(stem) === 1 && endsCvc(stem) ? stem + 'e' : stem;
}

function step1c(word: string): string {
  if (!word.endsWith('y')) return word;
  const stem = word.slice(0, -1);
  // NLTK: only after a consonant, and never on a one-letter stem ('by' stays, 'cry' -> 'cri').
  return stem.length > 1 && isConsonant(stem, stem.length - 1) ? stem + 'i' : word;
}

const STEP_2_RULES: readonly SuffixRule[] = [
  ['ational', 'ate', positiveMeasure],
  ['tional', 'tion', positiveMeasure],
  ['enci', 'ence', positiveMeasure],
  ['anci', 'ance', positiveMeasure],
  ['izer', 'ize', positiveMeasure],
  ['bli', 'ble', positiveMeasure],
  ['alli', 'al', positiveMeasure],
  ['entli', 'ent', positiveMeasure],
  ['eli', 'e', positiveMeasure],
  ['ousli', 'ous', positiveMeasure],
  ['ization', 'ize', positiveMeasure],
  ['ation', 'ate', positiveMeasure],
  ['ator', 'ate', positiveMeasure],
  ['alism', 'al', positiveMeasure],
  ['iveness', 'ive', positiveMeasure],
  ['fulness', 'ful', positiveMeasure],
  ['ousness', 'ous', positiveMeasure],
  ['aliti', 'al', positiveMeasure],
  ['iviti', 'ive', positiveMeasure],
  ['biliti', 'ble', positiveMeasure],
  ['fulli', 'ful', positiveMeasure],
  // NLTK keeps the 'l' with the stem when measuring, so 'geologi' and 'theologi' shorten too.
  ['logi', 'log', (stem) => measure(stem + 'l') > 0],
];

function step2(word: string): string {
  // NLTK applies alli -> al first and then runs step 2 again on the result.
  if (word.endsWith('alli')) {
    const stem = word.slice(0, -4);
    if (measure(stem) > 0) return step2(stem + 'al');
  }
  return applyFirstMatchingRule(word, STEP_2_RULES);
}

const STEP_3_RULES: readonly SuffixRule[] = [
  ['icate', 'ic', positiveMeasure],
  ['ative', '', positiveMeasure],
  ['alize', 'al', positiveMeasure],
  ['iciti', 'ic', positiveMeasure],
  ['ical', 'ic', positiveMeasure],
  ['ful', '', positiveMeasure],
  ['ness', '', positiveMeasure],
];

const STEP_4_RULES: readonly SuffixRule[] = [
  ['al', '', measureAboveOne],
  ['ance', '', measureAboveOne],
  ['ence', '', measureAboveOne],
  ['er', '', measureAboveOne],
  ['ic', '', measureAboveOne],
  ['able', '', measureAboveOne],
  ['ible', '', measureAboveOne],
  ['ant', '', measureAboveOne],
  ['ement', '', measureAboveOne],
  ['ment', '', measureAboveOne],
  ['ent', '', measureAboveOne],
  ['ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))],
  ['ou', '', measureAboveOne],
  ['ism', '', measureAboveOne],
  ['ate', '', measureAboveOne],
  ['iti', '', measureAboveOne],
  ['ous', '', measureAboveOne],
  ['ive', '', measureAboveOne],
  ['ize', '', measureAboveOne],
];

function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  // The measure is taken on the word minus one 'l', as NLTK does.
  return word.endsWith('ll') && measure(word.slice(0, -1)) > 1 ? word.slice(0, -1) : word;
}

/**
 * NLTK's `PorterStemmer().stem(word)` (default NLTK_EXTENSIONS mode) for a lower-case word.
 * Words of one or two characters come back unchanged. rouge-score only stems tokens longer than
 * 3 characters; that rule lives in the tokenizer, not here.
 */
export function porterStem(word: string): string {
  const irregular = IRREGULAR_FORMS.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return word;
  let stem = step1a(word);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = step2(stem);
  stem = applyFirstMatchingRule(stem, STEP_3_RULES);
  stem = applyFirstMatchingRule(stem, STEP_4_RULES);
  stem = step5a(stem);
  return step5b(stem);
}
