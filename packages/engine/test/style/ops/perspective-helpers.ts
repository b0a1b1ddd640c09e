import { buildDocument, renderDocument } from '../../../src/style/optimizer/document.js';
import { shiftPerspective, taggedHeading, type Person } from '../../../src/style/ops/perspective.js';

/**
 * A text with its passage shifted as restyle shifts it (prose and headings; block quotes, code and
 * tables fixed), and nothing else edited; undefined when the shift leaves it as it is.
 */
export function shiftedText(text: string, person: Person): string | undefined {
  const document = buildDocument(text);
  const prose = document.blocks.filter((block) => block.prose && block.kind !== 'blockquote');
  const headings = document.blocks.filter((block) => block.headingTokens !== undefined);
  const shifted = shiftPerspective(
    {
      sentences: prose.flatMap((block) => block.sentences.map((sentence) => sentence.tokens)),
      headings: headings.map((block) => taggedHeading(block.headingTokens ?? [])),
      fixed: document.blocks
        .filter((block) => block.headingTokens === undefined && (!block.prose || block.kind === 'blockquote'))
        .map((block) => block.raw),
    },
    person,
  );
  if (shifted === undefined) return undefined;
  let next = 0;
  for (const block of prose) {
    for (const sentence of block.sentences) sentence.tokens = shifted.sentences[next++] ?? sentence.tokens;
  }
  headings.forEach((block, h) => {
    block.headingTokens = shifted.headings[h] ?? block.headingTokens;
  });
  return renderDocument(document);
}

const SECOND_PERSON = /(?<![\p{L}'’-])(?:you(?:r|rs|rself|rselves)?|you['’](?:re|ve|ll|d)|y['’]all)(?![\p{L}'’-])/giu;
const QUOTED = /"[^"\n]*"|“[^”\n]*”/g;

/**
 * The second-person words of a text outside quoted speech, lower-cased, a contraction as its pronoun
 * ("you're" → "you": restyle may contract or expand it).
 */
export function secondPersonWords(text: string): string[] {
  return (text.replace(QUOTED, ' ').match(SECOND_PERSON) ?? []).map((word) =>
    word.toLowerCase().replace(/['’].*$/, ''),
  );
}
