/** What this service adds to fastify's request and route config types. */
import type { Principal } from '../store/index.js';
import type { ErrorCode } from '../errors.js';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
// Brings in the multipart plugin's request methods (isMultipart, parts).
import type {} from '@fastify/multipart';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key's organization and project; set by the auth hook on every authenticated route. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Served without an API key (health check, OpenAPI document). */
    public?: boolean;
    /**
     * The registry code for 400s the framework raises before the handler runs (malformed JSON,
     * bad Content-Length): POST /style/transform answers all of them with 'Invalid input data.'.
     */
    badRequestCode?: ErrorCode;
    /** How to send the body, quoted when a request's Content-Type is one the route cannot read. */
    accepts?: string;
    /** The route reads no body: an empty one is fine whatever its Content-Type says. */
    bodyless?: boolean;
    /** 'openai': errors in OpenAI's shape, for routes OpenAI defines and the spec does not. */
    errorShape?: 'openai';
  }
}

/** The app as routes see it: request types read from the route schemas (TypeBox). */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
