/** Reading a chat-completions Server-Sent Events body as a sequence of content deltas. */
import type { ChatUsage } from './types.js';
import { readSseData } from './sse.js';
import { parseChunk } from './wire.js';

/** The payload that ends an OpenAI stream. */
const DONE = '[DONE]';

/**
 * Yields each non-empty `choices[0].delta.content` of the stream in `body`, stopping at
 * `data: [DONE]` (or at the end of the body, for servers that omit it). `onUsage` is called once
 * at the end with the last usage the stream reported, if any. Throws provider_failed for a
 * malformed event or an in-stream error object.
 */
export async function* readChatDeltas(
  body: ReadableStream<Uint8Array>,
  service: string,
  onUsage?: (usage: ChatUsage) => void,
): AsyncGenerator<string, void, undefined> {
  let usage: ChatUsage | undefined;
  for await (const data of readSseData(body)) {
    if (data.trim() === DONE) break;
    const chunk = parseChunk(service, data);
    // Some servers (vLLM with continuous usage stats) repeat usage on every chunk; the last is the total.
    if (chunk.usage) usage = chunk.usage;
    if (chunk.content !== undefined) yield chunk.content;
  }
  if (usage && onUsage) onUsage(usage);
}
