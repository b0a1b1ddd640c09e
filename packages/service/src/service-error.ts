/**
 * The service's error codes (each with its HTTP status and default message) and the ServiceError it
 * raises itself. Apart from errors.ts (which maps the libraries' errors onto these codes) so that
 * code raising them, such as reading an upload's text, does not load the engine or the stores.
 */
import type { JobErrorCode } from './store/index.js';

/** Every code the service answers with: its HTTP status and its default message. */
export const ERRORS = {
  invalid_api_key: { status: 401, message: 'Invalid API key.' },
  invalid_input: { status: 400, message: 'Invalid input data.' },
  // Never thrown: the job schema's answer to a style_model other than styler-2 (api-schemas.ts).
  invalid_model_name: { status: 400, message: 'Invalid model name.' },
  file_not_found: { status: 404, message: 'File not found.' },
  job_not_found: { status: 404, message: 'Fine-tuning job not found.' },
  model_not_found: { status: 404, message: 'Model not found.' },
  job_not_cancellable: { status: 409, message: 'Only queued or running jobs can be cancelled.' },
  payload_too_large: { status: 413, message: 'Request body is too large.' },
  file_too_large: { status: 413, message: 'File is too large.' },
  unsupported_file_type: { status: 415, message: 'Unsupported file type: upload a .txt or .docx file.' },
  rate_limited: { status: 429, message: 'Too many requests in progress: retry shortly.' },
  // The server's configuration, not the request: 501 tells the client that retrying will not help.
  provider_not_configured: { status: 501, message: 'No base model provider is configured.' },
  provider_failed: { status: 502, message: 'The base model provider failed.' },
  // Uploads, request shape, routing, lifecycle.
  file_empty: { status: 400, message: 'File is empty.' },
  file_no_prose: { status: 400, message: 'File holds no prose: upload sentences of running text.' },
  docx_corrupt: { status: 400, message: 'The .docx file is corrupt or unreadable.' },
  docx_encrypted: { status: 400, message: 'The .docx file is encrypted: save it without a password and upload again.' },
  docx_too_large: { status: 413, message: 'The .docx file expands to too much data.' },
  file_content_mismatch: { status: 415, message: 'File content does not match its extension.' },
  file_encoding: {
    status: 415,
    message: 'The .txt file is not UTF-8 text (UTF-16 with a byte-order mark is also accepted).',
  },
  file_in_use: { status: 409, message: 'File is used by a queued or running fine-tuning job.' },
  training_file_not_found: { status: 400, message: 'Training file not found.' },
  text_too_long: { status: 413, message: 'Text is too long.' },
  unsupported_content_type: { status: 415, message: 'Unsupported Content-Type.' },
  malformed_upload: {
    status: 400,
    message: 'The multipart form is malformed or cut off before its closing boundary: send the whole form again.',
  },
  // What Node's HTTP parser refuses before routing (app.ts).
  malformed_request: { status: 400, message: 'Malformed HTTP request.' },
  request_timeout: { status: 408, message: 'The request took too long to arrive.' },
  headers_too_large: { status: 431, message: 'The request headers are too large.' },
  route_not_found: { status: 404, message: 'Not found.' },
  service_unavailable: { status: 503, message: 'The service is shutting down: retry shortly.' },
  database_unavailable: { status: 503, message: 'The database is unavailable: retry shortly.' },
  time_budget_exceeded: {
    status: 503,
    message: 'The request took longer than the time budget allows: retry later, or send a shorter text.',
  },
  storage_full: { status: 507, message: 'Storage is full: the service cannot save data right now. Retry later.' },
  invalid_training_data: { status: 400, message: 'The training data cannot be used.' },
  unsupported_language: { status: 400, message: 'The text is not in a language Styler measures (English).' },
  // Failed jobs' codes (their status is that of the job's request, had it been refused at once).
  invalid_training_file: { status: 400, message: 'A training file could not be read.' },
  interrupted: {
    status: 503,
    message: 'Fine-tuning was interrupted too many times (the service stopped while it ran): create the job again.',
  },
  internal: { status: 500, message: 'Internal server error.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

// Every code a failed job carries is a registry code: this line does not compile otherwise.
export const JOB_CODES_REGISTERED: [Exclude<JobErrorCode, ErrorCode>] extends [never] ? true : never = true;

/** A failure the service raises on purpose; `message` may be more specific than the registry's default. */
export class ServiceError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string = ERRORS[code].message, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ServiceError';
    this.code = code;
    this.status = ERRORS[code].status;
  }
}
