/**
 * Cross-origin access for browser clients, off unless STYLER_CORS_ORIGINS lists origins: an allowed
 * origin's requests get Access-Control-Allow-Origin (and the headers a client reads, such as
 * Retry-After), and its preflight (OPTIONS with Access-Control-Request-Method) is answered 204
 * before authentication, which a browser never sends on a preflight. Other origins get nothing, so
 * their browsers keep the answers from their pages.
 */
import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'authorization, content-type, openai-organization, openai-project';
const EXPOSED_HEADERS = 'retry-after, content-type, x-error-code';
/** How long a browser may keep a preflight's answer (seconds). */
const PREFLIGHT_MAX_AGE = '600';

export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const any = origins.includes('*');
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined || (!any && !allowed.has(origin))) return;
    void reply.header('access-control-allow-origin', any ? '*' : origin);
    if (!any) void reply.header('vary', 'Origin');
    void reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      void reply
        .code(204)
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', PREFLIGHT_MAX_AGE);
      return reply.send();
    }
    return undefined;
  });
}
