/** The console's client of the API (same origin, /v1): bearer key on every call, errors as messages. */

export class ApiError extends Error {
  readonly status: number;
  /** The API's error code (its body's `code`, e.g. provider_not_configured), when it sent one. */
  readonly code: string | undefined;
  constructor(status: number, message: string, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// The bodies' types come from the server's schemas (src/http/wire-types.ts): never copies.
import type { FileObject, Job, List, Model } from '../../src/http/wire-types';
export type { FileObject, Job, List, Model };

const BASE = '/v1';

/**
 * A failed response as an error: the API's {"error", "code"} body, OpenAI's {"error": {message,
 * code}} (the models routes), or the status line.
 */
export async function failure(response: Response): Promise<ApiError> {
  let message = `The server answered ${response.status}.`;
  let code: string | undefined;
  try {
    const body = (await response.json()) as { error?: unknown; code?: unknown };
    const error = (typeof body.error === 'object' && body.error !== null ? body.error : body) as typeof body & {
      message?: unknown;
    };
    if (typeof body.error === 'string') message = body.error;
    else if (typeof error.message === 'string') message = error.message;
    if (typeof error.code === 'string') code = error.code;
  } catch {
    // Not JSON: keep the status line.
  }
  return new ApiError(response.status, message, code);
}

export class Api {
  readonly #key: string;
  constructor(key: string) {
    this.#key = key;
  }

  get key(): string {
    return this.#key;
  }

  headers(json = false): Record<string, string> {
    return { authorization: `Bearer ${this.#key}`, ...(json && { 'content-type': 'application/json' }) };
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${BASE}${path}`, {
        method,
        headers: this.headers(body !== undefined),
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
    } catch {
      throw new ApiError(0, 'The service cannot be reached: check that it is running, then try again.');
    }
    if (!response.ok) throw await failure(response);
    return (await response.json()) as T;
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T>(path: string, body?: unknown): Promise<T> {
    return this.request<T>('POST', path, body);
  }

  delete<T>(path: string): Promise<T> {
    return this.request<T>('DELETE', path);
  }

  async text(path: string): Promise<string> {
    const response = await fetch(`${BASE}${path}`, { headers: this.headers() });
    if (!response.ok) throw await failure(response);
    return response.text();
  }

  /** Uploads one file as the API's multipart form; XMLHttpRequest because fetch reports no upload progress. */
  upload(file: File, onProgress: (share: number) => void): Promise<FileObject> {
    return new Promise((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('POST', `${BASE}/files`);
      request.setRequestHeader('authorization', `Bearer ${this.#key}`);
      request.responseType = 'json';
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
      request.onerror = () => reject(new ApiError(0, 'The upload was cut off: check the connection and try again.'));
      request.onload = () => {
        const body = request.response as { error?: string } | FileObject | null;
        if (request.status === 200 && body && 'id' in body) resolve(body);
        else
          reject(
            new ApiError(
              request.status,
              (body as { error?: string } | null)?.error ?? `Upload failed (${request.status}).`,
            ),
          );
      };
      const form = new FormData();
      form.set('purpose', 'fine-tune');
      form.set('file', file, file.name);
      request.send(form);
    });
  }
}
