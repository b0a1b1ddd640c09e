/** The options of chooseDraft, validated once at its entry. */
import type { DeltaReference } from '@styler-dev/analytics/metrics';
import { MAX_TEMPERATURE, type ChatMessage } from '../../providers/index.js';
import { STYLE_DEFAULTS } from '../defaults.js';
import type { CostCap } from './budget.js';
import { CANDIDATE_DEFAULTS } from './defaults.js';

/** How to ask for drafts and choose among them. */
export interface ChooseDraftOptions extends CostCap {
  /** The provider's model to send the messages to. */
  baseModel: string;
  /** The messages to send (e.g. a style brief and the user's request); not changed. */
  messages: ChatMessage[];
  /**
   * Rewrite mode: the text the messages ask to rewrite. Drafts must keep its numbers, names,
   * quotations, URLs and e-mail addresses, code, negations and Markdown blocks: a suspect sentence
   * is put back from the input (repairDraft), and a draft with a loss no sentence holds loses to one
   * without. Absent: full mode (the drafts are answers, nothing to keep).
   */
  input?: string;
  /**
   * Rewrite mode: drafts within a tenth of the input's length rank before those outside it, and the
   * revision names the count and the range (a preference, never a refusal). Default: the model's
   * matchOutputLength.
   */
  matchOutputLength?: boolean;
  /** Drafts to ask for, an integer from 1 to CANDIDATE_DEFAULTS.maxN. Default 1. */
  n?: number;
  /** One revision round with feedback from the winner's measured differences. Default false. */
  revise?: boolean;
  /** Sampling temperature from 0 to 2 (parallel drafts vary around it). Default STYLE_DEFAULTS.llmTemperature. */
  temperature?: number;
  /** Completion tokens per draft (the request's max_tokens), a positive integer. Default: the provider's. */
  maxTokens?: number;
  /** The Delta reference drafts are scored on; default: made from the model (see scoringContext). */
  reference?: DeltaReference;
  signal?: AbortSignal;
}

/** The options with defaults filled in. */
export type ResolvedChooseDraftOptions = Omit<ChooseDraftOptions, 'n' | 'revise' | 'temperature'> & {
  n: number;
  revise: boolean;
  temperature: number;
};

const ROLES = new Set(['system', 'user', 'assistant']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function assertInteger(value: unknown, name: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new RangeError(`options.${name} must be an integer ${range}, got ${String(value)}`);
  }
}

function assertReference(reference: unknown): void {
  if (reference === undefined) return;
  const ok =
    isRecord(reference) &&
    Array.isArray(reference.words) &&
    Array.isArray(reference.mean) &&
    Array.isArray(reference.std) &&
    reference.words.length > 0 &&
    reference.mean.length === reference.words.length &&
    reference.std.length === reference.words.length;
  if (!ok) {
    throw new TypeError('options.reference must be a DeltaReference (words, mean and std of one non-zero length)');
  }
}

/** Validates chooseDraft's options (TypeError or RangeError naming the field) and fills in defaults. */
export function resolveChooseDraftOptions(options: unknown): ResolvedChooseDraftOptions {
  if (!isRecord(options)) throw new TypeError('options must be an object with baseModel and messages');
  const { baseModel, messages, input, revise, temperature } = options;
  if (typeof baseModel !== 'string' || baseModel.trim() === '') {
    throw new TypeError('options.baseModel must be a non-empty string');
  }
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new TypeError('options.messages must be a non-empty array of chat messages');
  }
  messages.forEach((message: unknown, index) => {
    if (!isRecord(message) || !ROLES.has(message.role as string) || typeof message.content !== 'string') {
      throw new TypeError(`options.messages[${index}] must be { role: system|user|assistant, content: string }`);
    }
  });
  if (input !== undefined && typeof input !== 'string') throw new TypeError('options.input must be a string');
  assertInteger(options.n, 'n', 1, CANDIDATE_DEFAULTS.maxN);
  if (revise !== undefined && typeof revise !== 'boolean') throw new TypeError('options.revise must be a boolean');
  if (options.matchOutputLength !== undefined && typeof options.matchOutputLength !== 'boolean') {
    throw new TypeError('options.matchOutputLength must be a boolean');
  }
  if (
    temperature !== undefined &&
    (typeof temperature !== 'number' ||
      !Number.isFinite(temperature) ||
      temperature < 0 ||
      temperature > MAX_TEMPERATURE)
  ) {
    throw new RangeError(
      `options.temperature must be a number from 0 to ${MAX_TEMPERATURE}, got ${String(temperature)}`,
    );
  }
  assertInteger(options.maxTokens, 'maxTokens', 1);
  assertInteger(options.maxCalls, 'maxCalls', 1);
  assertInteger(options.maxTotalTokens, 'maxTotalTokens', 1);
  assertReference(options.reference);
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new TypeError('options.signal must be an AbortSignal');
  }
  const resolved = options as unknown as ChooseDraftOptions;
  return {
    ...resolved,
    n: resolved.n ?? CANDIDATE_DEFAULTS.n,
    revise: resolved.revise ?? CANDIDATE_DEFAULTS.revise,
    temperature: resolved.temperature ?? STYLE_DEFAULTS.llmTemperature,
  };
}
