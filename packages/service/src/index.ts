/**
 * styler: the HTTP service and the styler CLI. For compatibility with the single package Styler
 * was before, it also re-exports the analytics library and the style engine.
 */
export * from '@styler-dev/analytics';
export * from '@styler-dev/engine';
export {
  buildApp,
  ensureInitialKey,
  ERRORS,
  ServiceError,
  loadServiceConfig,
  startService,
  type AppDeps,
  type ErrorCode,
  type RunningService,
  type ServiceConfig,
  type StartServiceOptions,
  type StylerChatCompletionCreateParams,
  type StylerChatCompletionExtensions,
  type StylerDraftReport,
  type StylerFineTuningJob,
  type StylerFineTuningJobCreateParams,
  type StylerTransformChunk,
  type StylerTransformRequest,
  type StylerTransformResponse,
} from './http/index.js';
