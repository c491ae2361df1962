import { type TObject, Type } from 'typebox';
import { OAuthError } from '../protocol/oauth/errors.js';

// OAuth errors are defined with the protocol's vocabulary; rendered with the others (app/build.ts).
export { OAuthError };

/**
 * The codes every slice may answer with (input, routing, availability, session access), each with its one HTTP
 * status. A slice's own codes are in its `errors.ts`, defined the same way.
 */
const SHARED_ERRORS = {
  /** A parameter, query or body that does not fit the route's schema, or breaks a rule of the request itself. */
  invalid_request: 400,
  /** A body that could not be parsed as its Content-Type. */
  malformed_body: 400,
  /** A paging cursor (`after`) that the listing did not hand out, or one of another listing (app/ports/keyset.ts). */
  invalid_cursor: 400,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  /** A response the route did not declare: only while declarations are checked (tests), see error-declarations.ts. */
  undeclared_error: 500,
  /** The database is away or the server is stopping; Retry-After says when to try again. */
  service_unavailable: 503,
  // Session access, checked before the route runs. RFC 9110 §15.5.2: 401 while the caller is not (or not yet
  // fully) authenticated, so a session that still owes its second factor is a 401 too; §15.5.4: 403 when the
  // caller is known but the request is refused.
  not_signed_in: 401,
  second_factor_required: 401,
  admin_session_required: 401,
  csrf_failed: 403,
  write_admin_required: 403,
  // The admin port's API tokens (docs/admin-api-tokens.md): unknown, expired or revoked; or not scoped for the call.
  admin_token_invalid: 401,
  admin_token_scope_required: 403,
} as const;
type SharedErrorStatuses = typeof SHARED_ERRORS;

/**
 * Every error code the API answers with and its one HTTP status. Each slice's `errors.ts` adds its table by
 * declaration merging (`interface ErrorStatuses extends AccountsErrorStatuses {}`), so a code given two statuses
 * anywhere fails typecheck; `defineErrors` refuses it at run time as well.
 */
export interface ErrorStatuses extends SharedErrorStatuses {}

export type ErrorCode = keyof ErrorStatuses;

/** A slice's codes with their statuses, as `defineErrors` takes them (`{ email_taken: 409 } as const`). */
export type ErrorTable = { readonly [code: string]: number };

/**
 * A typed API error with a stable string code (listed per route in the OpenAPI description) and a readable
 * message, rendered centrally as `{ error, message }`. Slices throw it through their factory (`accountsError`),
 * which takes the status from the code; constructed directly, it still must be given the code's own status.
 */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: ErrorStatuses[C],
    readonly code: C,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A slice's error factory: the code decides the status. */
export type ErrorFactory<C extends ErrorCode> = <K extends C>(
  code: K,
  message: string,
  headers?: Record<string, string>,
) => ApiError<K>;

const statusByCode = new Map<string, number>();

/** The status of a code some slice defined, or undefined. */
export function statusOf(code: string): number | undefined {
  return statusByCode.get(code);
}

/**
 * Registers a slice's codes and returns its factory. A code may be defined by two slices only with one status
 * (the merged `ErrorStatuses` interface already refuses anything else at compile time).
 */
export function defineErrors<T extends ErrorTable>(table: T): ErrorFactory<keyof T & ErrorCode> {
  for (const [code, status] of Object.entries(table)) {
    const known = statusByCode.get(code);
    if (known !== undefined && known !== status) {
      throw new Error(`error code '${code}' is defined with two statuses (${known} and ${status})`);
    }
    statusByCode.set(code, status);
  }
  return (code, message, headers) =>
    new ApiError(table[code] as unknown as ErrorStatuses[typeof code], code, message, headers);
}

/** The factory for the shared codes. */
export const appError = defineErrors(SHARED_ERRORS);

export const notFound = (what: string) => appError('not_found', `${what} was not found`);
export const badRequest = (message: string) => appError('invalid_request', message);

/** Seconds a caller should wait before retrying while a dependency is away (RFC 9110 §10.2.3). */
export const RETRY_AFTER_SECONDS = 5;
const UNAVAILABLE_MESSAGE = 'the service is temporarily unavailable; try again shortly';

/** A dependency (the database) is away: 503 with Retry-After, never a 500. */
export const serviceUnavailable = () =>
  appError('service_unavailable', UNAVAILABLE_MESSAGE, { 'retry-after': String(RETRY_AFTER_SECONDS) });

/**
 * The same for OAuth endpoints, in their vocabulary: `temporarily_unavailable` is the code RFC 6749 §4.1.2.1 gives
 * for this condition, used here as a JSON error with 503.
 */
export const temporarilyUnavailable = () =>
  new OAuthError('temporarily_unavailable', UNAVAILABLE_MESSAGE, {
    'retry-after': String(RETRY_AFTER_SECONDS),
  });

/** The JSON error body of a non-OAuth endpoint, whose `error` is one of the given codes. */
export function errorBody(codes: readonly string[]): TObject {
  return Type.Object(
    {
      error: Type.String({ description: 'Stable machine-readable code', enum: [...new Set(codes)].sort() }),
      message: Type.String({ description: 'Readable explanation, safe to show' }),
    },
    { title: 'Error' },
  );
}

/**
 * The error responses of a JSON route, declared by code: `response: { 200: X, ...errorResponses('not_found',
 * 'email_taken') }` gives one schema per status whose `error` lists that status's codes. Errors every route may give
 * (invalid input, 503, its session access) are added for it (error-declarations.ts); with declarations checked (in
 * tests), answering anything else fails.
 */
export function errorResponses(...codes: ErrorCode[]): Record<number, TObject> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = statusByCode.get(code);
    if (status === undefined) throw new Error(`error code '${code}' is not defined by any slice's errors.ts`);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<number, TObject> = {};
  for (const [status, list] of byStatus) responses[status] = errorBody(list);
  return responses;
}
