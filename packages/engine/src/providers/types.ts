/** The chat-completions contract every LLM provider speaks (OpenAI-compatible HTTP). */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  /**
   * stream() only: called once with the token counts if the provider reports them. When set, the
   * provider asks for them (`stream_options.include_usage`); when absent it does not, since a few
   * older OpenAI-compatible servers reject that field.
   */
  onUsage?: (usage: ChatUsage) => void;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ChatResult {
  content: string;
  finishReason: string;
  usage?: ChatUsage;
}

/** One configured endpoint that can answer chat requests. */
export interface ChatProvider {
  /** The service name: `openai`, `ollama` or `openai-compatible`. */
  readonly name: string;
  complete(request: ChatRequest): Promise<ChatResult>;
  /** Yields content deltas as the provider streams them. */
  stream(request: ChatRequest): AsyncIterable<string>;
}
