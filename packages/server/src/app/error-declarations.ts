import type { FastifyRequest } from 'fastify';
import { type OAuthJsonErrorCode, oauthErrorBody, oauthErrorStatus } from '../protocol/oauth/errors.js';
import type { Access } from './access.js';
import type { Port } from './app-types.js';
import { type ErrorCode, errorBody, statusOf } from './errors.js';

/**
 * What a route may answer besides its own `errorResponses(...)`: every route may refuse its input (schema
 * validation and app/acceptable-input.ts give `invalid_request`) and answer 503 while the database is away; a route
 * that takes a body may find it unparseable, too large or of the wrong type; and the session access it declares
 * brings that check's refusals. These are added to the route's response schemas, so the OpenAPI document lists them.
 */
export function implicitErrorCodes(route: RouteDeclaration, port: Port): ErrorCode[] {
  const codes: ErrorCode[] = ['invalid_request', 'service_unavailable'];
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((method) => method !== 'GET' && method !== 'HEAD')) {
    codes.push('malformed_body', 'payload_too_large', 'unsupported_media_type');
  }
  codes.push(...accessErrorCodes(route.config?.access, port));
  return codes;
}

/** The refusals of the port's access hook (app/access.ts) for a declared access value. */
export function accessErrorCodes(access: Access | undefined, port: Port): ErrorCode[] {
  switch (access) {
    case undefined:
    case 'public':
    case 'client':
    case 'bearer':
    case 'scim-token':
    case 'optional-session':
      return [];
    case 'public+own-origin':
      return ['csrf_failed'];
  }
  const codes: ErrorCode[] = [port === 'admin' ? 'admin_session_required' : 'not_signed_in'];
  // The admin port takes API tokens in place of a session on these routes (docs/admin-api-tokens.md).
  if (port === 'admin') codes.push('admin_token_invalid', 'admin_token_scope_required');
  if (!access.startsWith('pending-second-factor')) codes.push('second_factor_required');
  if (access.endsWith('+csrf') || access === 'admin-write') codes.push('csrf_failed');
  if (access === 'admin-write') codes.push('write_admin_required');
  return codes;
}

interface RouteDeclaration {
  method: string | string[];
  url: string;
  schema?: { response?: unknown };
  config?: { oauthErrors?: boolean; ownErrorShape?: boolean; access?: Access };
}

interface DeclaredBody {
  properties?: { error?: { enum?: unknown } };
  content?: Record<string, { schema?: unknown }>;
}

/**
 * The codes a response schema lists for its JSON `error`, or null when it lists none (an OAuth error body, a page).
 * A response with several media types (an HTML page, and JSON errors) keeps its JSON error body under `content`.
 */
function declaredCodes(schema: unknown): string[] | null {
  const body = schema as DeclaredBody | undefined;
  const listed =
    body?.properties?.error?.enum ?? declaredCodesOf(body?.content?.['application/json']?.schema);
  return Array.isArray(listed) ? (listed as string[]) : null;
}

function declaredCodesOf(schema: unknown): unknown {
  return (schema as DeclaredBody | undefined)?.properties?.error?.enum;
}

/**
 * The schema of a status with the codes added: a JSON error body (`{ error, message }`, or RFC 6749 §5.2's
 * `{ error, error_description }` on an OAuth route), or the JSON part of a page's response. A route's own JSON
 * answer at that status (`/readyz`'s 503) stays as it is.
 */
function withCodes(existing: unknown, codes: string[], body = errorBody): unknown {
  const declared = declaredCodes(existing);
  const content = (existing as DeclaredBody | undefined)?.content;
  if (existing !== undefined && declared === null && !content) return existing;
  const merged = body([...new Set([...(declared ?? []), ...codes])]);
  if (!content) return merged;
  return { ...(existing as object), content: { ...content, 'application/json': { schema: merged } } };
}

/**
 * What an OAuth route (`oauthErrors`) may answer besides its own `oauthErrorResponses(...)`: invalid_request for
 * input it refuses, with 413 and 415 kept for a body too large or of another type (app/build.ts renderError), and
 * temporarily_unavailable while the database is away.
 */
function implicitOAuthErrors(takesBody: boolean): [status: number, code: OAuthJsonErrorCode][] {
  const errors: [number, OAuthJsonErrorCode][] = [
    [oauthErrorStatus('invalid_request'), 'invalid_request'],
    [oauthErrorStatus('temporarily_unavailable'), 'temporarily_unavailable'],
  ];
  if (takesBody) errors.push([413, 'invalid_request'], [415, 'invalid_request']);
  return errors;
}

/**
 * Adds the implicit error responses to a route's schema (an `onRoute` hook): each code merged into the schema of
 * its status, in the route's error shape (RFC 6749 §5.2 on an OAuth route).
 */
export function declareImplicitErrors(route: RouteDeclaration, port: Port): void {
  if (!route.schema?.response) return;
  if (route.config?.ownErrorShape) return;
  const responses = { ...(route.schema.response as Record<string, unknown>) };
  if (route.config?.oauthErrors) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const takesBody = methods.some((method) => method !== 'GET' && method !== 'HEAD');
    for (const [status, code] of implicitOAuthErrors(takesBody)) {
      responses[status] = withCodes(responses[status], [code], oauthErrorBody);
    }
  } else {
    const byStatus = new Map<string, string[]>();
    for (const code of implicitErrorCodes(route, port)) {
      const status = String(statusOf(code));
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    for (const [status, codes] of byStatus) responses[status] = withCodes(responses[status], codes);
  }
  // A fresh schema object: two routes may share one (a shell for several paths) yet declare different access.
  route.schema = { ...route.schema, response: responses };
}

/** Logged when a route answers an error it did not declare; the test harness fails a test server that logged it. */
export const UNDECLARED_ERROR_MESSAGE = 'undeclared error response';

/**
 * Whether the route that took this request declared this error: the route must list the code under the status.
 * Requests no route took (404, 405, a path that does not decode) have nothing declared to check against.
 */
export function isDeclaredError(request: FastifyRequest, status: number, code: string): boolean {
  const responses = request.routeOptions?.schema?.response as Record<string, unknown> | undefined;
  if (!responses || request.is404) return true;
  const schema = responses[String(status)];
  if (schema === undefined) return false;
  return declaredCodes(schema)?.includes(code) === true;
}
