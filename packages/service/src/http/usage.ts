/** Token usage of a transform, counted with the o200k_base tokenizer (the GPT-4o family's). */
import { countTokens, encodeChat } from 'gpt-tokenizer/encoding/o200k_base';
import type { ChatMessage } from '@styler-dev/engine/providers';

/** The `usage` object of a chat completion. */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

// User text is data: a literal '<|endoftext|>' counts as ordinary characters instead of throwing.
const AS_PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * Usage of a transform. prompt_tokens: the tokens of `message` (rewrite), or of `messages` in chat
 * format with its per-message framing tokens (full); completion_tokens: the tokens of the styled text.
 */
export function countUsage(prompt: string | readonly ChatMessage[], completion: string): Usage {
  const promptTokens =
    typeof prompt === 'string'
      ? countTokens(prompt, AS_PLAIN_TEXT)
      : encodeChat(prompt, 'gpt-4o', AS_PLAIN_TEXT).length;
  const completionTokens = countTokens(completion, AS_PLAIN_TEXT);
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
}
