/** The only folder that imports wink-nlp or a syllable counter (syllable, the CMU dictionary). Text in, plain data out. */
export { analyzeText, proseBlocks } from './analyze.js';
export { normalizeText, parseBlocks, inlineText, type Block, type BlockKind } from './markdown.js';
export { tagText, tagSentence, type TaggedDocument } from './tagger.js';
export type { TaggedToken } from './tagged-token.js';
export { groupWords, type Word } from './words.js';
export { countSyllables } from './syllables.js';
export { FUNCTION_WORDS } from './function-words.js';
export { classifySentence } from './classify-sentence.js';
export { classifyTokens, classifyTokensByRules, structureFromCounts } from './clauses/index.js';
export { IRREGULAR_BASE_FORMS } from './clauses/irregular-verbs.js';
export { countPunctuation, forEachPunctuationMark } from './punctuation.js';
