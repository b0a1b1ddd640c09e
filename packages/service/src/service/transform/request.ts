/**
 * Parses a POST /style/transform body into a typed request. Every shape error is a 400
 * 'Invalid input data.' (the interface's one message for it); a text over the length limit is a
 * 413 that says the limit.
 */
import { StylerError } from '@styler/analytics/errors';
import type { ChatMessage } from '@styler/engine/providers';
import { isPlainObject, unknownKeys } from '../request-checks.js';

/** Range of full_mode_options.base_temperature, and the value used when it is omitted. */
export const BASE_TEMPERATURE = Object.freeze({ min: 0, max: 2, default: 1 });
/** Most messages a full-mode conversation may hold. */
export const MAX_MESSAGES = 256;
/** Longest model or service name. */
const MAX_NAME_CHARS = 256;

export type TransformInput =
  | { mode: 'rewrite'; message: string }
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

const FLAG_FIELDS = {
  stream: 'stream',
  includeQuality: 'include_quality',
  includeRouge: 'include_rouge',
  includeCompareOriginal: 'include_compare_original',
  includeDistance: 'include_distance',
  skipHeadings: 'skip_headings',
  skipH1: 'skip_h1',
} as const satisfies Record<keyof TransformFlags, string>;

const TOP_LEVEL = new Set([
  'mode',
  'model',
  'message',
  'messages',
  'full_mode_options',
  'perspective',
  ...Object.values(FLAG_FIELDS),
]);
const FULL_MODE_OPTIONS = new Set(['base_model', 'base_model_service', 'base_temperature']);
const MESSAGE_FIELDS = new Set(['role', 'content', 'name']);
/** 'developer' is OpenAI's newer name for the system role. */
const ROLES: Readonly<Record<string, ChatMessage['role']>> = {
  system: 'system',
  developer: 'system',
  user: 'user',
  assistant: 'assistant',
};

function invalid(): StylerError {
  return new StylerError('invalid_input');
}

/** null counts as absent, as OpenAI clients send it for unset optional fields. */
function given(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function name(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_NAME_CHARS) throw invalid();
  return value.trim();
}

function tooLong(maxTextChars: number): StylerError {
  return new StylerError('text_too_long', `Text is too long: at most ${maxTextChars} characters.`);
}

function parseMessages(value: unknown, maxTextChars: number): ChatMessage[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_MESSAGES) throw invalid();
  let characters = 0;
  const messages = value.map((item: unknown): ChatMessage => {
    if (!isPlainObject(item) || unknownKeys(item, MESSAGE_FIELDS).length > 0) throw invalid();
    const role = typeof item.role === 'string' ? ROLES[item.role] : undefined;
    if (role === undefined || typeof item.content !== 'string') throw invalid();
    if (given(item.name) && typeof item.name !== 'string') throw invalid();
    characters += item.content.length;
    return { role, content: item.content };
  });
  if (!messages.some((message) => message.content.trim() !== '')) throw invalid();
  if (characters > maxTextChars) throw tooLong(maxTextChars);
  return messages;
}

function parseFullInput(body: Record<string, unknown>, maxTextChars: number): TransformInput {
  if (given(body.message)) throw invalid();
  const options = body.full_mode_options;
  if (!isPlainObject(options) || unknownKeys(options, FULL_MODE_OPTIONS).length > 0) throw invalid();
  const baseModel = name(options.base_model);
  const baseModelService = given(options.base_model_service) ? name(options.base_model_service) : 'auto';
  let baseTemperature: number = BASE_TEMPERATURE.default;
  if (given(options.base_temperature)) {
    const t = options.base_temperature;
    if (typeof t !== 'number' || !Number.isFinite(t) || t < BASE_TEMPERATURE.min || t > BASE_TEMPERATURE.max) {
      throw invalid();
    }
    baseTemperature = t;
  }
  return {
    mode: 'full',
    messages: parseMessages(body.messages, maxTextChars),
    baseModel,
    baseModelService,
    baseTemperature,
  };
}

function parseRewriteInput(body: Record<string, unknown>, maxTextChars: number): TransformInput {
  if (given(body.messages) || given(body.full_mode_options)) throw invalid();
  const message = body.message;
  if (typeof message !== 'string' || message.trim() === '') throw invalid();
  if (message.length > maxTextChars) throw tooLong(maxTextChars);
  return { mode: 'rewrite', message };
}

/**
 * The typed request, or a StylerError: invalid_input (400) for any shape problem (not an object,
 * unknown field, wrong type, missing field of the mode, a field of the other mode, temperature
 * outside 0–2), text_too_long (413) when `message` or the `messages` contents together exceed
 * `maxTextChars`.
 */
export function parseTransformRequest(body: unknown, limits: { maxTextChars: number }): TransformRequest {
  if (!isPlainObject(body) || unknownKeys(body, TOP_LEVEL).length > 0) throw invalid();
  const flags = {} as TransformFlags;
  for (const [key, field] of Object.entries(FLAG_FIELDS) as Array<[keyof TransformFlags, string]>) {
    const value = body[field];
    if (given(value) && typeof value !== 'boolean') throw invalid();
    flags[key] = value === true;
  }
  const model = name(body.model);
  const perspective = given(body.perspective) ? body.perspective : 'keep';
  if (perspective !== 'keep' && perspective !== 'author') throw invalid();
  let input: TransformInput;
  if (body.mode === 'rewrite') input = parseRewriteInput(body, limits.maxTextChars);
  else if (body.mode === 'full') input = parseFullInput(body, limits.maxTextChars);
  else throw invalid();
  return { model, input, flags, perspective };
}
