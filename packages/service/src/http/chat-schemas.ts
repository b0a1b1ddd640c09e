/**
 * POST /chat/completions: OpenAI's request body for a style model, and the report of how its drafts
 * were chosen (the `styler` field of the completion). OpenAI clients send fields this service does
 * not use (top_p, user, seed, …): the body is open, and only fields that would change what an
 * answer means without the service honouring them (tools, a JSON response format) are refused.
 */
import { Type, type Static } from '@sinclair/typebox';
import { MAX_MESSAGES } from './limits.js';
import { closed, component, name, optional } from './schema-kit.js';

/** Choices and drafts per request: each draft is a base-model call and a scoring pass. */
export const CHAT_LIMITS = Object.freeze({
  maxChoices: 8,
  maxCandidates: 8,
  maxLlmCalls: 20,
  maxLlmTokens: 1_000_000,
  maxStops: 4,
  /**
   * Most completion tokens a draft may ask for (max_tokens, max_completion_tokens): what the
   * largest base models write in one answer; a request's whole budget is max_llm_tokens.
   */
  maxCompletionTokens: 32_768,
});

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
    max_tokens: count(CHAT_LIMITS.maxCompletionTokens, 'Most tokens per draft, passed to the base model.'),
    max_completion_tokens: count(CHAT_LIMITS.maxCompletionTokens, "OpenAI's newer name for max_tokens."),
    stop: optional(
      Type.Union([
        Type.String({ minLength: 1 }),
        Type.Array(Type.String({ minLength: 1 }), { maxItems: CHAT_LIMITS.maxStops }),
      ]),
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
      'Styler extension: drafts to ask for and choose among (at least n; default: 2, or n if larger; n when streaming).',
    ),
    revise: optional(Type.Boolean(), {
      description:
        'Styler extension: send the closest draft back once with feedback in words (one more call; default true, false when streaming).',
    }),
    max_llm_calls: count(CHAT_LIMITS.maxLlmCalls, 'Styler extension: a cap on base-model calls for this request.'),
    max_llm_tokens: optional(Type.Integer({ minimum: 1, maximum: CHAT_LIMITS.maxLlmTokens }), {
      description: 'Styler extension: a cap on base-model tokens (prompt + completion, all calls) for this request.',
    }),
  },
  { $id: 'ChatCompletionRequest', additionalProperties: true },
);
export type ChatCompletionRequest = Static<typeof ChatCompletionRequest>;

const KeepLossReport = closed(
  {
    kind: Type.String({
      description: 'text, number, name, quotation, address, code, negation, modality, markdown, person or length.',
    }),
    change: Type.Union([Type.Literal('missing'), Type.Literal('added'), Type.Literal('changed')]),
    text: Type.String({
      description:
        'What was lost or added (negation: the clause of the input it reversed; modality: the one it stated more firmly).',
    }),
  },
  { description: 'One thing a draft lost or invented (the keep policy).' },
);

const SentenceRepairReport = closed(
  {
    reasons: Type.Array(
      Type.Union([
        Type.Literal('negation'),
        Type.Literal('modality'),
        Type.Literal('number'),
        Type.Literal('name'),
        Type.Literal('person'),
      ]),
      {
        description:
          "Why: a reversed statement, a claim stated more firmly, a number or name lost or added, an 'I' the input never uses.",
      },
    ),
    draft: Type.String({
      description: "The draft's sentence(s) taken out (empty: the draft had dropped the input's).",
    }),
    input: Type.String({
      description: "The input's sentence(s) put back (empty: a sentence the draft added left out).",
    }),
  },
  { description: "One sentence of a rewrite put back from the input (the keep policy's repair)." },
);

const LengthReport = closed(
  {
    words: Type.Integer(),
    input_words: Type.Integer(),
    min: Type.Integer(),
    max: Type.Integer(),
    in_range: Type.Boolean(),
  },
  {
    description:
      "A rewrite's word count against the range match_output_length asks for (the input's ± a tenth): drafts in range rank first; length never refuses a draft.",
  },
);

export const DraftReport = closed(
  {
    winner: Type.Union([Type.Integer(), Type.Literal('revision'), Type.Literal('input')], {
      description:
        "The text returned first: a draft's index, 'revision', or 'input' (a rewrite none of whose drafts could be repaired to keep everything).",
    }),
    repairs: Type.Array(SentenceRepairReport, {
      description: 'The sentences of the returned text put back from the input, each with why (empty: none).',
    }),
    drafts: Type.Array(
      closed({
        index: Type.Integer(),
        delta: Type.Number({ description: "Burrows' Delta to the author's word profile (lower is closer)." }),
        kept: Type.Boolean({
          description:
            'Nothing that must be kept was lost once its suspect sentences were repaired (full mode: the draft is not empty).',
        }),
        losses: Type.Array(KeepLossReport, { description: 'What the draft as written lost or added.' }),
        repairs: Type.Array(SentenceRepairReport),
        length: Type.Optional(LengthReport),
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
        reason: Type.Optional(
          Type.Union([Type.Literal('no-difference'), Type.Literal('cost-cap')], {
            description: 'Why it was skipped: nothing measured to name and nothing lost, or no call fits the cap.',
          }),
        ),
        feedback: Type.Array(Type.String(), { description: 'What the feedback named: losses, then differences.' }),
        delta: Type.Optional(Type.Number()),
        losses: Type.Optional(Type.Array(KeepLossReport)),
        repairs: Type.Optional(Type.Array(SentenceRepairReport)),
        length: Type.Optional(LengthReport),
      }),
    ),
    calls: Type.Integer({ description: 'Base-model calls made.' }),
    usage: closed(
      { total_tokens: Type.Integer(), prompt_tokens: Type.Integer(), completion_tokens: Type.Integer() },
      { description: 'Tokens of every base-model call, as the provider reported them.' },
    ),
    cap: closed(
      {
        max_calls: Type.Optional(Type.Integer()),
        max_total_tokens: Type.Optional(Type.Integer()),
      },
      { description: 'The cost cap of this request: base-model calls and tokens (prompt + completion, all calls).' },
    ),
    base_model: Type.Optional(Type.String({ description: 'The LLM asked (transform rewrites).' })),
    rewrite_engine: Type.Optional(
      Type.Union([Type.Literal('llm'), Type.Literal('rules')], {
        description:
          "Transform rewrites: which path answered. 'llm': the LLM pipeline's text, then the rule engine's pass; 'rules': the rule engine's restyle of the message (see fallback).",
      }),
    ),
    fallback: Type.Optional(
      closed(
        {
          reason: Type.Union(
            [
              Type.Literal('not_configured'),
              Type.Literal('provider_failed'),
              Type.Literal('time_budget'),
              Type.Literal('cost_cap'),
              Type.Literal('nothing_kept'),
            ],
            { description: 'Why the rule engine answered a rewrite the LLM was asked for.' },
          ),
          message: Type.String(),
        },
        { description: 'Transform rewrites answered by the rule engine after the LLM was asked for.' },
      ),
    ),
  },
  { $id: 'DraftReport', description: 'Styler extension: how the returned text was chosen, step by step.' },
);
export type DraftReport = Static<typeof DraftReport>;
