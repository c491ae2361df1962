import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { type BearerTokenSources, bearerError } from '../protocol/oauth/bearer.js';
import { dpopResourceError, readAccessToken } from '../protocol/oauth/dpop.js';
import { resourceErrorResponses } from '../protocol/oauth/errors.js';
import { DpopRefusal } from './dpop.js';
import { allowCrossOriginReads, FormParameter } from './form.js';
import type { AccessTokenClaims } from './token-issuer.js';

const UserInfo = Type.Object({
  sub: Type.String(),
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  email_verified: Type.Optional(Type.Boolean()),
  org_id: Type.Optional(Type.String()),
  org_slug: Type.Optional(Type.String()),
  roles: Type.Optional(Type.Array(Type.String())),
  permissions: Type.Optional(Type.Array(Type.String())),
});

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** A token that verified but names no active grant of an active user: as invalid as a bad signature. */
const invalidToken = () => bearerError('invalid_token', 'the access token is invalid or expired');

function hasScope(scope: string, wanted: string): boolean {
  return ` ${scope} `.includes(` ${wanted} `);
}

/**
 * The claims of the request's access token, checked as its scheme requires: a bearer token must not be DPoP-bound
 * (RFC 9449 §7.2), and a DPoP one needs a proof of its key for this request, with `ath` (§7.1, §4.3). A refusal of a
 * DPoP request carries a `DPoP` challenge and, when nonces are required, the next nonce (§8, §9).
 */
async function presentedTokenClaims(
  context: AppContext,
  request: FastifyRequest,
  sources: BearerTokenSources,
): Promise<Readonly<AccessTokenClaims> | null> {
  const presented = readAccessToken(request, sources);
  const claims = context.oauth.issuer.verifyAccessToken(presented.token);
  if (presented.scheme === 'Bearer') {
    if (claims?.cnf) {
      throw bearerError(
        'invalid_token',
        'this access token is DPoP-bound: present it with the DPoP scheme and a proof',
      );
    }
    return claims;
  }
  const dpop = context.oauth.dpop;
  let jkt: string;
  try {
    const proof = dpop.presented(request);
    if (proof === undefined)
      throw new DpopRefusal('invalid_dpop_proof', 'the DPoP scheme needs a DPoP proof');
    ({ jkt } = await dpop.check(proof, request, '/userinfo', presented.token));
  } catch (error) {
    if (!(error instanceof DpopRefusal)) throw error;
    throw dpopResourceError(error.error, error.description, error.nonce ?? dpop.currentNonce());
  }
  if (!claims) throw dpopResourceError('invalid_token', 'the access token is invalid or expired');
  if (claims.cnf?.jkt !== jkt) {
    throw dpopResourceError('invalid_token', 'the access token is not bound to the key of the DPoP proof');
  }
  return claims;
}

/**
 * GET and POST /userinfo (OIDC Core §5.3) with the scope claims of OIDC Core §5.4 and the organization claims
 * of docs/organizations.md#the-claims.
 */
export function registerUserInfoRoutes(app: App, context: AppContext): void {
  // OIDC Core §5.3.1: the token in the header (RFC 6750 §2.1, or RFC 9449 §7.1 with DPoP), or in the form body of a
  // POST (§2.2); never the query.
  const handler = async (request: FastifyRequest, sources: BearerTokenSources) => {
    const claims = await presentedTokenClaims(context, request, sources);
    // A client-credentials token represents a client, not a person: there is no user to describe.
    if (!claims?.gid) throw invalidToken();
    // The UserInfo endpoint is a resource of the client the token was issued to: a token exchanged for another
    // audience (RFC 8693 §2.1, a downstream API) is that API's, and describes the user to no one else.
    const audiences = typeof claims.aud === 'string' ? [claims.aud] : claims.aud;
    if (!audiences.includes(claims.client_id)) throw invalidToken();
    // The grant still active, and its (active) user's claims: from the grant-status cache, or one round trip.
    const user = await context.oauth.introspection.activeGrantUser(claims.gid);
    if (user?.id !== claims.sub) throw invalidToken();
    const info: { sub: string } & Record<string, unknown> = { sub: user.id };
    if (hasScope(claims.scope, 'profile')) info.name = user.name;
    if (hasScope(claims.scope, 'email')) {
      info.email = user.email;
      info.email_verified = user.emailVerified;
    }
    // Organization claims are returned only when they are already in the access token
    // (docs/organizations.md#when-the-claims-are-computed).
    const tokenClaims = claims as unknown as Record<string, unknown>;
    for (const name of ['org_id', 'org_slug', 'roles', 'permissions']) {
      if (tokenClaims[name] !== undefined) info[name] = tokenClaims[name];
    }
    return info;
  };
  const schema = {
    tags: ['oidc'],
    summary:
      'UserInfo (OIDC Core §5.3): bearer access token in the Authorization header (or form body on POST)',
    response: {
      200: UserInfo,
      ...resourceErrorResponses('invalid_request', 'invalid_token', 'invalid_dpop_proof', 'use_dpop_nonce'),
    },
  };
  // RFC 9449 §8.2: the next nonce rides on every answer while nonces are required.
  const answer = (reply: FastifyReply, info: Record<string, unknown>) => {
    const nonce = context.oauth.dpop.currentNonce();
    if (nonce !== undefined) reply.header('dpop-nonce', nonce);
    return reply.header('cache-control', 'no-store').send(info);
  };
  // Browser-based clients read their user's claims cross-origin (cors-routes.ts answers the preflight).
  app.get(
    '/userinfo',
    { config: { oauthErrors: true, access: 'bearer' }, onRequest: allowCrossOriginReads, schema },
    async (request, reply) => answer(reply, await handler(request, {})),
  );
  app.post(
    '/userinfo',
    {
      config: { oauthErrors: true, access: 'bearer' },
      onRequest: allowCrossOriginReads,
      schema: {
        ...schema,
        // Keyed by media type so that a POST with no body at all (token in the header, OIDC Core §5.3.1) is not
        // a validation error; a form body is still validated.
        body: {
          content: {
            [FORM_TYPE]: {
              schema: Type.Object(
                { access_token: Type.Optional(FormParameter) },
                { additionalProperties: true },
              ),
            },
          },
        },
      },
    },
    async (request, reply) => answer(reply, await handler(request, { formBody: true })),
  );
}
