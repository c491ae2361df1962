import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { OAuthError } from '../protocol/oauth/errors.js';

/** One form parameter: a single string (RFC 6749 §3.1: parameters MUST NOT be repeated). */
export const FormParameter = Type.String({ maxLength: 4096 });

/**
 * RFC 6749 §4.1.3 and §3.2: back-channel requests are application/x-www-form-urlencoded. Unknown parameters are
 * ignored (the schemas allow additional properties); repeated ones fail validation as invalid_request.
 */
export async function requireFormBody(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const type = request.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'the request body must be application/x-www-form-urlencoded');
  }
}

/** RFC 6749 §5.1: token responses are never cached. */
export function noStore(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

/**
 * Lets browser-based public clients read the answers of /token and /revoke (OAuth 2.0 for Browser-Based Apps §6.1:
 * the token endpoint must support CORS). Their requests are CORS "simple" (a form POST without an Authorization
 * header), so no preflight is needed; `*` without `allow-credentials` means no cookie is ever sent or read, and
 * confidential clients authenticate with a secret a browser has no business holding. Set before the handler runs,
 * so error answers carry it too.
 */
export async function allowCrossOriginReads(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('access-control-allow-origin', '*');
}
