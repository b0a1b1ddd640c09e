/**
 * Turns a POST /style/transform body, already checked against its schema (api-schemas.ts), into a
 * typed request: defaults filled, names trimmed, roles mapped. What a schema cannot say is checked
 * here: a text over the length limit is a 413 that says the limit.
 */
import { ServiceError } from '../../errors.js';
import type { ChatMessage } from '@styler-dev/engine/providers';
import type { TransformRequestBody } from '../api-schemas.js';
import { BASE_TEMPERATURE } from '../limits.js';

/** Which engine rewrites: the LLM pipeline (where one is configured), or the rule engine alone. */
export type RewriteEngine = 'llm' | 'rules';

export type TransformInput =
  | { mode: 'rewrite'; message: string; engine: RewriteEngine }
  | {
      mode: 'full';
      messages: ChatMessage[];
      baseModel: string;
      /** 'auto' unless the request names a service. */
      baseModelService: string;
      baseTemperature: number;
    };

/** The optional flags; all default to false and apply to both modes. */
export interface TransformFlags {
  stream: boolean;
  includeQuality: boolean;
  /** Only honoured with includeQuality. */
  includeRouge: boolean;
  includeCompareOriginal: boolean;
  includeDistance: boolean;
  skipHeadings: boolean;
  skipH1: boolean;
}

export interface TransformRequest {
  /** The fine-tuned model's name. */
  model: string;
  input: TransformInput;
  flags: TransformFlags;
  /** Styler's extension: 'author' rewrites reader-addressed sentences in the author's person (default 'keep'). */
  perspective: 'keep' | 'author';
}

/** 'developer' is OpenAI's newer name for the system role. */
const ROLES = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
} as const satisfies Record<string, ChatMessage['role']>;

function tooLong(maxTextChars: number): ServiceError {
  return new ServiceError('text_too_long', `Text is too long: at most ${maxTextChars} characters.`);
}

function toInput(body: TransformRequestBody, maxTextChars: number): TransformInput {
  if (body.mode === 'rewrite') {
    if (body.message.length > maxTextChars) throw tooLong(maxTextChars);
    return { mode: 'rewrite', message: body.message, engine: body.rewrite_engine ?? 'llm' };
  }
  const messages = body.messages.map(({ role, content }): ChatMessage => ({ role: ROLES[role], content }));
  if (messages.reduce((sum, message) => sum + message.content.length, 0) > maxTextChars) throw tooLong(maxTextChars);
  const options = body.full_mode_options;
  return {
    mode: 'full',
    messages,
    baseModel: options.base_model.trim(),
    baseModelService: options.base_model_service?.trim() ?? 'auto',
    baseTemperature: options.base_temperature ?? BASE_TEMPERATURE.default,
  };
}

/**
 * The typed request of a valid body; throws ServiceError text_too_long (413) when `message`, or the
 * `messages` contents together, exceed `maxTextChars`. null fields count as absent.
 */
export function toTransformRequest(body: TransformRequestBody, limits: { maxTextChars: number }): TransformRequest {
  return {
    model: body.model.trim(),
    input: toInput(body, limits.maxTextChars),
    flags: {
      stream: body.stream === true,
      includeQuality: body.include_quality === true,
      includeRouge: body.include_rouge === true,
      includeCompareOriginal: body.include_compare_original === true,
      includeDistance: body.include_distance === true,
      skipHeadings: body.skip_headings === true,
      skipH1: body.skip_h1 === true,
    },
    perspective: body.perspective ?? 'keep',
  };
}
