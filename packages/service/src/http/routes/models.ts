/** GET /models, GET /models/{model}, DELETE /models/{model}: the organization's fine-tuned models. */
import { ServiceError } from '../../errors.js';
import { ModelDeleted, ModelList, ModelObject } from '../api-schemas.js';
import { principalOf } from '../auth.js';
import type { TypedApp } from '../fastify-types.js';
import { badListParameter, listQuery, toPageQuery } from '../list-query.js';
import { failure, ok, pathParams, unauthorized, withOpenAIErrors } from '../openapi.js';
import { toList, toModelObject } from '../representations.js';
import type { RouteContext } from '../route-context.js';

const MODEL_LIST = { defaultLimit: 100, maxLimit: 100 };
const modelParams = pathParams({ model: 'The fine-tuned model name.' });
const notFound = failure('Unknown model.', 'model_not_found');
/** Routes OpenAI defines and the spec does not: errors in OpenAI's shape, as its SDKs read them. */
const OPENAI_ERRORS = { errorShape: 'openai' as const };

export function modelRoutes(app: TypedApp, context: RouteContext): void {
  const { store, models } = context;

  const list = {
    operationId: 'listModels',
    querystring: listQuery(MODEL_LIST),
    response: withOpenAIErrors({
      200: ok(ModelList, "The organization's fine-tuned models."),
      400: badListParameter(MODEL_LIST),
      401: unauthorized,
    }),
  };
  app.get('/models', { schema: list, config: OPENAI_ERRORS }, async (request) => {
    const page = await store.models.list(principalOf(request).organizationId, toPageQuery(request.query, MODEL_LIST));
    if (!page) throw new ServiceError('invalid_input', 'after must be the id of a model in this list.');
    return toList({ data: page.data.map(toModelObject), hasMore: page.hasMore });
  });

  const retrieve = {
    operationId: 'retrieveModel',
    params: modelParams,
    response: withOpenAIErrors({
      200: ok(ModelObject, 'The model and its learned style.'),
      401: unauthorized,
      404: notFound,
    }),
  };
  app.get('/models/:model', { schema: retrieve, config: OPENAI_ERRORS }, async (request) => {
    const model = await store.models.get(principalOf(request).organizationId, request.params.model);
    if (!model) throw new ServiceError('model_not_found');
    return toModelObject(model);
  });

  const remove = {
    operationId: 'deleteModel',
    params: modelParams,
    response: withOpenAIErrors({ 200: ok(ModelDeleted, 'Deleted.'), 401: unauthorized, 404: notFound }),
  };
  app.delete('/models/:model', { schema: remove, config: OPENAI_ERRORS }, async (request) => {
    const { organizationId } = principalOf(request);
    const name = request.params.model;
    if (!(await store.models.delete(organizationId, name))) throw new ServiceError('model_not_found');
    models.evict(organizationId, name);
    return { id: name, object: 'model' as const, deleted: true as const };
  });
}
