/**
 * Hard-wrapped text: lines broken at a fixed width (Project Gutenberg's plain text, e-mail, OCR)
 * rather than at paragraphs. Most of its lines end without sentence punctuation and are of about the
 * same length. The sentence splitter reads a single line break as a space, so wrapped sentences are
 * still counted once (the Darwin letters wrapped at 70 columns keep every count); what goes wrong in
 * such files is a heading, salutation or paragraph end without punctuation followed by a line break
 * alone, which runs into the next sentence. The corpus report warns so a reader checks those counts.
 */

/** Lines needed before a text is judged: a short note says nothing about wrapping. */
const MIN_LINES = 8;
/** Share of lines ending without sentence punctuation above which the breaks look like wrapping. */
const OPEN_SHARE = 0.6;
/** Coefficient of variation of those lines' lengths below which they look cut to one width. */
const LENGTH_VARIATION = 0.25;

const SENTENCE_END = /[.!?:;…"'”’»)\]]$/u;

/**
 * Whether a text looks hard-wrapped: at least MIN_LINES non-blank lines, more than OPEN_SHARE of
 * them ending without sentence punctuation, and those lines' lengths varying by less than
 * LENGTH_VARIATION (standard deviation over mean, in characters).
 */
export function looksHardWrapped(text: string): boolean {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length < MIN_LINES) return false;
  const open = lines.filter((line) => !SENTENCE_END.test(line)).map((line) => line.length);
  if (open.length <= OPEN_SHARE * lines.length) return false;
  const mean = open.reduce((sum, length) => sum + length, 0) / open.length;
  const variance = open.reduce((sum, length) => sum + (length - mean) ** 2, 0) / open.length;
  return Math.sqrt(variance) / mean < LENGTH_VARIATION;
}
