/**
 * Credentials kept out of what the service logs or prints: a URL's password, its credential query
 * parameters and anything shaped like an API key. A client that sends its key as `?api_key=` is
 * refused, but the URL of its request would otherwise reach the log whole.
 */
import type { FastifyRequest } from 'fastify';

/** Query parameters whose value is a credential (names compared without case). */
const CREDENTIAL_PARAMETERS = new Set([
  'api_key',
  'apikey',
  'key',
  'token',
  'access_token',
  'password',
  'sslpassword',
  'client_secret',
]);

/** An API key anywhere in a URL: OpenAI's and Styler's both start `sk-`. */
const API_KEY_LIKE = /sk-[\w-]+/g;

/** `scheme://user:password@`: the password of a URL's userinfo. */
const USERINFO_PASSWORD = /^([a-z][a-z\d+.-]*:\/\/[^:/?#@]*):[^/?#@]*@/i;

/** What replaces a credential. */
const REDACTED = '[redacted]';

function parameterName(pair: string): string {
  const name = pair.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * `url` (absolute, e.g. a database URL, or a request's path and query) without its credentials:
 * the password, the values of credential query parameters (api_key, key, token, access_token, …)
 * and any `sk-…` value anywhere, each replaced by `[redacted]`; everything else kept as written.
 */
export function redactedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query =
    queryAt === -1
      ? ''
      : `?${url
          .slice(queryAt + 1)
          .split('&')
          .map((pair) =>
            pair.includes('=') && CREDENTIAL_PARAMETERS.has(parameterName(pair))
              ? `${pair.split('=', 1)[0]!}=${REDACTED}`
              : pair,
          )
          .join('&')}`;
  return `${path.replace(USERINFO_PASSWORD, '$1@')}${query}`.replace(API_KEY_LIKE, REDACTED);
}

/** How a request appears in the log (fastify's `req` serializer, its URL redacted). */
export function requestLogValue(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The serializers of every logger the app logs requests with. */
export const LOG_SERIALIZERS = Object.freeze({ req: requestLogValue });
