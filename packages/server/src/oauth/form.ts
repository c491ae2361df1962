import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { OAuthError } from '../protocol/oauth/errors.js';

/** One form parameter: a single string (RFC 6749 §3.1: parameters MUST NOT be repeated). */
export const FormParameter = Type.String({ maxLength: 4096 });

/**
 * RFC 6749 §4.1.3 and §3.2: back-channel requests are application/x-www-form-urlencoded. Unknown parameters are
 * ignored (the schemas allow additional properties); repeated ones fail validation as invalid_request.
 */
export function requireFormBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  // Callback style (as the hooks below): no promise per request.
  const type = request.headers['content-type'] ?? '';
  done(
    type.toLowerCase().startsWith('application/x-www-form-urlencoded')
      ? undefined
      : new OAuthError('invalid_request', 'the request body must be application/x-www-form-urlencoded'),
  );
}

/** RFC 6749 §5.1: token responses are never cached. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

/**
 * Lets browser-based public clients read the answers of /token and /revoke (OAuth 2.0 for Browser-Based Apps §6.1:
 * the token endpoint must support CORS). Their requests are CORS "simple" (a form POST without an Authorization
 * header), so no preflight is needed; `*` without `allow-credentials` means no cookie is ever sent or read, and
 * confidential clients authenticate with a secret a browser has no business holding. A request with a `DPoP` or
 * `Authorization` header is preflighted (cors-routes.ts). Set before the handler runs, so error answers carry it
 * too.
 */
export function allowCrossOriginReads(
  _request: FastifyRequest,
  reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  reply
    .header('access-control-allow-origin', '*')
    // RFC 9449 §8, §9 and RFC 6750 §3: the nonce to retry with and the challenge's error, for browser clients too.
    .header('access-control-expose-headers', CROSS_ORIGIN_EXPOSED_HEADERS);
  done();
}

/** The request headers a cross-origin client may send (cors-routes.ts answers the preflight with them). */
export const CROSS_ORIGIN_REQUEST_HEADERS = 'Authorization, Content-Type, DPoP';
/** The response headers a cross-origin client may read. */
export const CROSS_ORIGIN_EXPOSED_HEADERS = 'WWW-Authenticate, DPoP-Nonce';
