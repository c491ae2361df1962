import { Type } from 'typebox';

/**
 * A typed API error with a stable string code (documented in the OpenAPI description) and a readable message.
 * Rendered centrally as `{ error, message }`.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * An OAuth 2.0 error (RFC 6749 §5.2, RFC 6750 §3.1), rendered as `{ error, error_description }`. A 401 from an
 * endpoint that authenticates clients with HTTP Basic carries a `WWW-Authenticate` challenge.
 */
export class OAuthError extends Error {
  override name = 'OAuthError';
  constructor(
    readonly error: string,
    readonly description: string,
    readonly statusCode = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} was not found`);
export const badRequest = (message: string, code = 'invalid_request') => new ApiError(400, code, message);
export const unauthorized = (message = 'authentication is required') =>
  new ApiError(401, 'unauthorized', message);
export const forbidden = (message = 'not allowed') => new ApiError(403, 'forbidden', message);
export const conflict = (message: string, code = 'conflict') => new ApiError(409, code, message);

/** Seconds a caller should wait before retrying while a dependency is away (RFC 9110 §10.2.3). */
export const RETRY_AFTER_SECONDS = 5;
const UNAVAILABLE_MESSAGE = 'the service is temporarily unavailable; try again shortly';

/** A dependency (the database) is away: 503 with Retry-After, never a 500. */
export const serviceUnavailable = () =>
  new ApiError(503, 'service_unavailable', UNAVAILABLE_MESSAGE, {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });

/**
 * The same for OAuth endpoints, in their vocabulary: `temporarily_unavailable` is the code RFC 6749 §4.1.2.1 gives
 * for this condition, used here as a JSON error with 503.
 */
export const temporarilyUnavailable = () =>
  new OAuthError('temporarily_unavailable', UNAVAILABLE_MESSAGE, 503, {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });

/** The JSON error body every non-OAuth endpoint returns. */
export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'Stable machine-readable code' }),
    message: Type.String({ description: 'Readable explanation, safe to show' }),
  },
  { title: 'Error' },
);

/** The RFC 6749 §5.2 error body. */
export const OAuthErrorBody = Type.Object(
  {
    error: Type.String(),
    error_description: Type.Optional(Type.String()),
  },
  { title: 'OAuthError' },
);

/** Error responses a JSON route may give, for route schemas: `response: { 200: X, ...errorResponses(400, 404) }`. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorBody> {
  const responses: Record<number, typeof ErrorBody> = {};
  for (const status of statuses) responses[status] = ErrorBody;
  return responses;
}

export function oauthErrorResponses(...statuses: number[]): Record<number, typeof OAuthErrorBody> {
  const responses: Record<number, typeof OAuthErrorBody> = {};
  for (const status of statuses) responses[status] = OAuthErrorBody;
  return responses;
}
