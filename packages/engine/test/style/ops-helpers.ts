import { fitStyle } from '../../src/style/index.js';
import { editContext, type EditContext } from '../../src/style/edits/context.js';
import { buildDocument, type EditSentence } from '../../src/style/optimizer/document.js';
import { joinTokens, type Token } from '../../src/style/text/token.js';
import { CASUAL_DOCUMENTS, FORMAL_DOCUMENTS } from './corpus.js';

export const FORMAL_MODEL = fitStyle(FORMAL_DOCUMENTS);
export const CASUAL_MODEL = fitStyle(CASUAL_DOCUMENTS);

/** The edit context of a model for a text, optionally with a vocabulary of its own. */
export function contextFor(
  model = FORMAL_MODEL,
  options: { shorten?: boolean; vocabulary?: Record<string, number>; names?: string[] } = {},
): EditContext {
  const context = editContext(model, new Set(options.names ?? []), options.shorten === true);
  return options.vocabulary === undefined
    ? context
    : { ...context, vocabulary: { ...context.vocabulary, ...options.vocabulary } };
}

/**
 * The formal author's context with the punctuation habits the split, join and punctuation tests rely
 * on stated outright (the crafted corpus is too small to settle them): closed em dashes, the serial
 * comma, and parentheses and colons proposed.
 */
export function formalPunctuationContext(): EditContext {
  const base = contextFor(FORMAL_MODEL);
  return {
    ...base,
    dash: 'em_closed',
    oxfordComma: true,
    proposes: { ...base.proposes, parentheses: true, colons: true },
  };
}

/** The tagged sentences of a one-paragraph text. */
export function sentencesOf(text: string): EditSentence[] {
  return buildDocument(text).blocks.flatMap((block) => block.sentences);
}

/** The first sentence of a text. */
export function firstSentence(text: string): EditSentence {
  const sentence = sentencesOf(text)[0];
  if (sentence === undefined) throw new Error(`no sentence in ${text}`);
  return sentence;
}

/** The texts of edits of a given operation. */
export function textsOf(
  edits: Array<{ op: string; tokens?: Token[]; sentences?: Array<{ tokens: Token[] }> }>,
  op: string,
): string[] {
  return edits
    .filter((edit) => edit.op === op)
    .map((edit) =>
      (edit.tokens !== undefined
        ? joinTokens(edit.tokens)
        : (edit.sentences ?? []).map((s) => joinTokens(s.tokens)).join('')
      ).trim(),
    );
}
