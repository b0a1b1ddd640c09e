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
  /**
   * complete() only: how many choices to ask for (the API's `n`, an integer from 1 to MAX_CHOICES;
   * default 1, and then the field is not sent). Servers that ignore it (Ollama's OpenAI endpoint,
   * llama.cpp) answer with one choice: read ChatResult.choices for what actually came back.
   */
  n?: number;
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

/** One choice of a completion. */
export interface ChatChoice {
  content: string;
  finishReason: string;
}

export interface ChatResult {
  /** The first choice's content (what a request for one choice gets). */
  content: string;
  finishReason: string;
  /** Token counts of the whole response (all choices). */
  usage?: ChatUsage;
  /**
   * Every choice that came back, in the response's index order; the first is `content` and
   * `finishReason`. May hold fewer than ChatRequest.n asked for. Absent from providers written
   * before it existed: read it as `[{ content, finishReason }]` then.
   */
  choices?: ChatChoice[];
}

/** One configured endpoint that can answer chat requests. */
export interface ChatProvider {
  /** The service name: `openai`, `ollama` or `openai-compatible`. */
  readonly name: string;
  complete(request: ChatRequest): Promise<ChatResult>;
  /** Yields content deltas as the provider streams them. */
  stream(request: ChatRequest): AsyncIterable<string>;
}
