/**
 * POST /chat/completions with a style model: OpenAI's chat API, so the official SDKs, LangChain and
 * the like can use one. JSON answers a chat.completion whose choices come closest to the author
 * first; `stream: true` answers chat.completion.chunk events ending in `data: [DONE]`. A single
 * draft streams as the base model writes it; several (or a revision) stream once chosen.
 */
import type { ChatUsage } from '@styler-dev/engine/providers';
import { component } from '../api-schemas.js';
import { principalOf } from '../auth.js';
import type { ChatPipeline, PreparedChat } from '../chat/pipeline.js';
import { samplingOptions } from '../chat/request.js';
import { StopCutter } from '../chat/stop-sequences.js';
import { ChatCompletionRequest, type DraftReport } from '../chat-schemas.js';
import { completionResponse, streamCompletion, type CompletionStreamContext } from '../completion-stream.js';
import type { TypedApp } from '../fastify-types.js';
import { failure, rateLimited, unauthorized, withOpenAIErrors } from '../openapi.js';
import type { RouteContext } from '../route-context.js';
import { disconnectSignal, type SseWriter } from '../sse.js';
import { completionObject, deltaChunk, streamPieces } from '../completion.js';
import type { Usage } from '../usage.js';

/** Streams the base model's single draft as it comes, stop sequences applied. */
async function streamThrough(
  chats: ChatPipeline,
  prepared: PreparedChat,
  open: () => SseWriter,
  signal: AbortSignal,
): Promise<Usage> {
  const { request, identity } = prepared;
  let reported: ChatUsage | undefined;
  const cutter = new StopCutter(request.stop);
  let text = '';
  let sse: SseWriter | undefined;
  const send = async (content: string): Promise<void> => {
    if (content === '') return;
    text += content;
    await (sse ??= open()).send(deltaChunk(identity, { content }));
  };
  for await (const delta of prepared.provider.stream({
    model: prepared.baseModel,
    messages: prepared.messages,
    ...samplingOptions(request),
    signal,
    onUsage: (usage) => (reported = usage),
  })) {
    await send(cutter.push(delta));
    if (cutter.stopped) break;
  }
  await send(cutter.end());
  await (sse ??= open()).send(deltaChunk(identity, {}, 'stop'));
  return chats.usage(prepared, reported, [{ content: text, finishReason: 'stop' }]);
}

/** Streams the answer (see streamCompletion for what a failure answers). */
async function respondStream(
  chats: ChatPipeline,
  prepared: PreparedChat,
  context: CompletionStreamContext,
): Promise<void> {
  const { identity, signal } = context;
  await streamCompletion(context, async (open) => {
    let usage: Usage;
    let report: DraftReport | undefined;
    if (chats.streamsThrough(prepared)) {
      usage = await streamThrough(chats, prepared, open, signal);
    } else {
      const answer = await chats.answer(prepared, signal);
      ({ usage, report } = answer);
      const stream = open();
      for (const [index, choice] of answer.choices.entries()) {
        if (index > 0) await stream.send(deltaChunk(identity, { role: 'assistant', content: '' }, null, index));
        for (const piece of streamPieces(choice.content)) {
          if (stream.closed) break;
          await stream.send(deltaChunk(identity, { content: piece }, null, index));
        }
        await stream.send(deltaChunk(identity, {}, choice.finishReason, index));
      }
    }
    if (prepared.request.includeUsage || report !== undefined) {
      await open().send({
        ...deltaChunk(identity, {}),
        choices: [],
        ...(prepared.request.includeUsage && { usage }),
        ...(report !== undefined && { styler: report }),
      });
    }
  });
}

export function chatRoutes(app: TypedApp, context: RouteContext): void {
  const { chats, config } = context;
  const schema = {
    operationId: 'createChatCompletion',
    summary: "OpenAI's chat completions, written by the base model in the style model's voice.",
    body: component(ChatCompletionRequest),
    response: withOpenAIErrors({
      200: completionResponse,
      400: failure('Invalid request.', 'invalid_input'),
      401: unauthorized,
      404: failure('Unknown or not yet trained model.', 'model_not_found'),
      413: failure(`Messages over ${config.maxTextChars} characters, or a body over ${config.maxBodyBytes} bytes.`),
      429: rateLimited,
      501: failure('No LLM is configured (the message says what to set).', 'provider_not_configured'),
      502: failure('The base model service failed.', 'provider_failed'),
    }),
  };
  const options = { schema, config: { badRequestCode: 'invalid_input' as const, errorShape: 'openai' as const } };
  app.post('/chat/completions', options, async (request, reply) => {
    const prepared = await chats.prepare(principalOf(request), request.body);
    const { signal, release } = disconnectSignal(reply);
    try {
      if (prepared.request.stream) {
        await respondStream(chats, prepared, {
          request,
          reply,
          identity: prepared.identity,
          signal,
          limits: config,
          errorShape: 'openai',
        });
        return reply;
      }
      const answer = await chats.answer(prepared, signal);
      return completionObject(prepared.identity, answer.choices, answer.usage, {}, answer.report);
    } finally {
      release();
    }
  });
}
