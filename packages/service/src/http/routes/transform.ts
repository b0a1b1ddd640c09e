/**
 * POST /style/transform: a chat.completion object, or with `stream: true` Server-Sent Events of
 * chat.completion.chunk objects ending in `data: [DONE]`. A client that disconnects aborts the
 * base model request and skips the work not yet started.
 */
import { Type } from '@sinclair/typebox';
import { ERRORS } from '@styler/analytics/errors';
import { ChatCompletion, ChatCompletionChunk, TransformRequestBody, component } from '../api-schemas.js';
import { principalOf } from '../auth.js';
import type { TypedApp } from '../fastify-types.js';
import { failure, rateLimited, unauthorized } from '../openapi.js';
import { streamCompletion, type CompletionStreamContext } from '../completion-stream.js';
import type { RouteContext } from '../route-context.js';
import { disconnectSignal } from '../sse.js';
import { completionObject, deltaChunk, streamPieces, usageChunk } from '../transform/completion.js';
import type { BaseText, PreparedTransform, TransformPipeline } from '../transform/pipeline.js';

function rewriteBase(prepared: PreparedTransform): BaseText | undefined {
  const { input } = prepared.request;
  return input.mode === 'rewrite' ? { text: input.message, finishReason: 'stop' } : undefined;
}

async function respondJson(
  transforms: TransformPipeline,
  prepared: PreparedTransform,
  signal: AbortSignal,
): Promise<ReturnType<typeof completionObject>> {
  const base = rewriteBase(prepared) ?? (await transforms.generateBase(prepared, signal));
  signal.throwIfAborted();
  const budget = transforms.startBudget(prepared, signal);
  const styled = await transforms.restyle(prepared, base.text, budget);
  signal.throwIfAborted();
  const extras = await transforms.extras(prepared, base.text, styled, budget);
  return completionObject(prepared.identity, styled, base.finishReason, transforms.usage(prepared, styled), extras);
}

/** Streams the transform (see streamCompletion for what a failure answers). */
async function respondStream(
  transforms: TransformPipeline,
  prepared: PreparedTransform,
  context: CompletionStreamContext,
): Promise<void> {
  const { identity, signal } = context;
  await streamCompletion(context, async (open) => {
    const base = rewriteBase(prepared) ?? (await transforms.streamBase(prepared, signal, open));
    signal.throwIfAborted();
    const budget = transforms.startBudget(prepared, signal);
    const styled = await transforms.restyle(prepared, base.text, budget);
    signal.throwIfAborted();
    const stream = open();
    // Quality, diff and distance run while the content streams out.
    const extras = transforms.extras(prepared, base.text, styled, budget);
    extras.catch(() => undefined);
    for (const piece of streamPieces(styled)) {
      if (stream.closed) break;
      await stream.send(deltaChunk(identity, { content: piece }));
    }
    await stream.send(deltaChunk(identity, {}, base.finishReason));
    await stream.send(usageChunk(identity, transforms.usage(prepared, styled), await extras));
  });
}

export function transformRoutes(app: TypedApp, context: RouteContext): void {
  const { transforms, config } = context;
  const schema = {
    operationId: 'transform',
    body: component(TransformRequestBody),
    response: {
      200: {
        description: 'A chat.completion, or with stream: true an event stream of chat.completion.chunk objects.',
        content: {
          'application/json': { schema: component(ChatCompletion) },
          'text/event-stream': {
            schema: Type.String({ description: 'data: <chat.completion.chunk> events, then data: [DONE].' }),
            itemSchema: component(ChatCompletionChunk),
          },
        },
      },
      400: failure('Invalid request.', ERRORS.invalid_input.message),
      401: unauthorized,
      404: failure('Unknown or not yet trained model.', ERRORS.model_not_found.message),
      413: failure(`Text over ${config.maxTextChars} characters, or a body over ${config.maxBodyBytes} bytes.`),
      429: rateLimited,
      501: failure(
        'Full mode without a configured base model service (server set-up).',
        'No base model service is configured. ...',
      ),
      502: failure('The base model service failed.', ERRORS.provider_failed.message),
      503: failure(
        'The engine work took longer than the time budget (STYLER_REQUEST_TIMEOUT_MS); it was stopped.',
        'The request took longer than the time budget allows: retry later, or send a shorter text.',
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
