/**
 * POST /style/transform: a chat.completion object, or with `stream: true` Server-Sent Events of
 * chat.completion.chunk objects ending in `data: [DONE]`. A client that disconnects aborts the
 * base model request and skips the work not yet started.
 */
import { TransformRequestBody, component } from '../api-schemas.js';
import { principalOf } from '../auth.js';
import type { TypedApp } from '../fastify-types.js';
import { failure, rateLimited, unauthorized } from '../openapi.js';
import { completionResponse, streamCompletion, type CompletionStreamContext } from '../completion-stream.js';
import type { RouteContext } from '../route-context.js';
import { disconnectSignal } from '../sse.js';
import { completionObject, deltaChunk, streamPieces, usageChunk } from '../completion.js';
import type { PreparedTransform, TransformPipeline } from '../transform/pipeline.js';

async function respondJson(
  transforms: TransformPipeline,
  prepared: PreparedTransform,
  signal: AbortSignal,
): Promise<ReturnType<typeof completionObject>> {
  const result = await transforms.run(prepared, signal);
  return completionObject(
    prepared.identity,
    [{ content: result.styled, finishReason: result.finishReason }],
    result.usage,
    await result.extras,
    result.report,
  );
}

/** Streams the transform (see streamCompletion for what a failure answers). */
async function respondStream(
  transforms: TransformPipeline,
  prepared: PreparedTransform,
  context: CompletionStreamContext,
): Promise<void> {
  const { identity, signal } = context;
  await streamCompletion(context, async (open) => {
    const result = await transforms.run(prepared, signal, open);
    const stream = open();
    // Quality, diff and distance run while the content streams out.
    for (const piece of streamPieces(result.styled)) {
      if (stream.closed) break;
      await stream.send(deltaChunk(identity, { content: piece }));
    }
    await stream.send(deltaChunk(identity, {}, result.finishReason));
    await stream.send(usageChunk(identity, result.usage, await result.extras, result.report));
  });
}

export function transformRoutes(app: TypedApp, context: RouteContext): void {
  const { transforms, config } = context;
  const schema = {
    operationId: 'transform',
    body: component(TransformRequestBody),
    response: {
      200: completionResponse,
      400: failure('Invalid request.', 'invalid_input'),
      401: unauthorized,
      404: failure('Unknown or not yet trained model.', 'model_not_found'),
      413: failure(`Text over ${config.maxTextChars} characters, or a body over ${config.maxBodyBytes} bytes.`),
      429: rateLimited,
      501: failure('Full mode without a configured base model service (server set-up).', [
        'provider_not_configured',
        'No base model service is configured. ...',
      ]),
      502: failure('The base model service failed.', 'provider_failed'),
      503: failure(
        'The engine work took longer than the time budget (STYLER_REQUEST_TIMEOUT_MS); it was stopped.',
        'time_budget_exceeded',
      ),
    },
  };
  const options = { schema, config: { badRequestCode: 'invalid_input' as const } };
  app.post('/style/transform', options, async (request, reply) => {
    const prepared = await transforms.prepare(principalOf(request), request.body);
    const { signal, release } = disconnectSignal(reply);
    try {
      if (!prepared.request.flags.stream) return await respondJson(transforms, prepared, signal);
      await respondStream(transforms, prepared, {
        request,
        reply,
        identity: prepared.identity,
        signal,
        limits: config,
      });
      return reply;
    } finally {
      release();
    }
  });
}
