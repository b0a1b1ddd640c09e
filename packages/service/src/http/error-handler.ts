/**
 * The one error handler: every failure leaves as `{"error": "<message>", "code": "<code>"}` (and `param`,
 * the field at fault, when a schema names one) with its status.
 * Errors raised on purpose (the service's, the libraries', the store's) get both from the registry's
 * one mapping (errors.ts); fastify's and the multipart plugin's own errors are mapped by code; a
 * full disk (fs ENOSPC/EDQUOT, SQLite SQLITE_FULL) is 507 storage_full from any route; anything
 * else is a 500 with a generic message, logged with its stack.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { isDatabaseUnavailable } from '../store/index.js';
import { ERRORS, wireError, type ErrorCode } from '../errors.js';
import './fastify-types.js';
import { validationMessage, validationParam } from './validation.js';

/** A response for an error: HTTP status, and the code and message of the body. */
export interface ErrorResponse {
  status: number;
  code: ErrorCode;
  message: string;
  /** The request field a 400 is about (OpenAI's `param`), when one is. */
  param?: string;
}

/** The response of a registry code with its status and default message. */
function registered(code: ErrorCode): ErrorResponse {
  return { status: ERRORS[code].status, code, message: ERRORS[code].message };
}

/** Every error body: the message, the registry code (as OpenAI's clients read `code`), the field when one is at fault. */
export function errorBody(code: ErrorCode, message: string = ERRORS[code].message, param?: string) {
  return { error: message, code, ...(param !== undefined && { param }) };
}

/** OpenAI's error type for a status: what its SDKs and clients branch on. */
function openaiErrorType(status: number): string {
  if (status >= 500) return 'server_error';
  if (status === 429) return 'rate_limit_error';
  return 'invalid_request_error';
}

/**
 * The error body of OpenAI's API, `{"error": {message, type, code, param}}`, which its SDKs read
 * into `err.code`, `err.type` and `err.param`: the routes OpenAI defines and the spec does not
 * (chat completions, models) answer with it.
 */
export function openaiErrorBody(code: ErrorCode, message: string = ERRORS[code].message, param?: string) {
  return { error: { message, type: openaiErrorType(ERRORS[code].status), code, param: param ?? null } };
}

/** Limits quoted in messages. */
export interface ErrorLimits {
  maxFileBytes: number;
  maxBodyBytes: number;
}

/** What a route says about its requests in error messages (its route config). */
export interface RouteErrorHints {
  /** The registry code for 400s the framework raises before the handler runs. */
  badRequestCode?: ErrorCode | undefined;
  /** How to send the body, for a request whose Content-Type the route cannot read. */
  accepts?: string | undefined;
  /** The route's schemas, whose messages explain a request that fails them. */
  schema?: FastifySchema | undefined;
  /** The parsed body, to tell which branch of a union schema it meant. */
  body?: unknown;
  /** 'openai': the route answers errors in OpenAI's shape (openaiErrorBody). */
  errorShape?: 'openai' | undefined;
}

/** A request that failed its route's schema (fastify's FST_ERR_VALIDATION). */
interface ValidationFailure {
  validation: Parameters<typeof validationMessage>[1];
  validationContext?: string;
}

function isValidationFailure(error: unknown): error is ValidationFailure {
  return Array.isArray((error as Partial<ValidationFailure> | null)?.validation);
}

function framework(
  code: string,
  limits: ErrorLimits,
  hints: RouteErrorHints,
): { code: ErrorCode; message?: string } | undefined {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { code: 'invalid_input', message: 'Request body is not valid JSON.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'invalid_input', message: 'Request body is empty: send a JSON object.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'invalid_input', message: 'Content-Length does not match the request body.' };
    case 'FST_ERR_BAD_URL':
      return { code: 'invalid_input', message: 'Malformed URL.' };
    case 'FST_PROTO_VIOLATION':
      return { code: 'invalid_input', message: 'A form field name is not allowed.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: 'unsupported_content_type',
        message: `Unsupported Content-Type: ${hints.accepts ?? 'send application/json.'}`,
      };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { code: 'unsupported_content_type', message: 'Upload files as multipart/form-data.' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        code: 'payload_too_large',
        message: `Request body is too large: the limit is ${limits.maxBodyBytes} bytes.`,
      };
    case 'FST_REQ_FILE_TOO_LARGE':
      return { code: 'file_too_large', message: `File is too large: the limit is ${limits.maxFileBytes} bytes.` };
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return {
        code: 'payload_too_large',
        message: "Too many form parts: send one 'file' field and an optional 'purpose' field.",
      };
    default:
      return undefined;
  }
}

/**
 * Maps any thrown value to its response. The route's `badRequestCode` replaces the message of 400s
 * raised by the framework; a request failing the route's schema otherwise gets the message the
 * schema gives for it (validation.ts); `accepts` says how to send a body of the wrong type. Unknown errors
 * become 500 'Internal server error.'.
 */
export function toErrorResponse(error: unknown, limits: ErrorLimits, hints: RouteErrorHints = {}): ErrorResponse {
  const known = wireError(error);
  if (known) return known;
  // The database is down or restarting (PostgreSQL mode): nothing is lost, the client may retry.
  if (isDatabaseUnavailable(error)) {
    return registered('database_unavailable');
  }
  const { badRequestCode } = hints;
  if (isValidationFailure(error)) {
    const part = hints.schema?.[error.validationContext as keyof FastifySchema] as Record<string, unknown> | undefined;
    // A route whose 400s all say one thing (the transform's 'Invalid input data.', as the spec has
    // it) names the field in `param`, as OpenAI's errors do; elsewhere the message names it.
    if (badRequestCode) {
      const param = validationParam(error.validation, part, hints.body);
      return { ...registered(badRequestCode), ...(param !== undefined && { param }) };
    }
    return {
      status: 400,
      code: 'invalid_input',
      message: validationMessage(part, error.validation) ?? ERRORS.invalid_input.message,
    };
  }
  const code = (error as Partial<FastifyError> | null)?.code;
  const mapped = typeof code === 'string' ? framework(code, limits, hints) : undefined;
  if (mapped) {
    const entry = ERRORS[mapped.code];
    // A route whose rejected requests all say one thing says it for a body it cannot read, too.
    if ((entry.status === 400 || mapped.code === 'unsupported_content_type') && badRequestCode) {
      return registered(badRequestCode);
    }
    return { status: entry.status, code: mapped.code, message: mapped.message ?? entry.message };
  }
  // Other client errors from the framework or its parsers (e.g. a __proto__ key in JSON) carry a 4xx.
  const status = (error as Partial<FastifyError> | null)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 400) return registered(badRequestCode ?? 'invalid_input');
    if (status === 413) return registered('payload_too_large');
    if (status === 415) return registered('unsupported_content_type');
    return { status, code: 'invalid_input', message: 'Invalid request.' };
  }
  return registered('internal');
}

/** Seconds a client should wait before retrying, by status: soon for a busy pool or a database coming back, longer for a full disk. */
const RETRY_AFTER_SECONDS: Readonly<Record<number, string>> = { 429: '1', 503: '1', 507: '30' };

/** Client errors a retry can change: a request that timed out, a rate limit. */
const RETRYABLE_CLIENT_ERRORS = new Set([408, 429]);

/** The header that carries an error's registry code, where OpenAI's SDKs expose it (`error.headers`). */
export const ERROR_CODE_HEADER = 'x-error-code';

/**
 * The headers of an error answer with `status` and registry `code`: the code in ERROR_CODE_HEADER
 * (the spec fixes the body's `error` as a string, so OpenAI's SDKs find no `code` in it; they do
 * hand over the headers), Retry-After (seconds) where waiting helps (429, 503, 507), and
 * `x-should-retry: false` where a retry cannot change the answer (every 4xx but 408 and 429).
 * OpenAI's SDKs read that header before their own rules, which retry a 409 (a cancel of a finished
 * job was sent three times).
 */
export function errorHeaders(status: number, code: ErrorCode): Record<string, string> {
  const retryAfter = RETRY_AFTER_SECONDS[status];
  return {
    [ERROR_CODE_HEADER]: code,
    ...(retryAfter !== undefined && { 'retry-after': retryAfter }),
    ...(status >= 400 && status < 500 && !RETRYABLE_CLIENT_ERRORS.has(status) && { 'x-should-retry': 'false' }),
  };
}

/** Sends the error body (the route's shape) with its headers (errorHeaders). */
function send(reply: FastifyReply, response: ErrorResponse, shape?: 'openai'): void {
  const { code, message, param } = response;
  void reply
    .headers(errorHeaders(response.status, code))
    .code(response.status)
    .type('application/json; charset=utf-8')
    .send(shape === 'openai' ? openaiErrorBody(code, message, param) : errorBody(code, message, param));
}

/**
 * fastify's `frameworkErrors` option: errors raised before routing (a malformed URL, a bad
 * Content-Type header) get the same body as everything else.
 */
export function frameworkErrorHandler(limits: ErrorLimits) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void =>
    send(reply, toErrorResponse(error, limits));
}

/**
 * Client errors worth an operator's eye: a body cut off in transit is how a broken proxy, a flaky
 * link or someone probing the parser shows up.
 */
const WARNED_CLIENT_ERRORS: ReadonlySet<ErrorCode> = new Set(['malformed_upload']);

/**
 * Logs a failed request at the level its cause deserves: only a 500 is our fault (error, with its
 * stack); a provider's failure, an unavailable database or a full disk (502–507) is an operational
 * condition (warn), as is a malformed upload; a request for what this deployment does not offer (501, e.g. full mode without
 * a provider) is the client's, like every 4xx (info).
 */
function logOutcome(request: FastifyRequest, response: ErrorResponse, error: unknown): void {
  const { status } = response;
  const reason = (error as Error).message;
  if (status === 500) request.log.error({ err: error }, 'request failed');
  else if (status > 501) request.log.warn({ status, reason }, 'request failed: service condition');
  else if (WARNED_CLIENT_ERRORS.has(response.code)) request.log.warn({ status, reason }, 'request rejected');
  else request.log.info({ status, reason }, 'request rejected');
}

/** Installs the error handler and the not-found handler on `app`. */
export function installErrorHandlers(app: FastifyInstance, limits: ErrorLimits): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const response = toErrorResponse(error, limits, {
      ...request.routeOptions.config,
      schema: request.routeOptions.schema,
      body: request.body,
    });
    if (reply.raw.destroyed) {
      // The client went away (work was aborted on purpose): nothing to answer, nothing failed.
      request.log.info({ reason: (error as Error).message }, 'client disconnected');
      return;
    }
    logOutcome(request, response, error);
    send(reply, response, request.routeOptions.config.errorShape);
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    send(reply, { ...registered('route_not_found'), message: `Unknown endpoint: ${request.method} ${path}` });
  });
}
