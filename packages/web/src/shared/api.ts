/**
 * JSON calls from the UI to its own server. Same-origin only (the CSP's connect-src 'self'), cookies included,
 * and every failure surfaces as one typed ApiError carrying the server's stable error code.
 */

import { activeTranslator } from './i18n/translator';

/** An error from the server (`{ error, message }`, or an OAuth `{ error, error_description }`) or the network. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when no response arrived (network failure, aborted). */
    readonly status: number,
    /** The server's stable error code, e.g. `invalid_request`; `network_error` or `http_error` when it sent none. */
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** Sent as JSON, or as it is when a Blob (a File); omit for requests without a body. */
  body?: unknown;
  /** Extra headers, e.g. a CSRF token for state-changing calls. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function isJson(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return /^application\/([\w.+-]+\+)?json\b/i.test(type);
}

/** The parsed JSON body; undefined for an empty one; NOT_JSON when something else came back. */
const NOT_JSON = Symbol('not json');
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  if (!isJson(response)) return NOT_JSON;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}

function toApiError(status: number, statusText: string, body: unknown): ApiError {
  if (body && typeof body === 'object') {
    const { error, message, error_description: description } = body as Record<string, unknown>;
    if (typeof error === 'string') {
      const text =
        typeof message === 'string' ? message : typeof description === 'string' ? description : error;
      return new ApiError(status, error, text);
    }
  }
  return new ApiError(status, 'http_error', statusText || `request failed with status ${status}`);
}

/** Calls `path` (same origin) and resolves with the parsed JSON body (undefined when empty); rejects with ApiError. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  // The language on screen, so that what the server sends on (an email) speaks it too (docs/languages.md).
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': activeTranslator().locale,
    ...options.headers,
  };
  const init: RequestInit = { method, headers, credentials: 'same-origin', signal: options.signal ?? null };
  if (options.body instanceof Blob) {
    // A file (an uploaded image) goes as it is, with its own type.
    headers['content-type'] = options.body.type || 'application/octet-stream';
    init.body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  let response: Response;
  let body: unknown;
  try {
    response = await fetch(path, init);
    body = await readBody(response);
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    throw aborted
      ? new ApiError(0, 'aborted', 'the request was cancelled')
      : new ApiError(0, 'network_error', 'could not reach the server');
  }
  if (!response.ok) throw toApiError(response.status, response.statusText, body);
  // A success that is not JSON (say, the UI's index.html from a mistyped path) must not pass as data.
  if (body === NOT_JSON)
    throw new ApiError(response.status, 'unexpected_response', 'the server did not answer with JSON');
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: ApiRequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: ApiRequestOptions) => apiRequest<T>('DELETE', path, options),
};
