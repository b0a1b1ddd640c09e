/**
 * Choose the closest draft: ask for n drafts, repair each (a suspect sentence put back from the
 * input), score each (Delta to the author, the nine quality groups, what it kept of the input), keep
 * the closest that kept everything (within the length range first), and optionally revise it once
 * with feedback in words from its measured differences and the sentences to redo.
 */
import type { ChatProvider, ChatUsage } from '../../providers/index.js';
import type { StyleModel } from '../types.js';
import { assertStyleModel } from '../validate.js';
import { CallBudget, estimateTokens } from './budget.js';
import { chooseFeedback, measuredDifferences, revisionLines, revisionMessage, type FeedbackItem } from './feedback.js';
import { generateDrafts, type DraftRequest } from './generation.js';
import { resolveChooseDraftOptions, type ChooseDraftOptions, type ResolvedChooseDraftOptions } from './options.js';
import { cleanRewrite } from './reply.js';
import type { SentenceRepair } from './repair.js';
import {
  deltaToModel,
  measureDraft,
  scoringContext,
  type DraftScore,
  type LengthCheck,
  type MeasuredDraft,
} from './scoring.js';

/** One draft with its scores. */
export interface ScoredDraft extends DraftScore {
  /** Its place among the drafts (0-based). */
  index: number;
  /** What the draft returns: the reply with its suspect sentences repaired (rewrite mode; `repairs`). */
  text: string;
  /** The model's reply as written. */
  reply: string;
  /** Sampling temperature of its request. */
  temperature: number;
  finishReason: string;
}

/** The revision round: skipped (and why), or made and then kept or rejected. */
export type DraftRevision =
  | {
      status: 'skipped';
      /** `no-difference`: nothing measured reached significance and nothing was lost; `cost-cap`: no call fits. */
      reason: 'no-difference' | 'cost-cap';
    }
  | {
      /**
       * `kept`: kept everything (repaired), closer than the winner and not out of the length range
       * where the winner is in it; `rejected`: not; `failed`: the call failed.
       */
      status: 'kept' | 'rejected' | 'failed';
      /** The draft revised: a draft's index. */
      revised: number;
      /** The differences named; every line named (losses, then differences: revisionLines); the whole message sent. */
      feedback: FeedbackItem[];
      named: string[];
      message: string;
      /**
       * The revised text (repaired, as a draft is) and its scores (absent when the call failed),
       * measured on a reference made of the drafts and the revision; `barDelta` is the winner's
       * Delta on that same reference.
       */
      text?: string;
      /** The model's revised reply as written. */
      reply?: string;
      score?: DraftScore;
      barDelta?: number;
      /** The failure's message, when the call failed. */
      error?: string;
    };

/** The chosen text and how it was chosen. */
export interface DraftChoice {
  text: string;
  /** A draft's index, `revision`, or `input` (rewrite mode, when no draft could be repaired to keep everything). */
  winner: number | 'revision' | 'input';
  /** The sentences of `text` put back from the input, each with why (the winner's or revision's repairs). */
  repairs: SentenceRepair[];
  drafts: ScoredDraft[];
  /** The input's own scores (rewrite mode): the distance a draft starts from. */
  input?: DraftScore;
  /** Present when `revise` was asked. */
  revision?: DraftRevision;
  /** Requests made to the provider. */
  calls: number;
  /** Token counts summed over the calls whose provider reported them. */
  usage: ChatUsage;
  /** Messages of extra draft requests that failed (the first request's failure rejects instead). */
  failures: string[];
}

/** Rewrite mode with the output length matched (the option, else the model's setting). */
function matchesLength(model: StyleModel, options: ResolvedChooseDraftOptions): boolean {
  return options.input !== undefined && (options.matchOutputLength ?? model.matchOutputLength);
}

/** Lowest Delta first, then the earlier draft. */
function closer(a: { delta: number; index: number }, b: { delta: number; index: number }): number {
  return a.delta - b.delta || a.index - b.index;
}

/** False only for a draft whose length was checked and is outside the range asked. */
function inRange(draft: { length?: LengthCheck }): boolean {
  return draft.length?.inRange ?? true;
}

/**
 * Drafts best first: those that kept everything (repaired), within the length range asked first
 * (length is a preference: it ranks, it never refuses), with the fewest uses of the words and
 * openers the author never writes (the brief's avoid list), then the closest; then the rest, with
 * the fewest losses, then the closest. The one ranking the winner and every caller's order of
 * choices follow.
 */
export function rankDrafts(drafts: readonly ScoredDraft[]): ScoredDraft[] {
  return [...drafts].sort(
    (a, b) =>
      Number(b.kept) - Number(a.kept) ||
      (a.kept ? Number(inRange(b)) - Number(inRange(a)) || a.avoided - b.avoided : a.losses.length - b.losses.length) ||
      closer(a, b),
  );
}

/**
 * The winner among scored drafts: the best ranked if it kept everything once repaired; if none did,
 * the input in rewrite mode (a lost fact is worse than an unstyled text), and in full mode the best
 * ranked (an empty reply is the only loss there).
 */
function pickWinner(drafts: readonly ScoredDraft[], rewrite: boolean): ScoredDraft | undefined {
  const best = rankDrafts(drafts)[0];
  return best?.kept === true || !rewrite ? best : undefined;
}

/** What the revision round starts from: the draft to revise and the text it must beat. */
interface RevisionTarget {
  draft: MeasuredDraft & { index: number };
  /** The winner's text (a draft, or the input). */
  bar: string;
  /** The winner's length is within the range (or unchecked, or the input won): a revision must be too. */
  barInRange: boolean;
  /** The drafts' texts, to make the extended reference from. */
  drafts: readonly string[];
}

async function reviseOnce(
  model: StyleModel,
  provider: ChatProvider,
  options: ResolvedChooseDraftOptions,
  budget: CallBudget,
  target: RevisionTarget,
): Promise<{ revision: DraftRevision; text?: string; repairs?: SentenceRepair[] }> {
  const { draft } = target;
  const feedback = chooseFeedback(measuredDifferences(draft, model, { rewrite: options.input !== undefined }));
  const faults = {
    losses: draft.score.losses,
    repairs: draft.score.repairs,
    ...(draft.score.length && { length: draft.score.length }),
  };
  if (feedback.length === 0 && draft.score.losses.length === 0 && inRange(draft.score)) {
    return { revision: { status: 'skipped', reason: 'no-difference' } };
  }
  const message = revisionMessage(feedback, faults);
  const messages = [
    ...options.messages,
    { role: 'assistant' as const, content: draft.reply },
    { role: 'user' as const, content: message },
  ];
  const prompt = messages.reduce((sum, m) => sum + estimateTokens(m.content), 0);
  // The revision may be as long as the draft and a half again, within what the cap leaves.
  const maxTokens = budget.completionRoom(
    prompt,
    1,
    options.maxTokens ?? Math.ceil(estimateTokens(draft.reply) * 1.5) + 64,
  );
  const estimate = prompt + maxTokens;
  if (maxTokens < 1 || !budget.reserve(estimate)) return { revision: { status: 'skipped', reason: 'cost-cap' } };
  const made = { revised: draft.index, feedback, named: revisionLines(feedback, faults), message };
  let content: string;
  try {
    const result = await provider.complete({
      model: options.baseModel,
      messages,
      temperature: options.temperature,
      maxTokens,
      ...(options.signal !== undefined && { signal: options.signal }),
    });
    budget.settle(estimate, result, estimate);
    content = result.content;
  } catch (error) {
    budget.settle(estimate, undefined, estimate);
    if (options.signal?.aborted) throw error;
    return { revision: { status: 'failed', ...made, error: error instanceof Error ? error.message : String(error) } };
  }
  const reply = options.input !== undefined ? cleanRewrite(content, options.input) : content;
  // The revision joins the texts the reference is made of, and the winner is measured again on it,
  // so both distances come from one reference.
  const context = scoringContext(model, {
    ...(options.input !== undefined && { input: options.input }),
    ...(options.reference !== undefined && { reference: options.reference }),
    drafts: [...target.drafts, reply],
    matchLength: matchesLength(model, options),
  });
  const { text, score } = measureDraft(reply, context);
  const barDelta = deltaToModel(target.bar, context);
  const better = score.kept && score.delta < barDelta && (inRange(score) || !target.barInRange);
  return {
    revision: { status: better ? 'kept' : 'rejected', ...made, text, reply, score, barDelta },
    ...(better && { text, repairs: score.repairs }),
  };
}

/**
 * Asks `provider` for drafts of `options.messages` and returns the one closest to `model`'s style.
 * In rewrite mode (`options.input`) each draft is first repaired (repairDraft: a sentence that
 * reverses a statement, loses or adds a number or name, or invents an "I" is replaced by the input's
 * aligned sentence; a draft is refused only for a loss no sentence holds). Each is scored
 * (measureDraft): Burrows' Delta to the model's word profile, the nine quality groups, what it kept.
 * The closest draft that kept everything wins, those within the length range first where the model
 * matches output length (length ranks, never refuses); if none kept everything, the input (rewrite
 * mode) or the draft with the fewest losses (full mode). With `revise`, the winner's reply as written
 * (or, when the input won, the closest draft's) is sent back once with feedback in words: the
 * sentences to redo (or, none repaired, what it lost), its word count and the range when outside
 * it, and its 2–4 largest measured differences from the author (feedback.ts); the revision, repaired
 * the same way, wins only if it kept everything, is closer than the winner (both measured on a
 * reference that includes the revision, scoringContext), and is within the length range when the
 * winner is. Costs one call by default; `n`, `revise`, `maxCalls` and `maxTotalTokens` trade cost for
 * choice. A blank input costs nothing and is returned as is. Wrong arguments throw TypeError or
 * RangeError; the first request's failure rejects (ProviderError provider_failed), as does an abort.
 */
export async function chooseDraft(
  model: StyleModel,
  provider: ChatProvider,
  options: ChooseDraftOptions,
): Promise<DraftChoice> {
  assertStyleModel(model);
  if (typeof provider !== 'object' || provider === null || typeof provider.complete !== 'function') {
    throw new TypeError('provider must be a ChatProvider');
  }
  const resolved = resolveChooseDraftOptions(options);
  const { input } = resolved;
  const budget = new CallBudget(resolved);
  if (input !== undefined && input.trim() === '') {
    return { text: input, winner: 'input', repairs: [], drafts: [], calls: 0, usage: budget.usage, failures: [] };
  }
  const request: DraftRequest = {
    baseModel: resolved.baseModel,
    messages: resolved.messages,
    temperature: resolved.temperature,
    ...(resolved.maxTokens !== undefined && { maxTokens: resolved.maxTokens }),
    ...(resolved.signal !== undefined && { signal: resolved.signal }),
  };
  const generation = await generateDrafts(provider, request, resolved.n, budget);
  const texts = generation.drafts.map((draft) =>
    input !== undefined ? cleanRewrite(draft.content, input) : draft.content,
  );
  const context = scoringContext(model, {
    ...(input !== undefined && { input }),
    ...(resolved.reference !== undefined && { reference: resolved.reference }),
    drafts: texts,
    matchLength: matchesLength(model, resolved),
  });
  const measured = texts.map((text) => measureDraft(text, context));
  const drafts: ScoredDraft[] = measured.map((draft, index) => ({
    index,
    text: draft.text,
    reply: draft.reply,
    temperature: generation.drafts[index]!.temperature,
    finishReason: generation.drafts[index]!.finishReason,
    ...draft.score,
  }));
  const inputScore = input !== undefined ? measureDraft(input, context).score : undefined;
  const winner = pickWinner(drafts, input !== undefined);
  const choice: DraftChoice = {
    text: winner?.text ?? input ?? '',
    winner: winner?.index ?? 'input',
    repairs: winner?.repairs ?? [],
    drafts,
    ...(inputScore !== undefined && { input: inputScore }),
    calls: 0,
    usage: budget.usage,
    failures: generation.failures,
  };
  if (resolved.revise) {
    const target = winner ?? [...drafts].sort(closer)[0]!;
    const { revision, text, repairs } = await reviseOnce(model, provider, resolved, budget, {
      draft: { ...measured[target.index]!, index: target.index },
      bar: choice.text,
      barInRange: winner === undefined || inRange(winner),
      drafts: texts,
    });
    choice.revision = revision;
    if (text !== undefined) {
      choice.text = text;
      choice.winner = 'revision';
      choice.repairs = repairs ?? [];
    }
  }
  choice.calls = budget.calls;
  choice.usage = budget.usage;
  return choice;
}
