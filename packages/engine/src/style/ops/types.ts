import type { Token } from '../text/token.js';
import type { SentenceClassCounts } from '../edits/sentence-class.js';

/** An edit inside one sentence: the sentence's new tokens (its class is kept). */
export interface TokenEdit {
  /** The operation's name (contract, expand, connective, generic, ...). */
  op: string;
  tokens: Token[];
}

/** An edit that joins or splits sentences: the new sentences with their predicted classes. */
export interface StructureEdit {
  op: string;
  sentences: Array<{ tokens: Token[]; classes: SentenceClassCounts }>;
}
