import { CandidateHeap } from './heap.js';
import { isCurrent, makeCandidate, pairCandidates, sentenceCandidates, type Candidate } from './candidates.js';
import type { EditContext } from './context.js';
import { newSentence, type EditBlock, type EditDocument, type EditSentence } from './document.js';
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
  const out: Candidate[] = [];
  for (const applied of history) {
    if (!applied.created.every((sentence) => sentence.alive)) continue;
    revertId -= 1;
    const next: EditSentence[] = [];
    for (const { tokens, classes, words, habit } of applied.removed)
      next.push(newSentence(tokens, classes, words, habit));
    out.push(makeCandidate(revertId, 'revert', applied.block, applied.created, next));
  }
  return out;
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
  // Stale candidates never become current again: dropping them now and then (order kept) leaves
  // the repair phase the same candidates and keeps less garbage alive.
  let pruneAt = 256;
  const phase = (initial: Candidate[]): number => {
    const heap = new CandidateHeap();
    const evaluate = (entry: Candidate): void => {
      pool.push(entry);
      if (pool.length >= pruneAt) {
        keepCurrent(pool);
        pruneAt = Math.max(256, 2 * pool.length);
      }
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

/** Removes the candidates that are no longer current, in place, keeping the others' order. */
function keepCurrent(pool: Candidate[]): void {
  let kept = 0;
  for (const entry of pool) if (isCurrent(entry)) pool[kept++] = entry;
  pool.length = kept;
}

/** Replaces the candidate's sentences in its block and in the scorer's state; returns the new sentences. */
function applyCandidate(entry: Candidate, scorer: Scorer): EditSentence[] {
  const block = entry.block;
  const index = block.sentences.indexOf(entry.replaced[0] as EditSentence);
  for (const sentence of entry.replaced) {
    sentence.alive = false;
    sentence.version += 1;
  }
  // Built with push, as every sentence list is: arrays of one kind keep the search's code stable.
  const created: EditSentence[] = [];
  for (const next of entry.next) created.push(newSentence(next.tokens, next.classes, next.words, next.habit));
  scorer.replace(entry.replaced, created, entry.delta);
  block.sentences.splice(index, entry.replaced.length, ...created);
  return created;
}
