import { CandidateHeap } from './heap.js';
import { isCurrent, makeCandidate, pairCandidates, sentenceCandidates, type Candidate } from './candidates.js';
import type { EditContext } from './context.js';
import type { EditBlock, EditDocument, EditSentence } from './document.js';
import { EXPLORE_PENALTY, REPAIR_MARGIN, REPAIR_PENALTY, type Scorer } from './scorer.js';

/** Edits applied per input sentence and phase, at most (a bound on work, far above what the objective takes). */
const EDITS_PER_SENTENCE = 6;
/** Gains below this are noise. */
const MIN_GAIN = 1e-9;

/** An applied edit: the sentences it removed and the ones it made (to undo it while repairing). */
interface Applied {
  block: EditBlock;
  removed: EditSentence[];
  created: EditSentence[];
}

function neighbours(block: EditBlock, sentence: EditSentence): [EditSentence | undefined, EditSentence | undefined] {
  const index = block.sentences.indexOf(sentence);
  return [block.sentences[index - 1], block.sentences[index + 1]];
}

function pairsOf(block: EditBlock, chain: readonly EditSentence[], context: EditContext): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i + 1 < chain.length; i += 1) {
    const a = chain[i];
    const b = chain[i + 1];
    if (a !== undefined && b !== undefined) out.push(...pairCandidates(block, a, b, context));
  }
  return out;
}

function allCandidates(document: EditDocument, context: EditContext): Candidate[] {
  const out: Candidate[] = [];
  for (const block of document.blocks) {
    if (!block.prose) continue;
    for (const sentence of block.sentences) out.push(...sentenceCandidates(block, sentence, context));
    out.push(...pairsOf(block, block.sentences, context));
  }
  return out;
}

let revertId = -1;

/** Candidates that undo an applied edit whose sentences are still as it left them. */
function revertCandidates(history: readonly Applied[]): Candidate[] {
  return history
    .filter((applied) => applied.created.every((sentence) => sentence.alive))
    .map((applied) => {
      revertId -= 1;
      const next = applied.removed.map(({ tokens, classes, words, habit }) => ({ tokens, classes, words, habit }));
      return makeCandidate(revertId, 'revert', applied.block, applied.created, next);
    });
}

/**
 * Greedy edit selection with the analytics as objective, in two phases: explore (mild penalty for
 * groups that get worse than the input), then repair (steep penalty, plus candidates that undo
 * earlier edits). Within a phase, evaluation is lazy: every candidate's gain is computed once; the
 * best is re-evaluated against the current text and applied only if its gain is still positive and
 * still the best; sentences it changed get fresh candidates. Returns the number of edits applied.
 */
export function searchEdits(document: EditDocument, scorer: Scorer, context: EditContext): number {
  const history: Applied[] = [];
  const sentences = document.blocks.reduce((sum, block) => sum + block.sentences.length, 0);
  const budget = Math.max(20, EDITS_PER_SENTENCE * sentences);
  // Every candidate made so far: the repair phase re-evaluates those still current instead of regenerating them.
  const pool: Candidate[] = [];
  const phase = (initial: Candidate[]): number => {
    const heap = new CandidateHeap();
    const evaluate = (entry: Candidate): void => {
      pool.push(entry);
      entry.gain = scorer.tryReplace(entry.replaced, entry.next, entry.delta);
      if (entry.gain > MIN_GAIN) heap.push(entry);
    };
    for (const entry of initial) evaluate(entry);
    let applied = 0;
    while (heap.size > 0 && applied < budget) {
      const entry = heap.pop();
      if (entry === undefined) break;
      if (!isCurrent(entry)) continue;
      const gain = scorer.tryReplace(entry.replaced, entry.next, entry.delta);
      if (gain <= MIN_GAIN) continue;
      if (gain < heap.peekGain()) {
        entry.gain = gain;
        heap.push(entry);
        continue;
      }
      const created = applyCandidate(entry, scorer);
      history.push({ block: entry.block, removed: entry.replaced, created });
      applied += 1;
      for (const sentence of created)
        for (const next of sentenceCandidates(entry.block, sentence, context)) evaluate(next);
      const first = created[0];
      const last = created[created.length - 1];
      if (first === undefined || last === undefined) continue;
      const chain = [neighbours(entry.block, first)[0], ...created, neighbours(entry.block, last)[1]];
      for (const next of pairsOf(
        entry.block,
        chain.filter((s): s is EditSentence => s !== undefined),
        context,
      ))
        evaluate(next);
    }
    return applied;
  };
  scorer.penalty = EXPLORE_PENALTY;
  scorer.margin = 0;
  let applied = phase(allCandidates(document, context));
  // Repair only when a group did not end clearly below the input.
  if (scorer.residuals().every((residual) => residual <= 1 - REPAIR_MARGIN)) return applied;
  scorer.penalty = REPAIR_PENALTY;
  scorer.margin = REPAIR_MARGIN;
  const current = pool.filter(isCurrent);
  pool.length = 0;
  applied += phase([...revertCandidates(history), ...current]);
  return applied;
}

/** Replaces the candidate's sentences in its block and in the scorer's state; returns the new sentences. */
function applyCandidate(entry: Candidate, scorer: Scorer): EditSentence[] {
  const block = entry.block;
  const index = block.sentences.indexOf(entry.replaced[0] as EditSentence);
  for (const sentence of entry.replaced) {
    sentence.alive = false;
    sentence.version += 1;
  }
  const created: EditSentence[] = entry.next.map((next) => ({
    tokens: next.tokens,
    classes: next.classes,
    words: next.words,
    habit: next.habit,
    version: 0,
    alive: true,
  }));
  scorer.replace(entry.replaced, created, entry.delta);
  block.sentences.splice(index, entry.replaced.length, ...created);
  return created;
}
