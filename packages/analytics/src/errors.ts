/**
 * Every error the project raises on purpose: a stable code, its HTTP status and its message.
 * The service's one error handler turns a StylerError into `{"error": message}` with `status`;
 * anything else becomes a 500 with a generic message.
 */
export const ERRORS = {
  invalid_api_key: { status: 401, message: 'Invalid API key.' },
  invalid_input: { status: 400, message: 'Invalid input data.' },
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
  // Service (src/service): uploads, request shape, routing, lifecycle.
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
  route_not_found: { status: 404, message: 'Not found.' },
  service_unavailable: { status: 503, message: 'The service is shutting down: retry shortly.' },
  database_unavailable: { status: 503, message: 'The database is unavailable: retry shortly.' },
  time_budget_exceeded: {
    status: 503,
    message: 'The request took longer than the time budget allows: retry later, or send a shorter text.',
  },
  storage_full: { status: 507, message: 'Storage is full: the service cannot save data right now. Retry later.' },
  invalid_training_data: { status: 400, message: 'The training data cannot be used.' },
  internal: { status: 500, message: 'Internal server error.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** An expected failure with a stable code; `message` may be more specific than the registry's default. */
export class StylerError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string = ERRORS[code].message, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StylerError';
    this.code = code;
    this.status = ERRORS[code].status;
  }
}

/** How errors cross a worker boundary: as data, since structured cloning drops subclasses. */
export interface SerializedError {
  code: ErrorCode | 'type_error' | 'range_error';
  message: string;
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof StylerError) return { code: error.code, message: error.message };
  if (error instanceof TypeError) return { code: 'type_error', message: error.message };
  if (error instanceof RangeError) return { code: 'range_error', message: error.message };
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}

export function deserializeError(data: SerializedError): Error {
  if (data.code === 'type_error') return new TypeError(data.message);
  if (data.code === 'range_error') return new RangeError(data.message);
  return new StylerError(data.code, data.message);
}
