// Batch mode of the LLM benchmark (llm.mjs): the bench's requests written as OpenAI Batch API input
// lines, and Batch API output lines read back as the only "endpoint". A request is named by a hash
// of its body, so the same request in a later round maps to the same answer; a request without an
// answer rejects with PendingRequest and is kept to be written for the next round.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { httpStatusError, ProviderError } from '../../packages/engine/dist/providers/provider-errors.js';
import { buildRequestBody, parseCompletion } from '../../packages/engine/dist/providers/wire.js';

/** The Batch API's path for chat completions, as each input line names it. */
export const BATCH_URL = '/v1/chat/completions';

/** A request the batch answers do not answer yet: the pair that made it waits for the next round. */
export class PendingRequest extends Error {
  constructor(customId) {
    super(`no batch answer yet for ${customId}`);
    this.name = 'PendingRequest';
    this.customId = customId;
  }
}

/** A batch output file the bench cannot read: the message names the file and, where known, the line. */
export class BatchFileError extends Error {
  constructor(message) {
    super(message);
    this.name = 'BatchFileError';
  }
}

/** JSON with object keys sorted at every depth: the same value always gives the same text. */
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const fields = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The Batch API input line for a ChatRequest: { custom_id, method, url, body }. The body is the one
 * the OpenAI-compatible provider sends (the engine's buildRequestBody: model, messages, temperature,
 * n when above 1, max_tokens when set) without `stream`, which the Batch API does not take. The
 * custom_id is "req-" and the SHA-256 (hex) of the body's canonical JSON.
 */
export function batchRequestLine(request) {
  const { stream: _stream, ...body } = buildRequestBody(request, false, 'max_tokens');
  const hash = createHash('sha256').update(canonicalJson(body)).digest('hex');
  return { custom_id: `req-${hash}`, method: 'POST', url: BATCH_URL, body };
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One output line read: { customId, model?, result } or { customId, failure }; throws BatchFileError. */
function readAnswerLine(text, where) {
  let line;
  try {
    line = JSON.parse(text);
  } catch (error) {
    throw new BatchFileError(`${where}: not JSON (${error.message})`);
  }
  if (!isObject(line) || typeof line.custom_id !== 'string' || line.custom_id === '')
    throw new BatchFileError(`${where}: not a Batch API output line (no custom_id)`);
  const customId = line.custom_id;
  const service = `batch answer ${customId} (${where})`;
  if (line.error !== undefined && line.error !== null) {
    const detail = isObject(line.error)
      ? [line.error.code, line.error.message].filter((part) => typeof part === 'string').join(': ')
      : String(line.error);
    return { customId, failure: new ProviderError('provider_failed', `${service} failed: ${detail || 'error'}`) };
  }
  const { response } = line;
  if (!isObject(response) || !Number.isInteger(response.status_code))
    throw new BatchFileError(`${where}: neither an error nor a response with a status_code`);
  if (response.status_code !== 200)
    return {
      customId,
      failure: httpStatusError(service, response.status_code, JSON.stringify(response.body ?? '')),
    };
  try {
    const result = parseCompletion(service, response.body);
    const model = isObject(response.body) ? response.body.model : undefined;
    return { customId, result, ...(typeof model === 'string' && { model }) };
  } catch (error) {
    throw new BatchFileError(`${where}: the response body is not a chat completion (${error.message})`);
  }
}

/** The JSON values of a JSONL file, blank lines skipped; throws BatchFileError naming the file and line. */
export function readJsonLines(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BatchFileError(`${file}: cannot read it (${error.code ?? error.message})`);
  }
  return text.split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    try {
      return [JSON.parse(line)];
    } catch (error) {
      throw new BatchFileError(`${file} line ${index + 1}: not JSON (${error.message})`);
    }
  });
}

/**
 * The answers in Batch API output files (JSONL), by custom_id: { result, model? } for a line with
 * status 200, { failure } (a ProviderError) for a line with another status or an `error`. Later
 * lines and files replace earlier ones, except that a failure never replaces an answer (a retried
 * request's output can simply be added). Blank lines are skipped; anything else that is not an
 * output line throws BatchFileError naming the file and line number.
 */
export function readBatchAnswers(files) {
  const answers = new Map();
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new BatchFileError(`--batch-in ${file}: cannot read it (${error.code ?? error.message})`);
    }
    text.split('\n').forEach((lineText, index) => {
      if (lineText.trim() === '') return;
      const { customId, ...answer } = readAnswerLine(lineText, `${file} line ${index + 1}`);
      if (answer.failure !== undefined && answers.get(customId)?.result !== undefined) return;
      answers.set(customId, answer);
    });
  }
  return answers;
}

/**
 * A ChatProvider answering from `answers` (readBatchAnswers). An unanswered request rejects with
 * PendingRequest and is kept in `pending` (by custom_id, so each is kept once); a failed one rejects
 * with its ProviderError, as an endpoint error would. `models` collects the models the used answers
 * name. Stream requests are not part of the bench and are refused.
 */
export function batchProvider(answers) {
  const provider = {
    name: 'batch',
    /** Input lines of the requests not answered yet, by custom_id, in the order they were asked. */
    pending: new Map(),
    /** The model names in the answers used. */
    models: new Set(),
    async complete(request) {
      const line = batchRequestLine(request);
      const answer = answers.get(line.custom_id);
      if (answer === undefined) {
        provider.pending.set(line.custom_id, line);
        throw new PendingRequest(line.custom_id);
      }
      if (answer.failure !== undefined) throw answer.failure;
      if (answer.model !== undefined) provider.models.add(answer.model);
      return answer.result;
    },
    stream() {
      throw new TypeError('batch answers cannot be streamed');
    },
  };
  return provider;
}

/**
 * A provider for one arm of one pair, over `provider`: once a request of the arm has come back
 * PendingRequest, later requests reject with it too without being asked, since they may depend on
 * the missing answer (chooseDraft swallows a failed extra draft and goes on to the revision, which
 * would otherwise be asked about the wrong drafts). Requests made together (chooseDraft's parallel
 * extra drafts) are all asked: the mark is set when the rejection arrives, not when the request is
 * made. `pending` is that PendingRequest, or undefined.
 */
export function armProvider(provider) {
  const arm = {
    name: provider.name,
    pending: undefined,
    complete(request) {
      if (arm.pending !== undefined) return Promise.reject(arm.pending);
      return provider.complete(request).catch((error) => {
        if (error instanceof PendingRequest) arm.pending ??= error;
        throw error;
      });
    },
    stream: (request) => provider.stream(request),
  };
  return arm;
}

/** Writes Batch API input lines to `file` (JSONL, one line per request). */
export function writeBatchFile(file, lines) {
  writeFileSync(file, lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
}
