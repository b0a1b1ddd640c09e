/** ProviderError, and what can go wrong talking to a provider turned into one with a useful message. */

/**
 * What a provider error means: the provider failed (provider_failed), none is configured for the
 * request (provider_not_configured), or the request names a model or service that cannot be chosen
 * (invalid_input).
 */
export type ProviderErrorCode = 'provider_failed' | 'provider_not_configured' | 'invalid_input';

/** An expected failure choosing or calling a base-model provider, with a stable code; the message names the service. */
export class ProviderError extends Error {
  readonly code: ProviderErrorCode;

  constructor(code: ProviderErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
    this.code = code;
  }
}

/** Longest provider-supplied text quoted in a message, in characters; keeps error bodies readable. */
const MAX_QUOTED_CHARS = 300;

/**
 * An error for a non-2xx answer: names the service, the status and, when the body is JSON in the
 * OpenAI shape (`{"error": {"message"}}`) or a close variant, the provider's own message.
 */
export function httpStatusError(service: string, status: number, bodyText: string): ProviderError {
  const detail = providerMessage(bodyText);
  return new ProviderError(
    'provider_failed',
    `Base model service ${service} answered HTTP ${status}${detail ? `: ${detail}` : '.'}`,
  );
}

/**
 * The human-readable message in an error body: `error.message` (OpenAI, Ollama, vLLM),
 * `error` as a string (llama.cpp and others) or `message`/`detail`; else plain text if short.
 */
export function providerMessage(bodyText: string): string | undefined {
  const text = bodyText.trim();
  if (!text) return undefined;
  let message: unknown;
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object') {
      const record = body as Record<string, unknown>;
      const error = record['error'];
      message =
        typeof error === 'string'
          ? error
          : error && typeof error === 'object'
            ? (error as Record<string, unknown>)['message']
            : (record['message'] ?? record['detail']);
    }
  } catch {
    // Not JSON: an HTML error page says nothing useful, plain text usually does.
    if (!text.startsWith('<')) message = text;
  }
  if (typeof message !== 'string' || !message.trim()) return undefined;
  const oneLine = message.trim().replace(/\s+/g, ' ');
  return oneLine.length > MAX_QUOTED_CHARS ? `${oneLine.slice(0, MAX_QUOTED_CHARS)}…` : oneLine;
}

/**
 * An error for a failed connection (fetch's TypeError with a system error as cause): names the
 * service, the URL and the system code, e.g. ECONNREFUSED, ENOTFOUND, ECONNRESET.
 */
export function networkError(service: string, url: string, error: unknown, duringBody: boolean): ProviderError {
  const code = systemErrorCode(error);
  const reason = code ? (REASONS[code] ?? code) : error instanceof Error ? error.message : String(error);
  const what = duringBody
    ? `The connection to base model service ${service} at ${url} broke mid-response`
    : `Could not reach base model service ${service} at ${url}`;
  const hint = code === 'ECONNREFUSED' || code === 'ENOTFOUND' ? ' Is the server running and the URL right?' : '';
  return new ProviderError('provider_failed', `${what} (${reason}).${hint}`, { cause: error });
}

/** An error for a provider that sent no byte for `timeoutMs`. */
export function timeoutError(service: string, url: string, timeoutMs: number): ProviderError {
  return new ProviderError(
    'provider_failed',
    `Base model service ${service} at ${url} did not answer within ${timeoutMs} ms (STYLER_LLM_TIMEOUT_MS).`,
  );
}

/** An error for a 2xx answer that is not what the chat-completions API promises. */
export function malformedResponseError(service: string, what: string): ProviderError {
  return new ProviderError('provider_failed', `Base model service ${service} sent a malformed response: ${what}.`);
}

const REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused, ECONNREFUSED',
  ENOTFOUND: 'host not found, ENOTFOUND',
  ECONNRESET: 'connection reset, ECONNRESET',
  ETIMEDOUT: 'connection timed out, ETIMEDOUT',
  EHOSTUNREACH: 'host unreachable, EHOSTUNREACH',
  UND_ERR_SOCKET: 'socket closed by the server',
};

/** The system error code in fetch's cause chain; happy-eyeballs failures nest it in an AggregateError. */
function systemErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const record = current as { code?: unknown; errors?: unknown; cause?: unknown };
    if (typeof record.code === 'string') return record.code;
    if (Array.isArray(record.errors) && record.errors.length > 0) current = record.errors[0];
    else current = record.cause;
  }
  return undefined;
}
