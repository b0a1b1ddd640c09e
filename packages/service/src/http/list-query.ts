/** The query of the list endpoints (limit, after, order): its schema and the page it asks for. */
import { Type, type Static } from '@sinclair/typebox';
import type { PageQuery } from '../store/index.js';
import { ERROR_MESSAGE } from './api-schemas.js';
import { failure } from './openapi.js';

/** A list endpoint's page sizes. */
export interface ListLimits {
  defaultLimit: number;
  maxLimit: number;
}

const limitMessage = (maxLimit: number): string => `limit must be an integer from 1 to ${maxLimit}.`;

/** The documented 400 of a list endpoint, with the message its `limit` check gives. */
export const badListParameter = ({ maxLimit }: ListLimits) =>
  failure('Bad list parameter.', ['invalid_input', limitMessage(maxLimit)]);

/** The schema of a list query: limit from 1 to maxLimit, a cursor, an order (unknown parameters are ignored). */
export function listQuery({ defaultLimit, maxLimit }: ListLimits) {
  return Type.Object({
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: maxLimit,
        default: defaultLimit,
        [ERROR_MESSAGE]: limitMessage(maxLimit),
      }),
    ),
    after: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'ID of the last item of the previous page.',
        [ERROR_MESSAGE]: 'after must be an id from an earlier page.',
      }),
    ),
    order: Type.Optional(
      Type.Union([Type.Literal('asc'), Type.Literal('desc')], {
        default: 'desc',
        [ERROR_MESSAGE]: "order must be 'asc' or 'desc'.",
      }),
    ),
  });
}

/** The page a valid list query asks for. */
export function toPageQuery(query: Static<ReturnType<typeof listQuery>>, { defaultLimit }: ListLimits): PageQuery {
  return {
    limit: query.limit ?? defaultLimit,
    ...(query.after !== undefined && { after: query.after }),
    ...(query.order !== undefined && { order: query.order }),
  };
}
