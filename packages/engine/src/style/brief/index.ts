/** The style brief: the author's voice in words an LLM can follow, for full mode and the LLM rewrite. */
export { styleBrief } from './brief.js';
export { renderBrief } from './render.js';
export {
  briefMessages,
  fullModeSystemMessage,
  rewriteSystemMessage,
  FULL_MODE_RULES,
  REWRITE_RULES,
  type BriefTask,
} from './messages.js';
export { keynessReference } from './keyness.js';
export { estimateTokens, TOKENS_PER_WORD } from './examples.js';
export type {
  AvoidedForms,
  BriefExample,
  BriefLine,
  BriefTopic,
  FavouredWord,
  StyleBrief,
  StyleBriefOptions,
} from './types.js';
