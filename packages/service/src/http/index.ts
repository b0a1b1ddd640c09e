/** The HTTP service: build the app in-process, or run it with graceful shutdown. */
export { buildApp, type AppDeps } from './app.js';
export { startService, type RunningService, type StartServiceOptions } from './server.js';
export { loadServiceConfig, SERVICE_DEFAULTS, SERVICE_ENV_VARS, type ServiceConfig } from '../config.js';
export { ensureInitialKey, DEFAULT_TENANT, type InitialKey } from '../initial-key.js';
export { ERRORS, ServiceError, type ErrorCode } from '../errors.js';
export type {
  StylerChatCompletionCreateParams,
  StylerChatCompletionExtensions,
  StylerDraftReport,
  StylerFineTuningJob,
  StylerFineTuningJobCreateParams,
  StylerTransformChunk,
  StylerTransformRequest,
  StylerTransformResponse,
} from './wire-types.js';
