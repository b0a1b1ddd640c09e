/**
 * The API's request and response bodies as TypeBox schemas (JSON Schema 2020-12, as OpenAPI 3.1
 * uses): fastify validates requests against them, TypeScript reads the request types from them, and
 * @fastify/swagger publishes them as components.schemas. A schema may carry ERROR_MESSAGE, the
 * message a failure inside it answers with (validation-messages.ts).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { BASE_TEMPERATURE, MAX_MESSAGES, MAX_NAME_CHARS } from './limits.js';
import { ChatCompletionRequest, ChatRequestMessage, DraftReport } from './chat-schemas.js';
import { closed, component, ERROR_MESSAGE, name, optional, orNull } from './schema-kit.js';
import { ERRORS } from '../errors.js';
import { QualityAnalyticsSchema } from '@styler-dev/analytics/schema';

export { component, ERROR_MESSAGE } from './schema-kit.js';

export const ErrorBody = closed(
  {
    error: Type.String(),
    code: Type.String({
      description: "The error's stable code from the registry (docs/api.md, 'Errors'), e.g. 'invalid_api_key'.",
    }),
    param: Type.Optional(
      Type.String({
        description: "For a request that fails its schema: the field it is about, e.g. 'messages[0].role'.",
      }),
    ),
  },
  { $id: 'Error', description: 'Every error body: one message, its code, and the field when one is at fault.' },
);

export const OpenAIErrorBody = closed(
  {
    error: closed({
      message: Type.String(),
      type: Type.String({
        description: "OpenAI's error type: invalid_request_error, rate_limit_error or server_error.",
      }),
      code: Type.String({ description: "The error's stable code from the registry (docs/api.md, 'Errors')." }),
      param: Type.Union([Type.String(), Type.Null()], { description: 'The request field at fault, when one is.' }),
    }),
  },
  {
    $id: 'OpenAIError',
    description: "The error body of the routes OpenAI's API defines and the spec does not (chat completions, models).",
  },
);

export const FileObject = closed(
  {
    id: Type.String({ pattern: '^file-' }),
    object: Type.Literal('file'),
    bytes: Type.Integer(),
    created_at: Type.Integer(),
    filename: Type.String(),
    purpose: Type.Literal('fine-tune'),
  },
  { $id: 'File' },
);

/** An OpenAI-style page of `item`. */
function listOf<T extends TSchema>(item: T, $id: string, description: string) {
  return closed(
    {
      object: Type.Literal('list'),
      data: Type.Array(component(item)),
      first_id: orNull(Type.String()),
      last_id: orNull(Type.String()),
      has_more: Type.Boolean(),
    },
    { $id, description },
  );
}

export const FileList = listOf(FileObject, 'FileList', 'Newest first unless order=asc.');
export const FileDeleted = closed(
  { id: Type.String(), object: Type.Literal('file'), deleted: Type.Literal(true) },
  { $id: 'FileDeleted' },
);

/** The multipart form of an upload (documentation: the route reads the stream itself). */
export const FileUploadForm = Type.Object({
  file: Type.String({ contentMediaType: 'application/octet-stream', description: 'A .txt or .docx file.' }),
  purpose: Type.Optional(Type.Literal('fine-tune')),
});

export const JobError = closed(
  { code: Type.String(), message: Type.String() },
  { $id: 'JobError', description: 'Why a job failed.' },
);

export const FineTuningJob = closed(
  {
    object: Type.Literal('fine_tuning.job'),
    id: Type.String({ pattern: '^ftjob-' }),
    style_model: Type.Literal('styler-2'),
    base_model: Type.Optional(
      Type.String({
        description: "Only in the retrieve response: the base model given at creation, or 'any' when none was.",
      }),
    ),
    created_at: Type.Integer(),
    finished_at: orNull(Type.Integer()),
    fine_tuned_model: orNull(Type.String({ pattern: '^ftm-' })),
    organization_id: Type.String(),
    status: Type.Union([
      Type.Literal('queued'),
      Type.Literal('running'),
      Type.Literal('succeeded'),
      Type.Literal('failed'),
      Type.Literal('cancelled'),
    ]),
    training_files: Type.Array(Type.String()),
    error: orNull(component(JobError)),
  },
  { $id: 'FineTuningJob' },
);
export const FineTuningJobList = listOf(FineTuningJob, 'FineTuningJobList', 'Newest first.');

export const FineTuningJobEvent = closed(
  {
    object: Type.Literal('fine_tuning.job.event'),
    id: Type.String({ pattern: '^ftevent-' }),
    created_at: Type.Integer(),
    level: Type.Union([Type.Literal('info'), Type.Literal('warn'), Type.Literal('error')]),
    message: Type.String(),
    data: Type.Record(Type.String(), Type.Unknown()),
    type: Type.Literal('message'),
  },
  { $id: 'FineTuningJobEvent', description: "A step of a job's progress: created, started (each attempt), ended." },
);
export const FineTuningJobEventList = listOf(FineTuningJobEvent, 'FineTuningJobEventList', 'Newest first.');

/** Limits of a job request. */
export const JOB_LIMITS = Object.freeze({
  maxSuffixChars: 16,
  maxTrainingFiles: 1_000,
  maxBaseModelChars: MAX_NAME_CHARS,
  /** Without match_output_length, styled output keeps the input's length (the style engine's default). */
  defaultMatchOutputLength: true,
});

const styleModelName = orNull(Type.Literal('styler-2'), { [ERROR_MESSAGE]: ERRORS.invalid_model_name.message });

export const CreateFineTuningJobRequest = closed(
  {
    training_files: Type.Optional(
      Type.Array(Type.String({ minLength: 1 }), {
        minItems: 1,
        description: 'IDs of uploaded files of this organization.',
        [ERROR_MESSAGE]: 'training_files must be a non-empty array of file IDs.',
      }),
    ),
    // OpenAI's fine-tuning API (and its SDKs' fineTuning.jobs.create) names one file.
    training_file: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'One uploaded file, as OpenAI names it: the same as training_files with one ID.',
        [ERROR_MESSAGE]: 'training_file must be a file ID.',
      }),
    ),
    style_model: Type.Optional(styleModelName),
    // The openai SDK's fineTuning.jobs.create requires `model`.
    model: Type.Optional(styleModelName),
    suffix: optional(Type.String({ pattern: `^[A-Za-z0-9_-]{0,${JOB_LIMITS.maxSuffixChars}}$` }), {
      description: 'Added to the model name.',
      [ERROR_MESSAGE]: `suffix must be at most ${JOB_LIMITS.maxSuffixChars} characters of letters, digits, - and _.`,
    }),
    match_output_length: optional(Type.Boolean(), {
      default: JOB_LIMITS.defaultMatchOutputLength,
      description: 'true: styled output keeps the input length (±10 %); false: the model may shorten it.',
      [ERROR_MESSAGE]: 'match_output_length must be a boolean.',
    }),
    base_model: optional(name(), {
      description: 'The model whose output will be styled (informational).',
      [ERROR_MESSAGE]: `base_model must be a non-empty string of at most ${JOB_LIMITS.maxBaseModelChars} characters.`,
    }),
  },
  {
    $id: 'CreateFineTuningJobRequest',
    description:
      "style_model and model are two names of one field ('styler-2', the default); training_file or training_files (one of them) names the files.",
    [ERROR_MESSAGE]: 'Request body must be a JSON object.',
  },
);

export const ModelObject = closed(
  {
    id: Type.String({ pattern: '^ftm-' }),
    object: Type.Literal('model'),
    created: Type.Integer(),
    owned_by: Type.String({ description: 'The organization ID.' }),
    style_model: Type.Literal('styler-2'),
    fine_tuning_job: Type.String(),
    style: Type.Object({}, { description: 'Readable summary of the learned style.' }),
  },
  { $id: 'Model' },
);
export const ModelList = listOf(ModelObject, 'ModelList', 'Newest first.');
export const ModelDeleted = closed(
  { id: Type.String(), object: Type.Literal('model'), deleted: Type.Literal(true) },
  { $id: 'ModelDeleted' },
);

/** 'developer' is OpenAI's newer name for the system role. */
export const ChatMessage = closed(
  {
    role: Type.Union([
      Type.Literal('system'),
      Type.Literal('developer'),
      Type.Literal('user'),
      Type.Literal('assistant'),
    ]),
    content: Type.String(),
    name: optional(Type.String()),
  },
  { $id: 'ChatMessage' },
);

export const FullModeOptions = closed(
  {
    base_model: name(),
    base_model_service: optional(name(), {
      default: 'auto',
      description: 'auto, openai, ollama or openai-compatible (see docs/api.md).',
    }),
    base_temperature: optional(Type.Number({ minimum: BASE_TEMPERATURE.min, maximum: BASE_TEMPERATURE.max }), {
      default: BASE_TEMPERATURE.default,
    }),
  },
  { $id: 'FullModeOptions' },
);

const flagDescriptions = {
  stream: 'Stream chat.completion.chunk events (Server-Sent Events) ending with data: [DONE].',
  include_quality: 'Add quality_analytics.',
  include_rouge: 'Add rouge to quality_analytics (only with include_quality).',
  include_compare_original: 'Add comparison: the original text and a word-level diff.',
  include_distance: 'Add distance: word-level Levenshtein distance and ratio, and the length ratio.',
  skip_headings: 'Leave Markdown headings as they are.',
  skip_h1: 'Leave level-1 Markdown headings as they are.',
} as const;

const flag = (description: string) => optional(Type.Boolean(), { default: false, description });

/** The fields of both modes. */
const transformCommon = {
  model: name({ description: 'A fine-tuned model name (ftm-...).' }),
  perspective: optional(Type.Union([Type.Literal('keep'), Type.Literal('author')]), {
    default: 'keep',
    description:
      "Styler extension. 'author': sentences that open with 'you' as their subject are rewritten in the person the author writes in ('I'/'we'); letters and imperatives are left alone. Changes who is addressed, hence off by default.",
  }),
  stream: flag(flagDescriptions.stream),
  include_quality: flag(flagDescriptions.include_quality),
  include_rouge: flag(flagDescriptions.include_rouge),
  include_compare_original: flag(flagDescriptions.include_compare_original),
  include_distance: flag(flagDescriptions.include_distance),
  skip_headings: flag(flagDescriptions.skip_headings),
  skip_h1: flag(flagDescriptions.skip_h1),
};

/** A field of the other mode: absent or null. */
const absent = Type.Optional(Type.Null());

export const TransformRequestBody = Type.Union(
  [
    closed(
      {
        mode: Type.Literal('rewrite'),
        message: Type.String({ pattern: '\\S', description: 'The text to style.' }),
        rewrite_engine: optional(Type.Union([Type.Literal('llm'), Type.Literal('rules')]), {
          default: 'llm',
          description:
            "Styler extension. 'llm': the LLM pipeline, then the rule engine's pass, where the service has an LLM configured (the rule engine answers when it fails); 'rules': the rule engine alone.",
        }),
        messages: absent,
        full_mode_options: absent,
        ...transformCommon,
      },
      { title: 'Rewrite', description: 'Restyle the given text.' },
    ),
    closed(
      {
        mode: Type.Literal('full'),
        messages: Type.Array(component(ChatMessage), {
          minItems: 1,
          maxItems: MAX_MESSAGES,
          // At least one message says something.
          contains: Type.Object({ content: Type.String({ pattern: '\\S' }) }),
        }),
        full_mode_options: component(FullModeOptions),
        message: absent,
        ...transformCommon,
      },
      { title: 'Full', description: 'A base model writes the answer to the conversation; it is then restyled.' },
    ),
  ],
  { $id: 'TransformRequest' },
);
export type TransformRequestBody = Static<typeof TransformRequestBody>;

export const Usage = closed(
  { prompt_tokens: Type.Integer(), completion_tokens: Type.Integer(), total_tokens: Type.Integer() },
  { $id: 'Usage', description: 'o200k_base tokens.' },
);

/** quality_analytics as the analytics library defines it (one definition), as an API component. */
export const QualityAnalytics = Type.Object(QualityAnalyticsSchema.properties, {
  additionalProperties: false,
  $id: 'QualityAnalytics',
  description:
    'Styled (personalized) and unstyled (unpersonalized) text compared with the training data (ground_truth). Definitions: docs/metrics.md.',
});

export const DiffSegment = closed(
  { type: Type.Union([Type.Literal('equal'), Type.Literal('delete'), Type.Literal('insert')]), text: Type.String() },
  { $id: 'DiffSegment' },
);
export const Comparison = closed(
  { original: Type.String(), diff: Type.Array(component(DiffSegment)) },
  { $id: 'Comparison' },
);
export const Distance = closed(
  {
    levenshtein_distance: Type.Integer(),
    levenshtein_ratio: Type.Number({ minimum: 0, maximum: 1 }),
    length_ratio: Type.Number({ minimum: 0 }),
    original_words: Type.Integer(),
    styled_words: Type.Integer(),
  },
  { $id: 'Distance' },
);

/** What a transform adds on request (the include_* flags). */
const extras = {
  quality_analytics: Type.Optional(component(QualityAnalytics)),
  comparison: Type.Optional(component(Comparison)),
  distance: Type.Optional(component(Distance)),
};

export const ChatCompletion = closed(
  {
    id: Type.String(),
    object: Type.Literal('chat.completion'),
    created: Type.Integer(),
    model: Type.String(),
    choices: Type.Array(
      closed({
        index: Type.Integer(),
        message: closed({ role: Type.Literal('assistant'), content: Type.String() }),
        finish_reason: Type.String(),
      }),
    ),
    usage: component(Usage),
    ...extras,
    styler: Type.Optional(component(DraftReport)),
  },
  { $id: 'ChatCompletion' },
);

export const ChatCompletionChunk = closed(
  {
    id: Type.String(),
    object: Type.Literal('chat.completion.chunk'),
    created: Type.Integer(),
    model: Type.String(),
    choices: Type.Array(
      closed({
        index: Type.Integer(),
        delta: closed({ role: Type.Optional(Type.Literal('assistant')), content: Type.Optional(Type.String()) }),
        finish_reason: orNull(Type.String()),
      }),
    ),
    usage: Type.Optional(component(Usage)),
    ...extras,
    styler: Type.Optional(component(DraftReport)),
  },
  { $id: 'ChatCompletionChunk' },
);

const role = Type.Union([Type.Literal('all'), Type.Literal('api'), Type.Literal('worker')]);

export const Health = closed(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')], {
      description: 'degraded: the database is unreachable and requests are served from the cache where they can be.',
    }),
    role,
    cache: Type.Optional(closed({ ttl_seconds: Type.Number(), live_keys: Type.Integer() })),
    database: Type.Optional(
      closed({ kind: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]), reachable: Type.Boolean() }),
    ),
    pool: Type.Optional(
      closed({ threads: Type.Integer(), queued_tasks: Type.Integer(), running_tasks: Type.Integer() }),
    ),
    jobs: Type.Optional(closed({ running: Type.Integer() })),
  },
  {
    $id: 'Health',
    description:
      'Liveness and the process role; `status` (degraded while the database is unreachable), `database`, `cache`, `pool` and `jobs` only with a valid API key.',
  },
);
export const Ready = closed(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')], {
      description:
        'degraded: the database is unreachable, but keys and models it confirmed within the cache TTL are served.',
    }),
    role,
  },
  { $id: 'Ready', description: 'Readiness.' },
);

/** Every shared schema, in the order components.schemas lists them. */
export const API_SCHEMAS = [
  ErrorBody,
  OpenAIErrorBody,
  FileObject,
  FileList,
  FileDeleted,
  JobError,
  FineTuningJob,
  FineTuningJobList,
  FineTuningJobEvent,
  FineTuningJobEventList,
  CreateFineTuningJobRequest,
  ModelObject,
  ModelList,
  ModelDeleted,
  ChatMessage,
  FullModeOptions,
  TransformRequestBody,
  Usage,
  QualityAnalytics,
  DiffSegment,
  Comparison,
  Distance,
  ChatCompletion,
  ChatCompletionChunk,
  ChatRequestMessage,
  ChatCompletionRequest,
  DraftReport,
  Health,
  Ready,
] as const;
