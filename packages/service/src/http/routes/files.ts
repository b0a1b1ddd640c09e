/** POST /files, GET /files, GET /files/{file_id}, GET /files/{file_id}/content, DELETE /files/{file_id}. */
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest, RequestPayload } from 'fastify';
import { ServiceError } from '../../errors.js';
import { nowSeconds, randomId, type FileRecord } from '../../store/index.js';
import { ERROR_MESSAGE, FileDeleted, FileList, FileObject, FileUploadForm } from '../api-schemas.js';
import { principalOf } from '../auth.js';
import type { TypedApp } from '../fastify-types.js';
import { badListParameter, listQuery, toPageQuery } from '../list-query.js';
import { failure, ok, pathParams, unauthorized } from '../openapi.js';
import { FILE_PURPOSE, toFileObject, toList } from '../representations.js';
import type { RouteContext } from '../route-context.js';
import { extractUpload } from '../../uploads/extract.js';
import { ExtractionGate } from '../../uploads/extraction-gate.js';

/** .docx uploads one organization may have waiting for an extraction slot; past it, 429. */
const DOCX_WAITING_PER_ORG = 8;

const CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
} as const;

interface ReceivedForm {
  filename: string;
  bytes: Buffer;
  purpose: string;
}

/** How to upload, for requests that send something else. */
const UPLOAD_FORM = "send multipart/form-data with the file in field 'file' (and optionally 'purpose').";

/**
 * Checks the Content-Type before any body parser runs: otherwise a JSON body that is empty or
 * malformed would be answered by the JSON parser ("send a JSON object"), and a form without its
 * boundary would fail inside the multipart parser as a 500.
 */
function checkUploadContentType(request: FastifyRequest): void {
  const type = request.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*(;|$)/i.test(type)) {
    throw new ServiceError('unsupported_content_type', `Unsupported Content-Type: ${UPLOAD_FORM}`);
  }
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(type)) {
    throw new ServiceError(
      'invalid_input',
      'The multipart/form-data Content-Type has no boundary: let the HTTP client set the header of a form.',
    );
  }
}

/**
 * The multipart parser (busboy) reports a form that is cut off, has no part matching its boundary
 * or a broken part header as a plain Error without a code: the client's malformed body, not our
 * fault. The plugin's own errors (a part over the size limit, too many parts) carry their code and
 * keep it, for the error handler's mapping.
 */
function asUploadError(error: unknown): unknown {
  if (error instanceof ServiceError) return error;
  if (typeof (error as { code?: unknown } | null)?.code === 'string') return error;
  return new ServiceError('malformed_upload', undefined, { cause: error });
}

/**
 * Reads the multipart form: exactly one file in field `file`, optionally `purpose`. Every part is
 * consumed before any error is thrown, so the request body is never left half-read.
 */
async function receiveForm(request: FastifyRequest): Promise<ReceivedForm> {
  if (!request.isMultipart()) {
    throw new ServiceError('unsupported_content_type', `Unsupported Content-Type: ${UPLOAD_FORM}`);
  }
  let file: { filename: string; bytes: Buffer } | undefined;
  let purpose: string | undefined;
  let problem: string | undefined;
  // The size and count limits are the multipart plugin's (registered in app.ts).
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A part without a file name has no extension to check: extractUpload refuses it (415).
        if (part.fieldname === 'file') file = { filename: part.filename ?? '', bytes };
        else problem ??= `Unexpected file field '${part.fieldname}': send the file in field 'file'.`;
      } else if (part.fieldname === 'purpose') {
        purpose = String(part.value);
      }
    }
  } catch (error) {
    throw asUploadError(error);
  }
  if (problem) throw new ServiceError('invalid_input', problem);
  if (!file) throw new ServiceError('invalid_input', "Missing form field 'file'.");
  if (purpose !== undefined && purpose !== FILE_PURPOSE) {
    throw new ServiceError('invalid_input', `Invalid purpose '${purpose}': the only purpose is '${FILE_PURPOSE}'.`);
  }
  return { ...file, purpose: FILE_PURPOSE };
}

const FILE_LIST = { defaultLimit: 10_000, maxLimit: 10_000 };
const fileParams = pathParams({ file_id: 'The file ID.' });
const notFound = failure('Unknown file.', 'file_not_found');

/** A file's bytes as a response body. */
const fileBytes = (contentMediaType: string) => Type.Unsafe<Buffer | string>({ type: 'string', contentMediaType });

/** The upload's form is streamed and checked by receiveForm; its schema only documents it. */
const formCheckedByHandler = () => () => true;

export function fileRoutes(app: TypedApp, context: RouteContext): void {
  const { store, config } = context;
  const extractions = new ExtractionGate({
    perProcess: config.docxExtractions,
    perOrganization: config.docxExtractionsPerOrg,
    waitingPerOrganization: DOCX_WAITING_PER_ORG,
  });

  const upload = {
    operationId: 'createFile',
    summary: 'Upload a .txt or .docx file (documents separated by a line holding only ***).',
    consumes: ['multipart/form-data'],
    body: FileUploadForm,
    response: {
      200: ok(FileObject, 'The stored file.'),
      400: failure('Empty, corrupt, encrypted or prose-free file, or a bad form.', 'file_empty', [
        'invalid_input',
        "Missing form field 'file'.",
      ]),
      401: unauthorized,
      413: failure(
        `Over ${config.maxFileBytes} bytes, or a .docx expanding past ${config.maxDocxExpandedBytes} bytes.`,
      ),
      415: failure('Not .txt/.docx, content not matching the extension, or a .txt that is not UTF-8/UTF-16.'),
      429: failure('Too many .docx uploads of the organization waiting to be read.', 'rate_limited'),
      507: failure("The server's storage is full.", 'storage_full'),
    },
  };
  const uploadOptions = {
    schema: upload,
    config: { accepts: UPLOAD_FORM },
    validatorCompiler: formCheckedByHandler,
    preParsing: async (request: FastifyRequest, _reply: FastifyReply, payload: RequestPayload) => {
      checkUploadContentType(request);
      return payload;
    },
  };
  app.post('/files', uploadOptions, async (request) => {
    const principal = principalOf(request);
    const form = await receiveForm(request);
    const limits = { maxExpandedBytes: config.maxDocxExpandedBytes, maxEntries: config.maxDocxEntries };
    const upload = await extractUpload(form, limits, (extract) => extractions.run(principal.organizationId, extract));
    const record: FileRecord = {
      id: randomId('file'),
      organizationId: principal.organizationId,
      projectId: principal.projectId,
      filename: upload.filename,
      purpose: form.purpose,
      kind: upload.kind,
      bytes: form.bytes.length,
      textChars: upload.text.length,
      documentCount: upload.documentCount,
      createdAt: nowSeconds(),
    };
    // Record, bytes and text together or not at all (a full disk leaves nothing of the upload).
    await store.files.create(record, form.bytes, upload.text);
    request.log.info(
      { file: record.id, kind: record.kind, bytes: record.bytes, documents: record.documentCount },
      'file uploaded',
    );
    return toFileObject(record);
  });

  const list = {
    operationId: 'listFiles',
    querystring: Type.Object({
      ...listQuery(FILE_LIST).properties,
      purpose: Type.Optional(Type.String({ description: "Only files of this purpose (all are 'fine-tune')." })),
    }),
    response: { 200: ok(FileList, "The organization's files."), 400: badListParameter(FILE_LIST), 401: unauthorized },
  };
  app.get('/files', { schema: list }, async (request) => {
    const { purpose } = request.query;
    if (purpose !== undefined && purpose !== FILE_PURPOSE) {
      return toList({ data: [], hasMore: false });
    }
    const page = await store.files.list(principalOf(request).organizationId, toPageQuery(request.query, FILE_LIST));
    if (!page) throw new ServiceError('invalid_input', 'after must be the id of a file in this list.');
    return toList({ data: page.data.map(toFileObject), hasMore: page.hasMore });
  });

  const retrieve = {
    operationId: 'retrieveFile',
    params: fileParams,
    response: { 200: ok(FileObject, 'The file.'), 401: unauthorized, 404: notFound },
  };
  app.get('/files/:file_id', { schema: retrieve }, async (request) => {
    const file = await store.files.get(principalOf(request).organizationId, request.params.file_id);
    if (!file) throw new ServiceError('file_not_found');
    return toFileObject(file);
  });

  const download = {
    operationId: 'downloadFile',
    params: fileParams,
    querystring: Type.Object({
      format: Type.Optional(
        Type.Union([Type.Literal('original'), Type.Literal('text')], {
          default: 'original',
          description: 'original: the uploaded bytes; text: the extracted text.',
          [ERROR_MESSAGE]: "format must be 'original' or 'text'.",
        }),
      ),
    }),
    response: {
      200: {
        description: 'The file content.',
        content: {
          'text/plain': { schema: fileBytes('text/plain') },
          [CONTENT_TYPES.docx]: { schema: fileBytes(CONTENT_TYPES.docx) },
        },
      },
      401: unauthorized,
      404: notFound,
    },
  };
  app.get('/files/:file_id/content', { schema: download }, async (request, reply) => {
    const file = await store.files.get(principalOf(request).organizationId, request.params.file_id);
    if (!file) throw new ServiceError('file_not_found');
    if (request.query.format === 'text') {
      return reply.type(CONTENT_TYPES.txt).send(await store.files.readText(file.id));
    }
    const bytes = await store.files.readUpload(file.id);
    // A UTF-16 upload is served as stored; its byte-order mark tells clients the encoding.
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    return reply
      .type(file.kind === 'txt' && utf16 ? 'text/plain; charset=utf-16' : CONTENT_TYPES[file.kind])
      .header('content-disposition', contentDisposition(file.filename))
      .send(bytes);
  });

  const remove = {
    operationId: 'deleteFile',
    params: fileParams,
    response: {
      200: ok(FileDeleted, 'Deleted.'),
      401: unauthorized,
      404: notFound,
      409: failure('A queued or running job trains on the file.', 'file_in_use'),
    },
  };
  app.delete('/files/:file_id', { schema: remove }, async (request) => {
    const id = request.params.file_id;
    const result = await store.files.delete(principalOf(request).organizationId, id);
    if (result === 'not_found') throw new ServiceError('file_not_found');
    if (result === 'in_use') throw new ServiceError('file_in_use');
    return { id, object: 'file' as const, deleted: true as const };
  });
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / RFC 5987). */
function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
