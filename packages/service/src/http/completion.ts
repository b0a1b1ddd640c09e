/** The chat.completion and chat.completion.chunk objects a transform answers with (OpenAI's shapes). */
import type { Static } from '@sinclair/typebox';
import type { QualityAnalytics } from '@styler-dev/analytics/metrics';
import type { ChatCompletion, ChatCompletionChunk } from './api-schemas.js';
import type { DraftReport } from './chat-schemas.js';
import type { DistanceMetrics } from '../compare/edit-distance.js';
import type { Usage } from './usage.js';
import type { DiffSegment } from '../compare/word-diff.js';

/** What include_compare_original adds: the text before styling and a word-level diff to the styled text. */
export interface Comparison {
  original: string;
  diff: DiffSegment[];
}

/** The optional parts of a response, present only when their flag asked for them. */
export interface TransformExtras {
  quality_analytics?: QualityAnalytics;
  comparison?: Comparison;
  distance?: DistanceMetrics;
}

/** Identity shared by a completion and all chunks of its stream. */
export interface CompletionIdentity {
  id: string;
  created: number;
  model: string;
}

/** The fields every completion object and chunk opens with. */
function envelope<O extends 'chat.completion' | 'chat.completion.chunk'>(identity: CompletionIdentity, object: O) {
  return { id: identity.id, object, created: identity.created, model: identity.model };
}

/** One answer of a completion: its text and why the writing stopped. */
export interface CompletionChoice {
  content: string;
  finishReason: string;
}

/**
 * The whole completion, its choices in the order given; `report` (the LLM pipeline's steps) goes in
 * the `styler` extension field. The transform and chat routes both answer with it.
 */
export function completionObject(
  identity: CompletionIdentity,
  choices: readonly CompletionChoice[],
  usage: Usage,
  extras: TransformExtras = {},
  report?: DraftReport,
): Static<typeof ChatCompletion> {
  return {
    ...envelope(identity, 'chat.completion'),
    choices: choices.map((choice, index) => ({
      index,
      message: { role: 'assistant', content: choice.content },
      finish_reason: choice.finishReason,
    })),
    usage,
    ...extras,
    ...(report !== undefined && { styler: report }),
  };
}

/** A streamed chunk carrying `delta` (first chunk: role; then content pieces; then finish_reason). */
export function deltaChunk(
  identity: CompletionIdentity,
  delta: { role?: 'assistant'; content?: string },
  finishReason: string | null = null,
  index = 0,
): Static<typeof ChatCompletionChunk> {
  return {
    ...envelope(identity, 'chat.completion.chunk'),
    choices: [{ index, delta, finish_reason: finishReason }],
  };
}

/** The last chunk before [DONE]: no choices, the usage and the requested extras (OpenAI's include_usage form). */
export function usageChunk(
  identity: CompletionIdentity,
  usage: Usage,
  extras: TransformExtras,
  report?: DraftReport,
): Static<typeof ChatCompletionChunk> {
  return {
    ...envelope(identity, 'chat.completion.chunk'),
    choices: [],
    usage,
    ...extras,
    ...(report !== undefined && { styler: report }),
  };
}

/** Longest content piece of a streamed chunk, in characters (pieces end at whitespace). */
const MAX_PIECE_CHARS = 64;

/** Splits text into stream pieces of whole words (with their trailing whitespace), up to MAX_PIECE_CHARS each. */
export function streamPieces(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const match of text.matchAll(/\s*\S+\s*/g)) {
    if (current !== '' && current.length + match[0].length > MAX_PIECE_CHARS) {
      pieces.push(current);
      current = '';
    }
    current += match[0];
  }
  if (current !== '') pieces.push(current);
  return pieces;
}
