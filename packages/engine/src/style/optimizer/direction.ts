/**
 * Direction as an invariant of the search: an edit may change a countable habit only toward the
 * author, and not past. For each habit (dashes, semicolons, colons, parentheses per word; words per
 * sentence) the text's current count is compared with the author's rate scaled to the text's length,
 * the target; an edit that changes the count must leave it closer to the target and on the same side
 * (half a unit of slack: a count cannot land between two integers; for words per sentence, half the
 * step the edit makes, as a mean moves by whole sentences joined or split). Edits that leave a habit's count
 * as it was (a spaced dash closed, a word swapped) are not judged on it. Contractions have their own
 * plan (contraction-plan.ts); the analytics objective judges the rest. Only running prose is counted
 * (text/running-prose.ts): a label's colon or a list item's dash is layout, not the author's habit.
 */
import type { BlockKind } from '@styler-dev/analytics/nlp';
import { histogramStats } from '@styler-dev/analytics/metrics';
import { DIRECTED_HABITS, markCounts } from './running-prose-habits.js';
import { isRunningProse } from '../text/running-prose.js';
import type { StyleModel } from '../types.js';
import type { EditSentence } from './document.js';

/** A count may land this far past its target (a count is whole, a target need not be). */
const SLACK = 0.5;

/** What the direction gate counts in some sentences. */
export interface HabitCounts {
  words: number;
  sentences: number;
  /** Per DIRECTED_HABITS, in order. */
  marks: number[];
}

function emptyCounts(): HabitCounts {
  return { words: 0, sentences: 0, marks: DIRECTED_HABITS.map(() => 0) };
}

/** A sentence as the gate reads it: its tokens and its words. */
type Counted = Pick<EditSentence, 'tokens' | 'words'>;

function add(into: HabitCounts, kind: BlockKind, sentences: readonly Counted[], sign: 1 | -1): void {
  for (const sentence of sentences) {
    if (!isRunningProse(kind, sentence.tokens)) continue;
    into.words += sign * sentence.words;
    into.sentences += sign;
    markCounts(sentence.tokens).forEach((count, index) => {
      into.marks[index]! += sign * count;
    });
  }
}

/**
 * True when `next` is closer to `target` than `now` and not past it: a count may land past the target
 * by at most `slack` (a whole count cannot land between two integers), and by no more than the move
 * closed (one mark in a short text must not overshoot by more than it brings the text nearer).
 */
export function movesToward(now: number, next: number, target: number, slack = SLACK): boolean {
  if (next === now) return true;
  const before = now - target;
  const after = next - target;
  if (Math.abs(after) >= Math.abs(before)) return false;
  if (Math.sign(after) === Math.sign(before) || after === 0) return true;
  return Math.abs(after) <= Math.min(slack, Math.abs(before) - Math.abs(after));
}

/** The author's rates the gate steers by. */
export interface HabitTargets {
  /** Per word, per DIRECTED_HABITS. */
  perWord: number[];
  /** Mean words per sentence. */
  wordsPerSentence: number;
}

/**
 * The author's rates, read from a model: those of its running prose, counted as the gate counts
 * (habits/running-prose-habits.ts); for a model fit before they were measured, or an author without
 * running prose, those of all its prose.
 */
export function habitTargets(model: StyleModel): HabitTargets {
  const running = model.habits.runningProse;
  if (running !== undefined && running.evidence > 0) {
    const rates = running.value.perThousandWords;
    return {
      perWord: [rates.dash, rates.semicolon, rates.colon, rates.parentheses].map((perThousand) => perThousand / 1000),
      wordsPerSentence: running.value.wordsPerSentence,
    };
  }
  const punctuation = model.habits.punctuation;
  return {
    perWord: [
      punctuation.dash.value.perThousandWords,
      punctuation.semicolonPerThousandWords.value,
      punctuation.colonPerThousandWords.value,
      punctuation.parenthesesPerThousandWords.value,
    ].map((perThousand) => perThousand / 1000),
    wordsPerSentence: histogramStats(model.groundTruth.features.sentenceLengths).mean,
  };
}

/** The text's habit counts as the search edits it, and whether an edit moves each toward the author. */
export class HabitDirection {
  readonly #targets: HabitTargets;
  readonly #counts: HabitCounts = emptyCounts();

  /** `blocks`: the text's blocks, each with its kind and its sentences (only running prose counts). */
  constructor(targets: HabitTargets, blocks: ReadonlyArray<{ kind: BlockKind; sentences: readonly Counted[] }>) {
    this.#targets = targets;
    for (const block of blocks) add(this.#counts, block.kind, block.sentences, 1);
  }

  /** The counts now (a copy). */
  get counts(): HabitCounts {
    return { ...this.#counts, marks: [...this.#counts.marks] };
  }

  #after(kind: BlockKind, replaced: readonly Counted[], next: readonly Counted[]): HabitCounts {
    const after = this.counts;
    add(after, kind, replaced, -1);
    add(after, kind, next, 1);
    return after;
  }

  /**
   * True when replacing `replaced` by `next` (sentences of a block of `kind`) moves every habit it
   * changes toward the author, none past.
   */
  allows(kind: BlockKind, replaced: readonly Counted[], next: readonly Counted[]): boolean {
    const now = this.#counts;
    const after = this.#after(kind, replaced, next);
    for (let i = 0; i < DIRECTED_HABITS.length; i += 1) {
      const rate = this.#targets.perWord[i]!;
      const [before, changed] = [now.marks[i]!, after.marks[i]!];
      // Judged against the target at the old length and at the new: a shorter text wants fewer marks.
      if (!movesToward(before, changed, rate * now.words) && !movesToward(before, changed, rate * after.words))
        return false;
    }
    if (after.sentences !== now.sentences && now.sentences > 0 && after.sentences > 0) {
      const mean = (counts: HabitCounts): number => counts.words / counts.sentences;
      const [before, next] = [mean(now), mean(after)];
      // A mean moves in steps, one join or split each: landing within half this step is reaching the author.
      if (!movesToward(before, next, this.#targets.wordsPerSentence, Math.abs(next - before) / 2)) return false;
    }
    return true;
  }

  /** Takes an applied edit into the counts. */
  apply(kind: BlockKind, replaced: readonly Counted[], created: readonly Counted[]): void {
    add(this.#counts, kind, replaced, -1);
    add(this.#counts, kind, created, 1);
  }
}
