/** Beyond once in this many sentences a rate is "rarely": a writer cannot aim at once in 1,186. */
export const RARELY_SENTENCES = 200;

/** A count written for reading: exact to 10, then to the nearest 5 to 50, then to the nearest 10. */
function readable(every: number): number {
  if (every <= 10) return Math.round(every);
  if (every <= 50) return Math.round(every / 5) * 5;
  return Math.round(every / 10) * 10;
}

/**
 * How often something happens per sentence, in words: "about 2.5 a sentence", "about once a
 * sentence", "about once every 6 sentences", "rarely (less than once every 200 sentences)", "never".
 */
export function perSentencePhrase(perSentence: number): string {
  if (!(perSentence > 0)) return 'never';
  // From 0.6 a sentence on, "once every N sentences" would round N to 1: say it per sentence instead.
  if (perSentence >= 0.6) {
    const times = roundTo(Math.max(1, perSentence), 0.5);
    return times === '1' ? 'about once a sentence' : `about ${times} a sentence`;
  }
  const every = 1 / perSentence;
  if (every > RARELY_SENTENCES) return `rarely (less than once every ${RARELY_SENTENCES} sentences)`;
  return `about once every ${readable(every)} sentences`;
}

/** `value` rounded to a multiple of `step`, written without trailing zeros. */
export function roundTo(value: number, step: number): string {
  return String(Math.round(value / step) * step);
}

/** `"a", "b" and "c"`: quoted forms joined as a reader lists them. */
export function quotedList(forms: readonly string[]): string {
  const quoted = forms.map((form) => `"${form}"`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}
