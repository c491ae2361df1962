import type { FastifyRequest } from 'fastify';
import { sanitizeErrorDescription } from '../../app/error-description.js';
import { OAuthError, type OAuthJsonErrorCode } from './errors.js';

/**
 * RFC 6750: how a protected resource of this service (/userinfo, the users directory, any later one) reads the
 * bearer access token and answers when it is missing, malformed, invalid or not enough. Every bearer-protected
 * route goes through these, so they read tokens and challenge the same way.
 */

/** The error codes of RFC 6750 §3.1; their statuses are in errors.ts. */
export type BearerErrorCode = Extract<
  OAuthJsonErrorCode,
  'invalid_request' | 'invalid_token' | 'insufficient_scope'
>;

/** The realm every challenge names (RFC 6750 §3, RFC 9110 §11.5). */
export const BEARER_REALM = 'tessera';

export interface BearerChallenge {
  error?: BearerErrorCode;
  description?: string;
  /** The scope the resource needs, space-separated (RFC 6750 §3, with insufficient_scope). */
  scope?: string;
}

/**
 * The WWW-Authenticate value (RFC 6750 §3): realm, then error, error_description and scope when given. The values
 * are quoted strings, so they go through the one sanitiser: its charset has no `"` or `\` (scope tokens use the
 * same characters, RFC 6749 §3.3).
 */
export function bearerChallenge({ error, description, scope }: BearerChallenge = {}): string {
  const attributes = [`realm="${BEARER_REALM}"`];
  if (error !== undefined) attributes.push(`error="${error}"`);
  if (description !== undefined)
    attributes.push(`error_description="${sanitizeErrorDescription(description)}"`);
  if (scope !== undefined) attributes.push(`scope="${sanitizeErrorDescription(scope)}"`);
  return `Bearer ${attributes.join(', ')}`;
}

/** A refusal of a bearer-protected request: the status RFC 6750 §3.1 gives the code, and the challenge. */
export function bearerError(error: BearerErrorCode, description: string, scope?: string): OAuthError {
  return new OAuthError(error, description, {
    'www-authenticate': bearerChallenge({ error, description, scope }),
  });
}

/**
 * No token at all: 401 with a bare challenge, since a request that lacks any authentication information gets no
 * error code in it (RFC 6750 §3.1); the JSON body still says invalid_token.
 */
export function bearerTokenMissing(description = 'an access token is required'): OAuthError {
  return new OAuthError('invalid_token', description, { 'www-authenticate': bearerChallenge() });
}

export interface BearerTokenSources {
  /**
   * RFC 6750 §2.2: `access_token` in a form-encoded body. Only for routes whose method has a body (never GET), and
   * only when the request's Content-Type is application/x-www-form-urlencoded.
   */
  formBody?: boolean;
  /** RFC 6750 §2.3: `access_token` in the query. It leaks into logs and history (§5.3), so it is off unless asked. */
  query?: boolean;
}

/** RFC 6750 §2.1: credentials = "Bearer" 1*SP b64token; the scheme is case-insensitive (RFC 9110 §11.1). */
const BEARER_CREDENTIALS = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;
const BEARER_SCHEME = /^Bearer(?: |$)/i;
const FORM_TYPE = 'application/x-www-form-urlencoded';

type BearerRequest = Pick<FastifyRequest, 'headers' | 'method' | 'body' | 'query'>;

function parameter(container: unknown, name: string): unknown {
  return typeof container === 'object' && container !== null
    ? (container as Record<string, unknown>)[name]
    : undefined;
}

/**
 * The bearer access token of a request, from the Authorization header or, where the route allows them, the form
 * body or the query. More than one of those is invalid_request (RFC 6750 §3.1: "uses more than one method"); none
 * is a bare 401 challenge. A Bearer header that is not `Bearer <b64token>` is an invalid token. Only where the
 * token is read from is decided here; whether it is valid is the caller's business.
 */
export function readBearerToken(request: BearerRequest, sources: BearerTokenSources = {}): string {
  const found: unknown[] = [];
  const header = request.headers.authorization;
  if (header !== undefined && BEARER_SCHEME.test(header)) {
    const match = BEARER_CREDENTIALS.exec(header);
    if (!match)
      throw bearerError('invalid_token', 'the Authorization header is not a valid Bearer credential');
    found.push(match[1]);
  }
  const formBody =
    sources.formBody === true &&
    request.method !== 'GET' &&
    request.method !== 'HEAD' &&
    (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM_TYPE);
  const fromBody = formBody ? parameter(request.body, 'access_token') : undefined;
  // An empty parameter carries no token, so it is no method either.
  if (fromBody !== undefined && fromBody !== '') found.push(fromBody);
  const fromQuery = sources.query === true ? parameter(request.query, 'access_token') : undefined;
  if (fromQuery !== undefined && fromQuery !== '') found.push(fromQuery);
  if (found.length > 1) throw bearerError('invalid_request', 'send the access token once, in one place');
  const token = found[0];
  if (token === undefined) throw bearerTokenMissing();
  // A repeated parameter arrives as an array (RFC 6749 §3.1: parameters MUST NOT be repeated).
  if (typeof token !== 'string') throw bearerError('invalid_request', 'access_token must be sent once');
  return token;
}
