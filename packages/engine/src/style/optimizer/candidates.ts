import { clauseWordEdits } from '../ops/clauses.js';
import { connectiveEdits } from '../ops/connectives.js';
import { contractionEdits, repeatedForms } from '../ops/contractions.js';
import { fillerEdits } from '../ops/fillers.js';
import { genericEdits } from '../ops/generic.js';
import { joinEdits } from '../ops/join.js';
import { lexicalEdits } from '../ops/lexical.js';
import { possessiveEdits, relativeClauseEdits } from '../ops/phrases.js';
import { punctuationEdits } from '../ops/punctuation.js';
import { splitEdits } from '../ops/split.js';
import { isRunningProse } from '../text/running-prose.js';
import type { Token } from '../text/token.js';
import type { StructureEdit, TokenEdit } from '../ops/types.js';
import type { EditContext } from '../edits/context.js';
import { lowersCapital } from '../edits/capitals.js';
import { newSentence, type EditBlock, type EditSentence } from './document.js';
import { editDelta, type EditDelta } from './edit-delta.js';
import { habitScore, openerScore } from './habit-score.js';
import { sentenceTriggers, Trigger } from './triggers.js';
import type { SentenceClassCounts } from '../edits/sentence-class.js';

/** A sentence an edit makes: its tokens, class, word count and habit mismatch (a fresh EditSentence). */
export type NewSentence = EditSentence;

/**
 * A proposed edit: which sentences it replaces (as they were when proposed), what replaces them,
 * and the difference it makes to the text's counts.
 */
export interface Candidate {
  id: number;
  op: string;
  block: EditBlock;
  replaced: EditSentence[];
  versions: number[];
  next: NewSentence[];
  delta: EditDelta;
  gain: number;
}

let nextId = 0;

/**
 * Sentences longer than this many tokens are left as they are: each edit copies and rescans its
 * sentence, and a sentence yields edits in proportion to its length, so the work per sentence
 * grows with the square of its length. Real sentences stay far below (250 tokens is a page's
 * paragraph); a run-on text of one "sentence" does not make a request quadratic.
 */
export const MAX_EDIT_TOKENS = 250;

/** A candidate sentence with its habit score (`habit` given when it is known without scanning); words come later. */
function scored(tokens: Token[], classes: SentenceClassCounts, context: EditContext, habit?: number): NewSentence {
  return newSentence(tokens, classes, 0, habit ?? habitScore(tokens, context));
}

/** A candidate replacing `replaced` by `next` (whose word counts it fills in). */
export function makeCandidate(
  id: number,
  op: string,
  block: EditBlock,
  replaced: EditSentence[],
  next: NewSentence[],
): Candidate {
  const { delta, words } = editDelta(replaced, next);
  next.forEach((sentence, i) => {
    sentence.words = words[i] ?? 0;
  });
  const versions: number[] = [];
  for (const sentence of replaced) versions.push(sentence.version);
  return { id, op, block, replaced, versions, next, delta, gain: 0 };
}

/** A candidate, or undefined when it would lower a capital written for a reason (edits/capitals.ts). */
function candidate(
  op: string,
  block: EditBlock,
  replaced: EditSentence[],
  next: NewSentence[],
  context: EditContext,
): Candidate | undefined {
  if (
    lowersCapital(
      replaced.map((sentence) => sentence.tokens),
      next.map((sentence) => sentence.tokens),
      context.names,
    )
  )
    return undefined;
  nextId += 1;
  return makeCandidate(nextId, op, block, replaced, next);
}

function pushCandidate(out: Candidate[], made: Candidate | undefined): void {
  if (made !== undefined) out.push(made);
}

/** True while every sentence the candidate replaces is unchanged. */
export function isCurrent(entry: Candidate): boolean {
  return entry.replaced.every((sentence, i) => sentence.alive && sentence.version === entry.versions[i]);
}

/** Appends every item of `items` to `out` (no spread: arrays of one kind keep the search's code stable). */
function append<T>(out: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i += 1) out.push(items[i] as T);
}

/** Every edit of one sentence on its own (word, phrase, punctuation and clause edits, splits). */
export function sentenceCandidates(block: EditBlock, sentence: EditSentence, context: EditContext): Candidate[] {
  const tokens = sentence.tokens;
  if (tokens.length > MAX_EDIT_TOKENS) return [];
  // Operations whose trigger tokens the sentence lacks would find nothing: they are not run.
  const bits = sentenceTriggers(tokens);
  const has = (bit: number): boolean => (bits & bit) !== 0;
  const edits: TokenEdit[] = [];
  const prose = isRunningProse(block.kind, tokens);
  if (has(Trigger.contraction) && prose) {
    const passage = block.sentences.filter((one) => one.alive).map((one) => one.tokens);
    append(edits, contractionEdits(tokens, context, repeatedForms(passage)));
  }
  append(edits, connectiveEdits(tokens, context));
  if (has(Trigger.generic)) append(edits, genericEdits(tokens, context));
  if (has(Trigger.lexical)) append(edits, lexicalEdits(tokens, context));
  // A label's colon, a list item's dash, a header's marks are layout: punctuation is the author's
  // habit only in running prose, and so are contractions (the plan counts them there).
  if (has(Trigger.punctuation) && prose) append(edits, punctuationEdits(tokens, context));
  append(edits, fillerEdits(tokens, context));
  if (has(Trigger.clause)) append(edits, clauseWordEdits(tokens));
  const out: Candidate[] = [];
  for (const edit of edits) {
    pushCandidate(
      out,
      candidate(edit.op, block, [sentence], [scored(edit.tokens, sentence.classes, context)], context),
    );
  }
  // Rewording inside a clause (relative clauses, possessives) touches no habit: the score carries over.
  const habitNeutral: StructureEdit[] = [];
  if (has(Trigger.relative)) append(habitNeutral, relativeClauseEdits(tokens, sentence.classes));
  if (has(Trigger.possessive)) append(habitNeutral, possessiveEdits(tokens, sentence.classes));
  for (const edit of habitNeutral) {
    const only = edit.sentences[0];
    if (only !== undefined)
      pushCandidate(
        out,
        candidate(edit.op, block, [sentence], [scored(only.tokens, only.classes, context, sentence.habit)], context),
      );
  }
  if (has(Trigger.split)) {
    for (const edit of splitEdits(tokens, sentence.classes, context)) {
      const next: NewSentence[] = [];
      for (const part of edit.sentences) next.push(scored(part.tokens, part.classes, context));
      pushCandidate(out, candidate(edit.op, block, [sentence], next, context));
    }
  }
  return out;
}

/** Joins of two neighbouring sentences of a block. */
export function pairCandidates(
  block: EditBlock,
  first: EditSentence,
  second: EditSentence,
  context: EditContext,
): Candidate[] {
  const part = (sentence: EditSentence): { tokens: Token[]; classes: SentenceClassCounts; words: number } => ({
    tokens: sentence.tokens,
    classes: sentence.classes,
    words: sentence.words,
  });
  // A joined sentence keeps both parts' habits, except the second part's opener, which no longer opens a sentence.
  if (first.tokens.length + second.tokens.length > MAX_EDIT_TOKENS) return [];
  const habit = first.habit + second.habit - openerScore(second.tokens, context);
  const out: Candidate[] = [];
  for (const edit of joinEdits(part(first), part(second), context)) {
    const next: NewSentence[] = [];
    for (const joined of edit.sentences) next.push(scored(joined.tokens, joined.classes, context, habit));
    pushCandidate(out, candidate(edit.op, block, [first, second], next, context));
  }
  return out;
}
