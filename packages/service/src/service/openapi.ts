/** The OpenAPI 3.1 document of the service, served at GET /v1/openapi.json. */
import { ERRORS } from '@styler/analytics/errors';
import type { ServiceConfig } from './config.js';
import { OPENAPI_SCHEMAS } from './openapi-schemas.js';

type Json = Record<string, unknown>;

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json): Json => ({ 'application/json': { schema } });

/** An error response: the {"error": message} body, with the messages this status carries. */
function error(description: string, ...messages: string[]): Json {
  return {
    description,
    content: {
      'application/json': {
        schema: ref('Error'),
        ...(messages.length > 0 && {
          examples: Object.fromEntries(messages.map((m, i) => [`e${i + 1}`, { value: { error: m } }])),
        }),
      },
    },
  };
}

const unauthorized = error('Missing, unknown or revoked API key.', 'Invalid API key.');
const rateLimited = error(
  'The worker pool is saturated; retry after Retry-After seconds.',
  'Too many requests in progress: retry shortly.',
);

function ok(description: string, schema: string): Json {
  return { description, content: json(ref(schema)) };
}

function pathParam(name: string, description: string): Json {
  return { name, in: 'path', required: true, schema: { type: 'string' }, description };
}

function listParams(defaultLimit: number, maxLimit: number): Json[] {
  return [
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit } },
    {
      name: 'after',
      in: 'query',
      schema: { type: 'string' },
      description: 'ID of the last item of the previous page.',
    },
    { name: 'order', in: 'query', schema: { enum: ['asc', 'desc'], default: 'desc' } },
  ];
}

/** The OpenAPI document for `config` (limits are quoted from it). */
export function openApiDocument(config: ServiceConfig): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Styler style fine-tuning and transformation API',
      version: '1.0.0',
      description:
        'Upload writing samples, fine-tune a style model on them, and restyle text with it. ' +
        'Every error body is {"error": "<message>"}. Full reference: docs/api.md.',
    },
    servers: [{ url: config.basePath }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/files': {
        post: {
          operationId: 'createFile',
          summary: 'Upload a .txt or .docx file (documents separated by a line holding only ***).',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: {
                    file: { type: 'string', contentMediaType: 'application/octet-stream' },
                    purpose: { const: 'fine-tune' },
                  },
                },
              },
            },
          },
          responses: {
            200: ok('The stored file.', 'File'),
            400: error(
              'Empty, corrupt, encrypted or prose-free file, or a bad form.',
              'File is empty.',
              "Missing form field 'file'.",
            ),
            401: unauthorized,
            413: error(
              `Over ${config.maxFileBytes} bytes, or a .docx expanding past ${config.maxDocxExpandedBytes} bytes.`,
            ),
            415: error('Not .txt/.docx, content not matching the extension, or a .txt that is not UTF-8/UTF-16.'),
            507: error("The server's storage is full.", ERRORS.storage_full.message),
          },
        },
        get: {
          operationId: 'listFiles',
          parameters: [...listParams(10_000, 10_000), { name: 'purpose', in: 'query', schema: { type: 'string' } }],
          responses: {
            200: ok("The organization's files.", 'FileList'),
            400: error('Bad list parameter.'),
            401: unauthorized,
          },
        },
      },
      '/files/{file_id}': {
        parameters: [pathParam('file_id', 'The file ID.')],
        get: {
          operationId: 'retrieveFile',
          responses: {
            200: ok('The file.', 'File'),
            401: unauthorized,
            404: error('Unknown file.', 'File not found.'),
          },
        },
        delete: {
          operationId: 'deleteFile',
          responses: {
            200: ok('Deleted.', 'FileDeleted'),
            401: unauthorized,
            404: error('Unknown file.', 'File not found.'),
            409: error(
              'A queued or running job trains on the file.',
              'File is used by a queued or running fine-tuning job.',
            ),
          },
        },
      },
      '/files/{file_id}/content': {
        parameters: [
          pathParam('file_id', 'The file ID.'),
          {
            name: 'format',
            in: 'query',
            schema: { enum: ['original', 'text'], default: 'original' },
            description: 'original: the uploaded bytes; text: the extracted text.',
          },
        ],
        get: {
          operationId: 'downloadFile',
          responses: {
            200: {
              description: 'The file content.',
              content: {
                'text/plain': {},
                'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {},
              },
            },
            401: unauthorized,
            404: error('Unknown file.', 'File not found.'),
          },
        },
      },
      '/fine_tuning/jobs': {
        post: {
          operationId: 'createFineTuningJob',
          requestBody: { required: true, content: json(ref('CreateFineTuningJobRequest')) },
          responses: {
            200: ok('The queued job (without base_model).', 'FineTuningJob'),
            400: error('Invalid request.', 'Invalid model name.', 'Training file not found: file-abc.'),
            401: unauthorized,
          },
        },
        get: {
          operationId: 'listFineTuningJobs',
          parameters: listParams(20, 100),
          responses: {
            200: ok("The organization's jobs.", 'FineTuningJobList'),
            400: error('Bad list parameter.'),
            401: unauthorized,
          },
        },
      },
      '/fine_tuning/jobs/{fine_tuning_job_id}': {
        parameters: [pathParam('fine_tuning_job_id', 'The job ID.')],
        get: {
          operationId: 'retrieveFineTuningJob',
          responses: {
            200: ok('The job, with base_model.', 'FineTuningJob'),
            401: unauthorized,
            404: error('Unknown job.', 'Fine-tuning job not found.'),
          },
        },
      },
      '/fine_tuning/jobs/{fine_tuning_job_id}/cancel': {
        parameters: [pathParam('fine_tuning_job_id', 'The job ID.')],
        post: {
          operationId: 'cancelFineTuningJob',
          responses: {
            200: ok('The cancelled job.', 'FineTuningJob'),
            401: unauthorized,
            404: error('Unknown job.', 'Fine-tuning job not found.'),
            409: error('The job already finished.', 'Only queued or running jobs can be cancelled.'),
          },
        },
      },
      '/models': {
        get: {
          operationId: 'listModels',
          parameters: listParams(100, 100),
          responses: { 200: ok("The organization's fine-tuned models.", 'ModelList'), 401: unauthorized },
        },
      },
      '/models/{model}': {
        parameters: [pathParam('model', 'The fine-tuned model name.')],
        get: {
          operationId: 'retrieveModel',
          responses: {
            200: ok('The model and its learned style.', 'Model'),
            401: unauthorized,
            404: error('Unknown model.', 'Model not found.'),
          },
        },
        delete: {
          operationId: 'deleteModel',
          responses: {
            200: ok('Deleted.', 'ModelDeleted'),
            401: unauthorized,
            404: error('Unknown model.', 'Model not found.'),
          },
        },
      },
      '/style/transform': {
        post: {
          operationId: 'transform',
          requestBody: { required: true, content: json(ref('TransformRequest')) },
          responses: {
            200: {
              description: 'A chat.completion, or with stream: true an event stream of chat.completion.chunk objects.',
              content: {
                'application/json': { schema: ref('ChatCompletion') },
                'text/event-stream': { schema: { type: 'string' }, itemSchema: ref('ChatCompletionChunk') },
              },
            },
            400: error('Invalid request.', 'Invalid input data.'),
            401: unauthorized,
            404: error('Unknown or not yet trained model.', 'Model not found.'),
            413: error(`Text over ${config.maxTextChars} characters, or a body over ${config.maxBodyBytes} bytes.`),
            429: rateLimited,
            501: error(
              'Full mode without a configured base model service (server set-up).',
              'No base model service is configured. ...',
            ),
            502: error('The base model service failed.', 'The base model provider failed.'),
            503: error(
              'The engine work took longer than the time budget (STYLER_REQUEST_TIMEOUT_MS); it was stopped.',
              'The request took longer than the time budget allows: retry later, or send a shorter text.',
            ),
          },
        },
      },
      '/health': {
        get: { operationId: 'health', security: [], responses: { 200: ok('Alive.', 'Health') } },
      },
      '/health/ready': {
        get: {
          operationId: 'ready',
          security: [],
          responses: {
            200: ok('The database answers: ready for traffic.', 'Ready'),
            503: error('The database cannot be reached.', 'The database is unavailable: retry shortly.'),
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'openapi',
          security: [],
          responses: { 200: { description: 'This document.', content: json({ type: 'object' }) } },
        },
      },
    },
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer <API key>' },
      },
      schemas: OPENAPI_SCHEMAS,
    },
  };
}
