import { TesseraClientError } from './errors.js';

/** The one place the SDK talks HTTP: JSON answers, form posts, and OAuth error bodies turned into typed errors. */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export async function getJson(
  fetchImpl: FetchLike,
  url: string,
  what: string,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' } });
  } catch (cause) {
    throw new TesseraClientError('invalid_response', `${what}: the request failed`, { cause });
  }
  if (response.status !== 200) {
    throw new TesseraClientError('invalid_response', `${what} answered HTTP ${response.status}`);
  }
  return jsonObject(response, what);
}

/**
 * POSTs an `application/x-www-form-urlencoded` body (RFC 6749 §3.2). A 4xx with an OAuth error body becomes an
 * `oauth_error` carrying its `error`; a body that is not a JSON object becomes `invalid_response`.
 */
export async function postForm(
  fetchImpl: FetchLike,
  url: string,
  form: Record<string, string>,
  what: string,
  authorization?: string,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (authorization) headers.authorization = authorization;
  let response: Response;
  try {
    response = await fetchImpl(url, { method: 'POST', headers, body: new URLSearchParams(form).toString() });
  } catch (cause) {
    throw new TesseraClientError('invalid_response', `${what}: the request failed`, { cause });
  }
  const text = await response.text();
  let json: Record<string, unknown> = {};
  if (text !== '') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      json = parsed as Record<string, unknown>;
    } catch {
      throw new TesseraClientError(
        'invalid_response',
        `${what} answered HTTP ${response.status} without JSON`,
      );
    }
  }
  if (response.status >= 400 && typeof json.error === 'string') {
    const description = typeof json.error_description === 'string' ? `: ${json.error_description}` : '';
    throw new TesseraClientError('oauth_error', `${what} refused the request (${json.error}${description})`, {
      oauthError: json.error,
    });
  }
  if (response.status !== 200) {
    throw new TesseraClientError('invalid_response', `${what} answered HTTP ${response.status}`);
  }
  return { status: response.status, json };
}

async function jsonObject(response: Response, what: string): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch (cause) {
    throw new TesseraClientError('invalid_response', `${what} did not answer JSON`, { cause });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new TesseraClientError('invalid_response', `${what} did not answer a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

/** HTTP Basic client authentication with both parts form-urlencoded first (RFC 6749 §2.3.1). */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${btoa(`${encode(clientId)}:${encode(clientSecret)}`)}`;
}
