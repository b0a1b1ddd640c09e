/**
 * The service's error registry (service-error.ts: every code it answers with, its HTTP status and
 * default message; the ServiceError it raises itself) and the one mapping of the libraries' errors
 * onto these codes.
 * The one error handler (error-handler.ts), failed jobs and the OpenAPI examples read it.
 */
import { AnalyticsError } from '@styler-dev/analytics/errors';
import { ProviderError, StyleError } from '@styler-dev/engine';
import { isStorageFull } from './store/index.js';
import { ERRORS, ServiceError, type ErrorCode } from './service-error.js';

export { ERRORS, JOB_CODES_REGISTERED, ServiceError, type ErrorCode } from './service-error.js';

/** An error a library raises on purpose: analytics' (its pool) and the engine's (its data, its providers). */
type LibraryError = AnalyticsError | StyleError | ProviderError;

function isLibraryError(error: unknown): error is LibraryError {
  return error instanceof AnalyticsError || error instanceof StyleError || error instanceof ProviderError;
}

/**
 * The one mapping of the libraries' codes onto the wire: each is the service code of its name (so
 * its status), and answers with the library's message where that names what was wrong (a field, a
 * provider, the data), or with the registry's where the library speaks of its own pool and clock.
 */
const LIBRARY_MESSAGES = {
  internal: 'library',
  rate_limited: 'registry',
  time_budget_exceeded: 'registry',
  invalid_training_data: 'library',
  invalid_input: 'library',
  provider_failed: 'library',
  provider_not_configured: 'library',
  pool_closed: 'registry',
  unsupported_language: 'library',
} as const satisfies Record<LibraryError['code'], 'library' | 'registry'>;

/** Library codes with no registry code of their name, and the registry's code for each. */
const LIBRARY_CODE_ON_WIRE: Partial<Record<LibraryError['code'], ErrorCode>> = {
  // Only a service that is stopping closes its pool.
  pool_closed: 'service_unavailable',
};

/** An error as the client gets it: its code, HTTP status and message. */
export interface WireError {
  code: ErrorCode;
  status: number;
  message: string;
}

/**
 * The wire form of an error raised on purpose: a ServiceError, a library's error, or a full disk
 * (the store's StorageFullError, or fs's or a database's own error for it, wherever it was raised);
 * undefined for anything else (a bug, or a failure error-handler.ts recognises by its shape).
 */
export function wireError(error: unknown): WireError | undefined {
  if (error instanceof ServiceError) return { code: error.code, status: error.status, message: error.message };
  if (isStorageFull(error)) return { code: 'storage_full', ...ERRORS.storage_full };
  if (!isLibraryError(error)) return undefined;
  const code = LIBRARY_CODE_ON_WIRE[error.code] ?? (error.code as ErrorCode);
  const { status, message } = ERRORS[code];
  return { code, status, message: LIBRARY_MESSAGES[error.code] === 'library' ? error.message : message };
}
