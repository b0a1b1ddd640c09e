import { mayEditClauseWord } from '../ops/clauses.js';
import { mayContract } from '../ops/contractions.js';
import { startsGeneric } from '../ops/generic.js';
import { mayRespell } from '../ops/lexical.js';
import { mayEditPossessive, mayEditRelative } from '../ops/phrases.js';
import { mayPunctuate } from '../ops/punctuation.js';
import { maySplitAt } from '../ops/split.js';
import { keyOf } from '../ops/tokens.js';
import { memoOf, type Token } from '../text/token.js';

/**
 * Operations that edit only around particular tokens, as bits. Each bit stands for a necessary
 * condition of its operation (the `may…` predicate next to it): a sentence without such a token
 * gets no edit from that operation, so the operation need not run on it.
 */
export const Trigger = {
  contraction: 1,
  generic: 2,
  lexical: 4,
  punctuation: 8,
  clause: 16,
  relative: 64,
  possessive: 128,
  split: 256,
} as const;

function measure(piece: Token): number {
  if (piece.kind === 'space' || piece.kind === 'markup') return 0;
  if (piece.kind === 'punct')
    return (mayPunctuate(piece, '') ? Trigger.punctuation : 0) | (maySplitAt(piece) ? Trigger.split : 0);
  const key = keyOf(piece);
  let bits = 0;
  if (mayContract(piece, key)) bits |= Trigger.contraction;
  if (startsGeneric(piece, key)) bits |= Trigger.generic;
  if (mayRespell(piece, key)) bits |= Trigger.lexical;
  if (mayPunctuate(piece, key)) bits |= Trigger.punctuation;
  if (mayEditClauseWord(piece, key)) bits |= Trigger.clause;
  if (mayEditRelative(piece, key)) bits |= Trigger.relative;
  if (mayEditPossessive(piece)) bits |= Trigger.possessive;
  return bits;
}

/** The operations a token may trigger (cached in its memo: they depend on the token alone). */
export function tokenTriggers(piece: Token): number {
  const memo = piece.memo;
  if (memo !== undefined && memo.owner === piece && memo.triggers >= 0) return memo.triggers;
  const bits = measure(piece);
  memoOf(piece).triggers = bits;
  return bits;
}

/** The operations any token of a sentence may trigger. */
export function sentenceTriggers(tokens: readonly Token[]): number {
  let bits = 0;
  for (let i = 0; i < tokens.length; i += 1) bits |= tokenTriggers(tokens[i] as Token);
  return bits;
}
