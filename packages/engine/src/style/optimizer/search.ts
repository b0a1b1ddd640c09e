import { CandidateHeap } from './heap.js';
import { isCurrent, makeCandidate, pairCandidates, sentenceCandidates, type Candidate } from './candidates.js';
import type { EditContext } from '../edits/context.js';
import { Deadline } from './deadline.js';
import type { HabitDirection } from './direction.js';
import { newSentence, type EditBlock, type EditDocument, type EditSentence } from './document.js';
import { OBJECTIVE_GROUPS } from './objective.js';
import { EXPLORE_PENALTY, REPAIR_MARGIN, REPAIR_PENALTY, type Scorer } from './scorer.js';

/** Edits applied per input sentence and phase, at most (a bound on work, far above what the objective takes). */
const EDITS_PER_SENTENCE = 6;
/** Gains below this are noise. */
const MIN_GAIN = 1e-9;
/**
 * Gain evaluations per input sentence and phase, at most, on top of one per initial candidate
 * (ordinary prose uses 1 to 7).
 * Lazy greedy re-evaluates a popped candidate whose gain went stale; on repetitive text every
 * candidate's gain shrinks a little with each edit, so without this bound one edit could
 * re-evaluate every waiting candidate (quadratic in the text's length).
 */
const EVALUATIONS_PER_SENTENCE = 16;
/**
 * A re-evaluated candidate within this share of the best waiting gain is applied at once (an
 * approximate lazy greedy): near-ties gain nothing from an exact order and cost re-evaluations.
 */
const LAZY_TOLERANCE = 0.02;
/**
 * Long paragraphs are searched in runs of this many sentences: an edit looks up its sentence's
 * place in its run, so the cost of an edit does not grow with the paragraph. Only joins across a
 * run's boundary are not proposed.
 */
const RUN_SENTENCES = 48;

/** What a search did: input sentences, edits applied and gain evaluations (its work), over both phases. */
export interface SearchStats {
  sentences: number;
  applied: number;
  evaluations: number;
}

/** An applied edit: the sentences it removed and the ones it made (to undo it while repairing). */
interface Applied {
  op: string;
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

/** The prose blocks cut into runs of at most RUN_SENTENCES sentences (each a block of its own for the search). */
function runsOf(document: EditDocument): { block: EditBlock; runs: EditBlock[] }[] {
  const out: { block: EditBlock; runs: EditBlock[] }[] = [];
  for (const block of document.blocks) {
    if (!block.prose) continue;
    if (block.sentences.length <= RUN_SENTENCES) {
      out.push({ block, runs: [block] });
      continue;
    }
    const runs: EditBlock[] = [];
    for (let at = 0; at < block.sentences.length; at += RUN_SENTENCES)
      runs.push({ ...block, sentences: block.sentences.slice(at, at + RUN_SENTENCES) });
    out.push({ block, runs });
  }
  return out;
}

function allCandidates(runs: readonly EditBlock[], context: EditContext, deadline: Deadline): Candidate[] {
  const out: Candidate[] = [];
  for (const run of runs) {
    for (const sentence of run.sentences) {
      deadline.check();
      out.push(...sentenceCandidates(run, sentence, context));
    }
    out.push(...pairsOf(run, run.sentences, context));
  }
  return out;
}

let revertId = -1;

/** Fresh sentences with the words of `sentences` (what an undo puts back). */
function copies(sentences: readonly EditSentence[]): EditSentence[] {
  return sentences.map(({ tokens, classes, words, habit }) => newSentence(tokens, classes, words, habit));
}

/**
 * Candidates that undo an applied edit whose sentences are still as it left them. Undoing an undo
 * makes the edit again: its op is then `redo`, and it must pass the habit direction gate as any new
 * edit does; with `towardInput` there are none.
 */
function revertCandidates(history: readonly Applied[], towardInput = false): Candidate[] {
  const out: Candidate[] = [];
  for (const applied of history) {
    if (towardInput && applied.op === 'revert') continue;
    if (!applied.created.every((sentence) => sentence.alive)) continue;
    revertId -= 1;
    const op = applied.op === 'revert' ? 'redo' : 'revert';
    out.push(makeCandidate(revertId, op, applied.block, applied.created, copies(applied.removed)));
  }
  return out;
}

/**
 * Candidates that put a sentence back as the input had it, when a chain of edits made it (a word
 * swapped in a sentence another edit had changed, a join of edited sentences): undoing only the
 * last edit of the chain would leave the others. Sentences a split made are not restored (their
 * input sentence is no longer one place).
 */
function restoreCandidates(history: readonly Applied[]): Candidate[] {
  const sources = new Map<EditSentence, EditSentence[]>();
  for (const applied of history) {
    if (applied.created.length !== 1) continue;
    const made: EditSentence[] = [];
    for (const sentence of applied.removed) made.push(...(sources.get(sentence) ?? [sentence]));
    sources.set(applied.created[0] as EditSentence, made);
  }
  const out: Candidate[] = [];
  const blocks = new Map<EditSentence, EditBlock>();
  for (const applied of history) for (const sentence of applied.created) blocks.set(sentence, applied.block);
  for (const [sentence, input] of sources) {
    const block = blocks.get(sentence);
    if (!sentence.alive || block === undefined) continue;
    revertId -= 1;
    out.push(makeCandidate(revertId, 'restore', block, [sentence], copies(input)));
  }
  return out;
}

/**
 * Greedy edit selection with the analytics as objective, in two phases: explore (mild penalty for
 * groups that get worse than the input), then repair (steep penalty, plus candidates that undo
 * earlier edits); then two steps judged by the nine groups alone, as restyle's final check judges
 * them (settle, undoCostlyEdits). Within a phase, evaluation is lazy: every candidate's gain is computed once; the
 * best is re-evaluated against the current text and applied only if its gain is still positive and
 * still the best; sentences it changed get fresh candidates. Work is bounded in proportion to the
 * text: edits and gain evaluations per sentence are capped, and `deadline` is checked as it goes.
 * With `direction`, an edit that would move a counted habit away from the author, or past the
 * author's rate, is never applied (direction.ts).
 */
export function searchEdits(
  document: EditDocument,
  scorer: Scorer,
  context: EditContext,
  deadline: Deadline = new Deadline(undefined),
  direction?: HabitDirection,
): SearchStats {
  const history: Applied[] = [];
  const blocks = runsOf(document);
  const runs = blocks.flatMap((entry) => entry.runs);
  const sentences = runs.reduce((sum, run) => sum + run.sentences.length, 0);
  const budget = Math.max(20, EDITS_PER_SENTENCE * sentences);
  try {
    return searchRuns(runs, scorer, context, deadline, history, budget, sentences, direction);
  } finally {
    // Runs are views of their paragraph: put the edited sentences back in it.
    for (const { block, runs: parts } of blocks)
      if (parts.length > 1) block.sentences = parts.flatMap((r) => r.sentences);
  }
}

function searchRuns(
  runs: readonly EditBlock[],
  scorer: Scorer,
  context: EditContext,
  deadline: Deadline,
  history: Applied[],
  budget: number,
  sentences: number,
  direction: HabitDirection | undefined,
): SearchStats {
  const stats: SearchStats = { sentences, applied: 0, evaluations: 0 };
  // Contractions move to the author's rate and no further (engine/contraction-plan.ts).
  let contractionsLeft = context.contractionChanges ?? Number.POSITIVE_INFINITY;
  // Every candidate made so far: the repair phase re-evaluates those still current instead of regenerating them.
  const pool: Candidate[] = [];
  // Stale candidates never become current again: dropping them now and then (order kept) leaves
  // the repair phase the same candidates and keeps less garbage alive.
  let pruneAt = 256;
  const phase = (initial: Candidate[]): number => {
    const heap = new CandidateHeap();
    let evaluations = initial.length + EVALUATIONS_PER_SENTENCE * Math.max(1, sentences);
    const evaluate = (entry: Candidate): void => {
      evaluations -= 1;
      stats.evaluations += 1;
      deadline.check();
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
    while (heap.size > 0 && applied < budget && evaluations > 0) {
      const entry = heap.pop();
      if (entry === undefined) break;
      if (!isCurrent(entry)) continue;
      const contraction = entry.op === 'contract' || entry.op === 'expand';
      if (contraction && contractionsLeft <= 0) continue;
      // Repairing holds readability to what the words did (Scorer.readabilityAtLength): a new join or
      // split there would trade readability unchecked. Joining and splitting are the explore phase's.
      if (scorer.readabilityAtLength && entry.op !== 'revert' && entry.replaced.length !== entry.next.length) continue;
      // A habit moves toward the author or not at all; undoing an edit only goes back toward the input.
      if (
        direction !== undefined &&
        entry.op !== 'revert' &&
        !direction.allows(entry.block.kind, entry.replaced, entry.next)
      )
        continue;
      evaluations -= 1;
      stats.evaluations += 1;
      deadline.check();
      const gain = scorer.tryReplace(entry.replaced, entry.next, entry.delta);
      if (gain <= MIN_GAIN) continue;
      if (gain < heap.peekGain() * (1 - LAZY_TOLERANCE)) {
        entry.gain = gain;
        heap.push(entry);
        continue;
      }
      const created = applyCandidate(entry, scorer);
      direction?.apply(entry.block.kind, entry.replaced, created);
      if (contraction) contractionsLeft -= 1;
      history.push({ op: entry.op, block: entry.block, removed: entry.replaced, created });
      applied += 1;
      stats.applied += 1;
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
  scorer.readabilityAtLength = false;
  phase(allCandidates(runs, context, deadline));
  // Repair only when a group did not end clearly below the input.
  if (scorer.residuals().some((residual) => residual > 1 - REPAIR_MARGIN)) {
    scorer.penalty = REPAIR_PENALTY;
    scorer.margin = REPAIR_MARGIN;
    scorer.readabilityAtLength = true;
    const current = pool.filter(isCurrent);
    pool.length = 0;
    phase([...revertCandidates(history), ...current]);
  }
  // What follows judges the nine groups as the final check does: readability whole.
  scorer.readabilityAtLength = false;
  const final: FinalSteps = { history, scorer, deadline, stats, direction };
  groupsOnly(scorer, () => {
    settle(final);
    undoCostlyEdits(final);
  });
  return stats;
}

/** The nine groups: what their residuals sum to when the text is as far from the author as the input. */
const GROUP_COUNT = OBJECTIVE_GROUPS.length;

/** What the steps after the search (settle, undoCostlyEdits) work on. */
interface FinalSteps {
  history: readonly Applied[];
  scorer: Scorer;
  deadline: Deadline;
  stats: SearchStats;
  direction: HabitDirection | undefined;
}

/** Runs `steps` with the scorer counting the nine groups alone (Scorer.groupsOnly). */
function groupsOnly(scorer: Scorer, steps: () => void): void {
  scorer.groupsOnly = true;
  try {
    steps();
  } finally {
    scorer.groupsOnly = false;
  }
}

/** Makes the undo `entry`, through the habit direction's bookkeeping as every edit. */
function applyUndo(entry: Candidate, { scorer, stats, direction }: FinalSteps): void {
  const created = applyCandidate(entry, scorer);
  direction?.apply(entry.block.kind, entry.replaced, created);
  stats.applied += 1;
}

/** The nine groups' residuals summed: at most their count when the final check will keep the edits. */
function groupSum(scorer: Scorer): number {
  return scorer.residuals().reduce((a, b) => a + b, 0);
}

/**
 * Undoes edits (the last one of a sentence, or all of them back to the input's sentence), those
 * that cost the nine groups most first, until the groups' residuals sum to no more than their count:
 * restyle's final check (the groups' improvements sum ≥ 0) then keeps what is left instead of
 * dropping every edit. The word profile and the habits may buy an edit that costs the groups; when
 * such edits together sink the groups below the input, the ones that cost most go. Each undo is
 * judged once, then once more before it is made (its gain against the text as it is then).
 */
function settle(final: FinalSteps): void {
  const { history, scorer, deadline, stats } = final;
  if (groupSum(scorer) <= GROUP_COUNT) return;
  const reverts = [...revertCandidates(history, true), ...restoreCandidates(history)];
  for (const entry of reverts) {
    deadline.check();
    stats.evaluations += 1;
    entry.gain = scorer.tryReplace(entry.replaced, entry.next, entry.delta);
  }
  reverts.sort((a, b) => b.gain - a.gain);
  for (const entry of reverts) {
    if (entry.gain <= MIN_GAIN || scorer.score() <= GROUP_COUNT) break;
    if (!isCurrent(entry)) continue;
    deadline.check();
    stats.evaluations += 1;
    if (scorer.tryReplace(entry.replaced, entry.next, entry.delta) <= MIN_GAIN) continue;
    applyUndo(entry, final);
  }
}

/**
 * Undoes a step of the search when the text without it has more of the nine groups below the input:
 * an edit the word profile or the habits bought that moves more groups away from the author than
 * toward, or an undo of the repair phase that gave up more groups than it saved (undoing it makes
 * the edit again, through the habit direction gate). A sentence a chain of edits made may go back to
 * the input's whole (restoreCandidates). The groups summed never rise past what settle left, so the
 * final check keeps the text. At most one step per group, each the one that frees the most groups
 * (then the largest gain for the groups summed).
 */
function undoCostlyEdits(final: FinalSteps): void {
  const { history, scorer, deadline, stats, direction } = final;
  for (let round = 0; round < GROUP_COUNT; round += 1) {
    const improved = scorer.groupsImproved();
    let best: { entry: Candidate; improved: number; gain: number } | undefined;
    for (const entry of [...revertCandidates(history), ...restoreCandidates(history)]) {
      if (entry.op === 'redo' && direction?.allows(entry.block.kind, entry.replaced, entry.next) === false) continue;
      deadline.check();
      stats.evaluations += 1;
      const after = scorer.groupsImproved(entry.delta);
      if (after <= improved) continue;
      const gain = scorer.tryReplace(entry.replaced, entry.next, entry.delta);
      // The groups summed stay where settle left them or better: the final check keeps the text.
      if (gain === -Infinity || scorer.score() - gain > Math.max(GROUP_COUNT, scorer.score())) continue;
      if (best === undefined || after > best.improved || (after === best.improved && gain > best.gain))
        best = { entry, improved: after, gain };
    }
    if (best === undefined) return;
    applyUndo(best.entry, final);
  }
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
