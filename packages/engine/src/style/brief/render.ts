import type { StyleBrief } from './types.js';

/** The line that separates example passages in the prompt text. */
export const EXAMPLE_SEPARATOR = '---';

/**
 * The brief as prompt text: the voice as a bulleted list, then the favoured words, the words and
 * openers to avoid, and the example passages between EXAMPLE_SEPARATOR lines. Sections without
 * content are left out; an empty brief renders as a single line saying so.
 */
export function renderBrief(brief: StyleBrief): string {
  const sections: string[] = [];
  if (brief.lines.length > 0)
    sections.push(["The author's voice:", ...brief.lines.map((line) => `- ${line.text}`)].join('\n'));
  if (brief.favouredWords.length > 0)
    sections.push(
      `Words the author uses more than other writers (use them where they fit the meaning; never add content for them): ${brief.favouredWords.map((one) => one.word).join(', ')}.`,
    );
  if (brief.avoided.words.length > 0)
    sections.push(`Words and phrases the author never uses (avoid them): ${brief.avoided.words.join(', ')}.`);
  if (brief.avoided.openers.length > 0)
    sections.push(`Sentence openers the author never uses (avoid them): ${brief.avoided.openers.join(', ')}.`);
  if (brief.examples.length > 0)
    sections.push(
      [
        'Passages by the author, chosen for their voice (imitate how they are written, never what they say):',
        ...brief.examples.map((example) => `${EXAMPLE_SEPARATOR}\n${example.text}`),
        EXAMPLE_SEPARATOR,
      ].join('\n'),
    );
  return sections.length > 0 ? sections.join('\n\n') : "The author's voice: too little of their writing to describe.";
}
