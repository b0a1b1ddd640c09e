/**
 * The API's bodies as TypeScript types, read from their schemas (api-schemas.ts, chat-schemas.ts)
 * so that they cannot drift: the web console uses these instead of copies of its own, and the
 * package exports the request types (Styler*) for TypeScript clients, the official openai SDK's included.
 */
import type { Static } from '@sinclair/typebox';
import type {
  ChatCompletion,
  ChatCompletionChunk,
  Comparison,
  CreateFineTuningJobRequest,
  Distance,
  DiffSegment,
  ErrorBody,
  FileList,
  FileObject as FileSchema,
  FineTuningJob,
  ModelObject,
  QualityAnalytics as QualitySchema,
  TransformRequestBody,
  Usage as UsageSchema,
} from './api-schemas.js';
import type { ChatCompletionRequest, DraftReport } from './chat-schemas.js';

export type ApiErrorBody = Static<typeof ErrorBody>;
export type FileObject = Static<typeof FileSchema>;
export type Job = Static<typeof FineTuningJob>;
export type Model = Static<typeof ModelObject>;
/** An OpenAI-style page of T: every list body (FileList, FineTuningJobList, ModelList) has this shape. */
export type List<T> = Omit<Static<typeof FileList>, 'data'> & { data: T[] };
export type QualityAnalytics = Static<typeof QualitySchema>;
export type TransformComparison = Static<typeof Comparison>;
export type TransformDistance = Static<typeof Distance>;
export type DiffPiece = Static<typeof DiffSegment>;
export type Usage = Static<typeof UsageSchema>;
export type TransformChunk = Static<typeof ChatCompletionChunk>;

/** The fields Styler adds to OpenAI's chat completion request (candidates, revise, base_model, the cost cap). */
export type StylerChatCompletionExtensions = Pick<
  ChatCompletionRequest,
  'candidates' | 'revise' | 'base_model' | 'base_model_service' | 'max_llm_calls' | 'max_llm_tokens'
>;

/**
 * A chat completion request with Styler's extensions. Give it the openai SDK's own parameters type
 * (`StylerChatCompletionCreateParams<OpenAI.ChatCompletionCreateParamsNonStreaming>`) to pass it to
 * `client.chat.completions.create`; without one it is the request as the service reads it.
 */
export type StylerChatCompletionCreateParams<OpenAIParams extends object = ChatCompletionRequest> = OpenAIParams &
  StylerChatCompletionExtensions;

/** The `styler` field of a chat completion (and of a transform in full mode): how the answer was chosen. */
export type StylerDraftReport = DraftReport;

/**
 * POST /fine_tuning/jobs as Styler reads it: `training_files` (several) or `training_file`, and no
 * `model` needed. The openai SDK's `fineTuning.jobs.create` requires `model` and one `training_file`;
 * send this through the SDK's `client.post('/fine_tuning/jobs', { body })`.
 */
export type StylerFineTuningJobCreateParams = Static<typeof CreateFineTuningJobRequest>;
/** A fine-tuning job as the service answers it. */
export type StylerFineTuningJob = Job;
/** POST /style/transform: rewrite mode (`message`) or full mode (`messages`, `full_mode_options`). */
export type StylerTransformRequest = Static<typeof TransformRequestBody>;
/** The answer of POST /style/transform without `stream`: a chat.completion with Styler's extras. */
export type StylerTransformResponse = Static<typeof ChatCompletion>;
/** One event of POST /style/transform with `stream: true`. */
export type StylerTransformChunk = TransformChunk;
