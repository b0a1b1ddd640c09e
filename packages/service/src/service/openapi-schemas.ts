/** JSON Schemas (2020-12, as OpenAPI 3.1 uses) of every request and response body of the API. */
import { BASE_TEMPERATURE, MAX_MESSAGES } from './transform/request.js';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const num: Schema = { type: 'number' };
const int: Schema = { type: 'integer' };
const str: Schema = { type: 'string' };
const bool: Schema = { type: 'boolean' };

/** An object with exactly `properties`, all required unless listed in `optional`. */
function object(properties: Record<string, Schema>, optional: string[] = [], description?: string): Schema {
  return {
    type: 'object',
    ...(description && { description }),
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    additionalProperties: false,
    properties,
  };
}

const numbersOf = (...keys: string[]): Schema => object(Object.fromEntries(keys.map((key) => [key, num])));
const list = (item: string, description: string): Schema =>
  object(
    {
      object: { const: 'list' },
      data: { type: 'array', items: ref(item) },
      first_id: { type: ['string', 'null'] },
      last_id: { type: ['string', 'null'] },
      has_more: bool,
    },
    [],
    description,
  );

const prf = numbersOf('precision', 'recall', 'fmeasure');
const rougeComparison = object({ personalized: prf, unpersonalized: prf, personalization_improvement: prf });
const grounded = numbersOf('personalized', 'unpersonalized', 'ground_truth', 'personalization_improvement');
const distance = numbersOf('personalized', 'unpersonalized', 'personalization_improvement');
const threeWay = numbersOf('personalized', 'unpersonalized', 'ground_truth');
const lengthStats = object({ mean: grounded, median: grounded, std_dev: grounded });
const withDistance = (keys: string[]): Schema =>
  object({ ...Object.fromEntries(keys.map((key) => [key, threeWay])), jensen_shannon_distance: distance });

const qualityAnalytics = object(
  {
    rouge: object(
      { rouge1: rougeComparison, rouge2: rougeComparison, rougeL: rougeComparison },
      [],
      'Only with include_rouge.',
    ),
    sentence_length_stats: lengthStats,
    word_length_stats: lengthStats,
    readability: object({ flesch_reading_ease: grounded, flesch_kincaid_grade: grounded }),
    function_word_frequency: object({ jensen_shannon_distance: distance }),
    pos_frequency: object({ jensen_shannon_distance: distance }),
    lexical_density: grounded,
    sentence_structure_frequency: withDistance([
      'simple',
      'compound',
      'complex',
      'compound-complex',
      'fragment/unknown',
    ]),
    sentence_voice_frequency: withDistance(['active', 'passive']),
    punctuation: withDistance([
      'comma_density',
      'semicolon_density',
      'colon_density',
      'period_density',
      'question_mark_density',
      'exclamation_mark_density',
      'parenthetical_density',
    ]),
  },
  ['rouge'],
  'Styled (personalized) and unstyled (unpersonalized) text compared with the training data (ground_truth). Definitions: docs/metrics.md.',
);

const flagDescriptions = {
  stream: 'Stream chat.completion.chunk events (Server-Sent Events) ending with data: [DONE].',
  include_quality: 'Add quality_analytics.',
  include_rouge: 'Add rouge to quality_analytics (only with include_quality).',
  include_compare_original: 'Add comparison: the original text and a word-level diff.',
  include_distance: 'Add distance: word-level Levenshtein distance and ratio, and the length ratio.',
  skip_headings: 'Leave Markdown headings as they are.',
  skip_h1: 'Leave level-1 Markdown headings as they are.',
};

/** components.schemas of the OpenAPI document. */
export const OPENAPI_SCHEMAS: Readonly<Record<string, Schema>> = Object.freeze({
  Error: object({ error: str }, [], 'Every error body: one message.'),
  File: object({
    id: { type: 'string', pattern: '^file-' },
    object: { const: 'file' },
    bytes: int,
    created_at: int,
    filename: str,
    purpose: { const: 'fine-tune' },
  }),
  FileList: list('File', 'Newest first unless order=asc.'),
  FileDeleted: object({ id: str, object: { const: 'file' }, deleted: { const: true } }),
  JobError: object({ code: str, message: str }, [], 'Why a job failed.'),
  FineTuningJob: object(
    {
      object: { const: 'fine_tuning.job' },
      id: { type: 'string', pattern: '^ftjob-' },
      style_model: { const: 'styler-2' },
      base_model: {
        type: 'string',
        description: "Only in the retrieve response: the base model given at creation, or 'any' when none was.",
      },
      created_at: int,
      finished_at: { type: ['integer', 'null'] },
      fine_tuned_model: { type: ['string', 'null'], pattern: '^ftm-' },
      organization_id: str,
      status: { enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] },
      training_files: { type: 'array', items: str },
      error: { oneOf: [{ type: 'null' }, ref('JobError')] },
    },
    ['base_model'],
  ),
  FineTuningJobList: list('FineTuningJob', 'Newest first.'),
  CreateFineTuningJobRequest: object(
    {
      training_files: {
        type: 'array',
        minItems: 1,
        items: str,
        description: 'IDs of uploaded files of this organization.',
      },
      style_model: { const: 'styler-2', default: 'styler-2' },
      model: { const: 'styler-2', description: "Another name for style_model (the openai SDK's required field)." },
      suffix: { type: ['string', 'null'], pattern: '^[A-Za-z0-9_-]{0,16}$', description: 'Added to the model name.' },
      match_output_length: {
        type: 'boolean',
        default: true,
        description: 'true: styled output keeps the input length (±10 %); false: the model may shorten it.',
      },
      base_model: { type: ['string', 'null'], description: 'The model whose output will be styled (informational).' },
    },
    ['style_model', 'model', 'suffix', 'match_output_length', 'base_model'],
  ),
  Model: object({
    id: { type: 'string', pattern: '^ftm-' },
    object: { const: 'model' },
    created: int,
    owned_by: { type: 'string', description: 'The organization ID.' },
    style_model: { const: 'styler-2' },
    fine_tuning_job: str,
    style: { type: 'object', description: 'Readable summary of the learned style.' },
  }),
  ModelList: list('Model', 'Newest first.'),
  ModelDeleted: object({ id: str, object: { const: 'model' }, deleted: { const: true } }),
  ChatMessage: {
    type: 'object',
    required: ['role', 'content'],
    properties: { role: { enum: ['system', 'developer', 'user', 'assistant'] }, content: str, name: str },
    additionalProperties: false,
  },
  FullModeOptions: object(
    {
      base_model: { type: 'string', minLength: 1 },
      base_model_service: {
        type: 'string',
        default: 'auto',
        description: 'auto, openai, ollama or openai-compatible (see docs/api.md).',
      },
      base_temperature: {
        type: 'number',
        minimum: BASE_TEMPERATURE.min,
        maximum: BASE_TEMPERATURE.max,
        default: BASE_TEMPERATURE.default,
      },
    },
    ['base_model_service', 'base_temperature'],
  ),
  TransformRequest: {
    type: 'object',
    required: ['mode', 'model'],
    additionalProperties: false,
    properties: {
      mode: { enum: ['rewrite', 'full'] },
      model: { type: 'string', description: 'A fine-tuned model name (ftm-...).' },
      message: { type: 'string', description: 'rewrite mode: the text to style.' },
      messages: { type: 'array', minItems: 1, maxItems: MAX_MESSAGES, items: ref('ChatMessage') },
      full_mode_options: ref('FullModeOptions'),
      perspective: {
        enum: ['keep', 'author'],
        default: 'keep',
        description:
          "Styler extension. 'author': sentences that open with 'you' as their subject are rewritten in the person the author writes in ('I'/'we'); letters and imperatives are left alone. Changes who is addressed, hence off by default.",
      },
      ...Object.fromEntries(
        Object.entries(flagDescriptions).map(([key, description]) => [
          key,
          { type: 'boolean', default: false, description },
        ]),
      ),
    },
    oneOf: [
      { properties: { mode: { const: 'rewrite' } }, required: ['message'] },
      { properties: { mode: { const: 'full' } }, required: ['messages', 'full_mode_options'] },
    ],
  },
  Usage: object({ prompt_tokens: int, completion_tokens: int, total_tokens: int }, [], 'o200k_base tokens.'),
  QualityAnalytics: qualityAnalytics,
  DiffSegment: object({ type: { enum: ['equal', 'delete', 'insert'] }, text: str }),
  Comparison: object({ original: str, diff: { type: 'array', items: ref('DiffSegment') } }),
  Distance: object({
    levenshtein_distance: int,
    levenshtein_ratio: { type: 'number', minimum: 0, maximum: 1 },
    length_ratio: { type: 'number', minimum: 0 },
    original_words: int,
    styled_words: int,
  }),
  ChatCompletion: object(
    {
      id: str,
      object: { const: 'chat.completion' },
      created: int,
      model: str,
      choices: {
        type: 'array',
        items: object({
          index: int,
          message: object({ role: { const: 'assistant' }, content: str }),
          finish_reason: str,
        }),
      },
      usage: ref('Usage'),
      quality_analytics: ref('QualityAnalytics'),
      comparison: ref('Comparison'),
      distance: ref('Distance'),
    },
    ['quality_analytics', 'comparison', 'distance'],
  ),
  ChatCompletionChunk: object(
    {
      id: str,
      object: { const: 'chat.completion.chunk' },
      created: int,
      model: str,
      choices: {
        type: 'array',
        items: object({
          index: int,
          delta: object({ role: { const: 'assistant' }, content: str }, ['role', 'content']),
          finish_reason: { type: ['string', 'null'] },
        }),
      },
      usage: ref('Usage'),
      quality_analytics: ref('QualityAnalytics'),
      comparison: ref('Comparison'),
      distance: ref('Distance'),
    },
    ['usage', 'quality_analytics', 'comparison', 'distance'],
  ),
  Health: object(
    {
      status: { const: 'ok' },
      role: { enum: ['all', 'api', 'worker'] },
      database: object({ kind: { enum: ['sqlite', 'postgres'] }, reachable: { type: 'boolean' } }),
      pool: object({ threads: int, queued_tasks: int, running_tasks: int }),
      jobs: object({ running: int }),
    },
    ['database', 'pool', 'jobs'],
    'Liveness and the process role; `database`, `pool` and `jobs` only with a valid API key.',
  ),
  Ready: object({ status: { const: 'ready' }, role: { enum: ['all', 'api', 'worker'] } }, [], 'Readiness.'),
});
