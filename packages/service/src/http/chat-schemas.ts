/**
 * POST /chat/completions: OpenAI's request body for a style model, and the report of how its drafts
 * were chosen (the `styler` field of the completion). OpenAI clients send fields this service does
 * not use (top_p, user, seed, …): the body is open, and only fields that would change what an
 * answer means without the service honouring them (tools, a JSON response format) are refused.
 */
import { Type, type Static } from '@sinclair/typebox';
import { MAX_MESSAGES } from './transform/limits.js';
import { closed, component, name, optional } from './schema-kit.js';

/** Choices and drafts per request: each draft is a base-model call and a scoring pass. */
export const CHAT_LIMITS = Object.freeze({ maxChoices: 8, maxCandidates: 8, maxLlmCalls: 20, maxStops: 4 });

const TextPart = closed({ type: Type.Literal('text'), text: Type.String() });

export const ChatRequestMessage = Type.Object(
  {
    role: Type.Union([
      Type.Literal('system'),
      Type.Literal('developer'),
      Type.Literal('user'),
      Type.Literal('assistant'),
    ]),
    content: Type.Union([Type.String(), Type.Array(TextPart, { minItems: 1 })], {
      description: 'The text, or text parts (joined).',
    }),
    name: optional(Type.String()),
  },
  { $id: 'ChatRequestMessage', additionalProperties: false },
);

const count = (maximum: number, description: string) =>
  optional(Type.Integer({ minimum: 1, maximum }), { description });

export const ChatCompletionRequest = Type.Object(
  {
    model: name({ description: 'A fine-tuned model name (ftm-...).' }),
    messages: Type.Array(component(ChatRequestMessage), { minItems: 1, maxItems: MAX_MESSAGES }),
    stream: optional(Type.Boolean(), { default: false }),
    stream_options: optional(closed({ include_usage: optional(Type.Boolean()) })),
    n: count(CHAT_LIMITS.maxChoices, 'Choices to return, closest to the author first. Default 1.'),
    temperature: optional(Type.Number({ minimum: 0, maximum: 2 })),
    max_tokens: optional(Type.Integer({ minimum: 1 })),
    max_completion_tokens: optional(Type.Integer({ minimum: 1 })),
    stop: optional(
      Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { maxItems: 4 })]),
    ),
    base_model: optional(name(), {
      description:
        "Styler extension: the LLM that writes (default: the fine-tuning job's base_model, else the configured default).",
    }),
    base_model_service: optional(name(), {
      description: 'Styler extension: auto, openai, ollama or openai-compatible.',
    }),
    candidates: count(
      CHAT_LIMITS.maxCandidates,
      'Styler extension: drafts to ask for and choose among (at least n; default n).',
    ),
    revise: optional(Type.Boolean(), {
      description: 'Styler extension: send the closest draft back once with feedback in words (one more call).',
    }),
    max_llm_calls: count(CHAT_LIMITS.maxLlmCalls, 'Styler extension: a cap on base-model calls for this request.'),
  },
  { $id: 'ChatCompletionRequest', additionalProperties: true },
);
export type ChatCompletionRequest = Static<typeof ChatCompletionRequest>;

export const DraftReport = closed(
  {
    winner: Type.Union([Type.Integer(), Type.Literal('revision')], {
      description: "The draft returned first: its index among the drafts, or 'revision'.",
    }),
    drafts: Type.Array(
      closed({
        index: Type.Integer(),
        delta: Type.Number({ description: "Burrows' Delta to the author's word profile (lower is closer)." }),
        kept: Type.Boolean({ description: 'Nothing that must be kept was lost (full mode: the draft is not empty).' }),
        avoided: Type.Integer({
          description: 'Uses of the AI-typical words and openers the author never writes (fewer wins before Delta).',
        }),
        temperature: Type.Number(),
      }),
    ),
    revision: Type.Optional(
      closed({
        status: Type.Union([
          Type.Literal('skipped'),
          Type.Literal('kept'),
          Type.Literal('rejected'),
          Type.Literal('failed'),
        ]),
        feedback: Type.Array(Type.String(), { description: 'The differences named in the feedback.' }),
        delta: Type.Optional(Type.Number()),
      }),
    ),
    calls: Type.Integer({ description: 'Base-model calls made.' }),
  },
  { $id: 'DraftReport', description: 'Styler extension: how the returned text was chosen.' },
);
export type DraftReport = Static<typeof DraftReport>;
