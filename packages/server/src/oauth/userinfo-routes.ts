import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { type BearerTokenSources, bearerError, readBearerToken } from '../protocol/oauth/bearer.js';
import { oauthErrorResponses } from '../protocol/oauth/errors.js';
import { FormParameter } from './form.js';

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
 * GET and POST /userinfo (OIDC Core §5.3) with the scope claims of OIDC Core §5.4 and the organization claims
 * of docs/organizations.md#the-claims.
 */
export function registerUserInfoRoutes(app: App, context: AppContext): void {
  // OIDC Core §5.3.1: the token in the header (RFC 6750 §2.1), or in the form body of a POST (§2.2); never the query.
  const handler = async (request: FastifyRequest, sources: BearerTokenSources) => {
    const claims = context.oauth.issuer.verifyAccessToken(readBearerToken(request, sources));
    // A client-credentials token represents a client, not a person: there is no user to describe.
    if (!claims?.gid) throw invalidToken();
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
    response: { 200: UserInfo, ...oauthErrorResponses('invalid_request', 'invalid_token') },
  };
  app.get('/userinfo', { config: { oauthErrors: true, access: 'bearer' }, schema }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await handler(request, {})),
  );
  app.post(
    '/userinfo',
    {
      config: { oauthErrors: true, access: 'bearer' },
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
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await handler(request, { formBody: true })),
  );
}
