import { clauseWordEdits } from '../ops/clauses.js';
import { connectiveEdits } from '../ops/connectives.js';
import { contractionEdits } from '../ops/contractions.js';
import { fillerEdits } from '../ops/fillers.js';
import { genericEdits } from '../ops/generic.js';
import { joinEdits } from '../ops/join.js';
import { lexicalEdits } from '../ops/lexical.js';
import { possessiveEdits, relativeClauseEdits } from '../ops/phrases.js';
import { punctuationEdits } from '../ops/punctuation.js';
import { splitEdits } from '../ops/split.js';
import { synonymEdits } from '../ops/synonyms.js';
import { passiveEdits } from '../ops/voice.js';
import type { Token } from '../text/token.js';
import type { EditContext } from './context.js';
import type { EditBlock, EditSentence } from './document.js';
import { editDelta, type EditDelta } from './delta.js';
import { habitScore, openerScore } from './habit-score.js';
import type { Scored } from './scorer.js';
import type { SentenceClassCounts } from './state.js';

/** A sentence an edit makes: its tokens, class, word count and habit mismatch. */
export type NewSentence = Scored & { tokens: Token[] };

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

/** A candidate sentence with its habit score (`habit` given when it is known without scanning); words come later. */
function scored(tokens: Token[], classes: SentenceClassCounts, context: EditContext, habit?: number): NewSentence {
  return { tokens, classes, words: 0, habit: habit ?? habitScore(tokens, context) };
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
  return { id, op, block, replaced, versions: replaced.map((s) => s.version), next, delta, gain: 0 };
}

function candidate(op: string, block: EditBlock, replaced: EditSentence[], next: NewSentence[]): Candidate {
  nextId += 1;
  return makeCandidate(nextId, op, block, replaced, next);
}

/** True while every sentence the candidate replaces is unchanged. */
export function isCurrent(entry: Candidate): boolean {
  return entry.replaced.every((sentence, i) => sentence.alive && sentence.version === entry.versions[i]);
}

/** Every edit of one sentence on its own (word, phrase, punctuation and clause edits, splits). */
export function sentenceCandidates(block: EditBlock, sentence: EditSentence, context: EditContext): Candidate[] {
  const tokens = sentence.tokens;
  const edits = [
    ...contractionEdits(tokens, context),
    ...connectiveEdits(tokens, context),
    ...genericEdits(tokens, context),
    ...lexicalEdits(tokens, context),
    ...punctuationEdits(tokens, context),
    ...fillerEdits(tokens, context),
    ...clauseWordEdits(tokens),
    ...synonymEdits(tokens, context),
  ];
  const out = edits.map((edit) =>
    candidate(edit.op, block, [sentence], [scored(edit.tokens, sentence.classes, context)]),
  );
  // Rewording inside a clause (relative clauses, possessives, voice) touches no habit: the score carries over.
  const habitNeutral = [
    ...relativeClauseEdits(tokens, sentence.classes),
    ...possessiveEdits(tokens, sentence.classes),
    ...passiveEdits(tokens, sentence.classes),
  ];
  for (const edit of habitNeutral) {
    const [only] = edit.sentences;
    if (only !== undefined)
      out.push(candidate(edit.op, block, [sentence], [scored(only.tokens, only.classes, context, sentence.habit)]));
  }
  const structural = splitEdits(tokens, sentence.classes, context);
  for (const edit of structural) {
    out.push(
      candidate(
        edit.op,
        block,
        [sentence],
        edit.sentences.map((s) => scored(s.tokens, s.classes, context)),
      ),
    );
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
  const habit = first.habit + second.habit - openerScore(second.tokens, context);
  return joinEdits(part(first), part(second), context).map((edit) =>
    candidate(
      edit.op,
      block,
      [first, second],
      edit.sentences.map((s) => scored(s.tokens, s.classes, context, habit)),
    ),
  );
}
