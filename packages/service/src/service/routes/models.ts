/** GET /models, GET /models/{model}, DELETE /models/{model}: the organization's fine-tuned models. */
import type { FastifyInstance } from 'fastify';
import { StylerError } from '@styler/analytics/errors';
import { principalOf } from '../auth.js';
import { toList, toModelObject } from '../representations.js';
import { parseListQuery } from '../request-checks.js';
import type { RouteContext } from '../route-context.js';

export function modelRoutes(app: FastifyInstance, context: RouteContext): void {
  const { store, models } = context;

  app.get('/models', async (request) => {
    const query = parseListQuery(request.query, { defaultLimit: 100, maxLimit: 100 });
    const page = await store.models.list(principalOf(request).organizationId, query);
    if (!page) throw new StylerError('invalid_input', 'after must be the id of a model in this list.');
    return toList({ data: page.data.map(toModelObject), hasMore: page.hasMore });
  });

  app.get<{ Params: { model: string } }>('/models/:model', async (request) => {
    const model = await store.models.get(principalOf(request).organizationId, request.params.model);
    if (!model) throw new StylerError('model_not_found');
    return toModelObject(model);
  });

  app.delete<{ Params: { model: string } }>('/models/:model', async (request) => {
    const { organizationId } = principalOf(request);
    const name = request.params.model;
    if (!(await store.models.delete(organizationId, name))) throw new StylerError('model_not_found');
    models.evict(organizationId, name);
    return { id: name, object: 'model', deleted: true };
  });
}
