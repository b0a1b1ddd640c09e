/** The three counts the Flesch formulas need. */
export interface ReadabilityCounts {
  words: number;
  sentences: number;
  syllables: number;
}

function ratios({ words, sentences, syllables }: ReadabilityCounts): [number, number] | undefined {
  if (words <= 0 || sentences <= 0) return undefined;
  return [words / sentences, syllables / words];
}

/**
 * Flesch Reading Ease = 206.835 − 1.015 × (words / sentences) − 84.6 × (syllables / words).
 * Unbounded; higher is easier. 0 for a text without words or sentences (textstat's convention).
 */
export function fleschReadingEase(counts: ReadabilityCounts): number {
  const r = ratios(counts);
  return r === undefined ? 0 : 206.835 - 1.015 * r[0] - 84.6 * r[1];
}

/**
 * Flesch-Kincaid Grade = 0.39 × (words / sentences) + 11.8 × (syllables / words) − 15.59.
 * A US school grade; 0 for a text without words or sentences.
 */
export function fleschKincaidGrade(counts: ReadabilityCounts): number {
  const r = ratios(counts);
  return r === undefined ? 0 : 0.39 * r[0] + 11.8 * r[1] - 15.59;
}
