/**
 * A chat.completion.chunk event stream, as the transform and chat routes answer with `stream: true`.
 * It opens only when there is something to send (with the role chunk first), so a failure before
 * that (validation, a full pool, a provider that never answered) still gets its HTTP status; a later
 * one becomes a final `data: {"error": ...}` event, in the route's error shape (OpenAI's on chat
 * completions, so an SDK reading the stream finds the code where it finds it in any answer).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChatCompletion, ChatCompletionChunk, component } from './api-schemas.js';
import { errorBody, openaiErrorBody, toErrorResponse, type ErrorLimits } from './error-handler.js';
import { SseWriter } from './sse.js';
import { deltaChunk, type CompletionIdentity } from './completion.js';

export interface CompletionStreamContext {
  request: FastifyRequest;
  reply: FastifyReply;
  identity: CompletionIdentity;
  signal: AbortSignal;
  limits: ErrorLimits;
  /** 'openai': the final error event is in OpenAI's shape (openaiErrorBody), as the route's other errors. */
  errorShape?: 'openai' | undefined;
}

/** Runs `write` with `open` (the stream, opened on first use), then ends the stream with [DONE]. */
export async function streamCompletion(
  context: CompletionStreamContext,
  write: (open: () => SseWriter) => Promise<void>,
): Promise<void> {
  const { request, reply, identity, signal, limits, errorShape } = context;
  let sse: SseWriter | undefined;
  const open = (): SseWriter => {
    if (sse) return sse;
    reply.hijack();
    sse = new SseWriter(reply.raw);
    void sse.send(deltaChunk(identity, { role: 'assistant', content: '' }));
    return sse;
  };
  try {
    await write(open);
    await open().done();
  } catch (error) {
    if (!sse) throw error;
    if (sse.closed || signal.aborted) return;
    const response = toErrorResponse(error, limits);
    if (response.status >= 500) request.log.error({ err: error }, 'completion stream failed');
    await sse.send(
      errorShape === 'openai'
        ? openaiErrorBody(response.code, response.message)
        : errorBody(response.code, response.message),
    );
    sse.end();
  }
}

/** The 200 answer of a chat-completion route, as OpenAPI documents it: JSON, or the event stream. */
export const completionResponse = {
  description: 'A chat.completion, or with stream: true an event stream of chat.completion.chunk objects.',
  content: {
    'application/json': { schema: component(ChatCompletion) },
    'text/event-stream': {
      schema: Type.String({ description: 'data: <chat.completion.chunk> events, then data: [DONE].' }),
      itemSchema: component(ChatCompletionChunk),
    },
  },
};
