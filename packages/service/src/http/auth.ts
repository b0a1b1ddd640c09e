/** Bearer-key authentication: every route but the public ones needs `Authorization: Bearer <key>`. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError } from '../errors.js';
import type { Principal, StylerStore } from '../store/index.js';
import './fastify-types.js';

/** The key of an `Authorization: Bearer <key>` header (scheme case-insensitive), or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return match?.[1];
}

/** The authenticated principal of a request; throws invalid_api_key if the route skipped auth. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ServiceError('invalid_api_key');
  return request.principal;
}

/**
 * Adds the auth hook to `app`: routes without `config.public` answer 401 'Invalid API key.' unless
 * the bearer key is an active key of the store. Runs on onRequest, before any body is read, so an
 * unauthenticated upload is refused without receiving it.
 */
export function installAuth(app: FastifyInstance, store: StylerStore): void {
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const key = bearerToken(request.headers.authorization);
    const principal = key === undefined ? undefined : await store.tenancy.authenticate(key);
    if (!principal) throw new ServiceError('invalid_api_key');
    request.principal = principal;
  });
}
