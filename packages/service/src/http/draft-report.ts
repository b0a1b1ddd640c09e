/**
 * The `styler` field of a response that went through the LLM pipeline (../llm-pipeline.ts): the
 * engine's DraftChoice in the API's wire shape (DraftReport, chat-schemas.ts).
 */
import type { DraftChoice, KeepLoss, LengthCheck, SentenceRepair } from '@styler-dev/engine';
import type { PipelineCap } from '../llm-pipeline.js';
import type { DraftReport } from './chat-schemas.js';

function lossReport(loss: KeepLoss): DraftReport['drafts'][number]['losses'][number] {
  return { kind: loss.kind, change: loss.change, text: loss.text };
}

function repairReport(repair: SentenceRepair): DraftReport['repairs'][number] {
  return { reasons: [...repair.reasons], draft: repair.draft, input: repair.input };
}

function lengthReport(length: LengthCheck): NonNullable<DraftReport['drafts'][number]['length']> {
  return {
    words: length.words,
    input_words: length.inputWords,
    min: length.min,
    max: length.max,
    in_range: length.inRange,
  };
}

/**
 * The `styler` report of a choice: the sentences of the returned text put back from the input, each
 * draft's scores, losses, repairs and length, the revision, calls, tokens and the cap.
 */
export function draftReport(choice: DraftChoice, cap: Partial<PipelineCap>): DraftReport {
  const { revision } = choice;
  return {
    winner: choice.winner,
    repairs: choice.repairs.map(repairReport),
    drafts: choice.drafts.map((draft) => ({
      index: draft.index,
      delta: draft.delta,
      kept: draft.kept,
      losses: draft.losses.map(lossReport),
      repairs: draft.repairs.map(repairReport),
      ...(draft.length !== undefined && { length: lengthReport(draft.length) }),
      avoided: draft.avoided,
      temperature: draft.temperature,
    })),
    ...(revision !== undefined && {
      revision: {
        status: revision.status,
        ...(revision.status === 'skipped' && { reason: revision.reason }),
        feedback: revision.status === 'skipped' ? [] : revision.named,
        ...('score' in revision &&
          revision.score !== undefined && {
            delta: revision.score.delta,
            losses: revision.score.losses.map(lossReport),
            repairs: revision.score.repairs.map(repairReport),
            ...(revision.score.length !== undefined && { length: lengthReport(revision.score.length) }),
          }),
      },
    }),
    calls: choice.calls,
    usage: {
      prompt_tokens: choice.usage.promptTokens,
      completion_tokens: choice.usage.completionTokens,
      total_tokens: choice.usage.totalTokens,
    },
    cap: {
      ...(cap.maxCalls !== undefined && { max_calls: cap.maxCalls }),
      ...(cap.maxTotalTokens !== undefined && { max_total_tokens: cap.maxTotalTokens }),
    },
  };
}
