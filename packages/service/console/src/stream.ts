/** POST /style/transform with stream: true, read as Server-Sent Events (eventsource-parser). */
import { createParser } from 'eventsource-parser';
import { ApiError, failure, type Api } from './api';
import type { ApiErrorBody, TransformChunk } from '../../src/http/wire-types';

/** The streamed transform put together: its text and the extras (and `styler` report) its last chunk carried. */
export type TransformResult = Pick<
  TransformChunk,
  'quality_analytics' | 'comparison' | 'distance' | 'usage' | 'styler'
> & {
  content: string;
};

/** A chunk of the stream, or the error event that ends it. */
type Chunk = Partial<TransformChunk> & Partial<ApiErrorBody>;

/** Streams the styled text into `onText` as it arrives; resolves with the whole result. */
export async function streamTransform(
  api: Api,
  body: Record<string, unknown>,
  onText: (text: string) => void,
  signal: AbortSignal,
): Promise<TransformResult> {
  const response = await fetch('/v1/style/transform', {
    method: 'POST',
    headers: api.headers(true),
    body: JSON.stringify({ ...body, stream: true }),
    signal,
  });
  if (!response.ok) throw await failure(response);
  if (response.body === null) throw new ApiError(response.status, `The server answered ${response.status}.`);
  const result: TransformResult = { content: '' };
  let failed: ApiError | undefined;
  const parser = createParser({
    onEvent(event) {
      if (event.data === '[DONE]') return;
      const chunk = JSON.parse(event.data) as Chunk;
      if (chunk.error !== undefined) {
        failed = new ApiError(500, chunk.error, chunk.code);
        return;
      }
      const piece = chunk.choices?.[0]?.delta?.content;
      if (piece) {
        result.content += piece;
        onText(result.content);
      }
      if (chunk.usage) result.usage = chunk.usage;
      if (chunk.quality_analytics) result.quality_analytics = chunk.quality_analytics;
      if (chunk.comparison) result.comparison = chunk.comparison;
      if (chunk.distance) result.distance = chunk.distance;
      if (chunk.styler) result.styler = chunk.styler;
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(value);
  }
  if (failed !== undefined) throw failed;
  return result;
}
