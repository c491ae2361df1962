import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { OAuthError, oauthErrorResponses } from '../app/errors.js';
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

/** RFC 6750 §3: a missing token gets a bare challenge; a bad one names the error. */
function bearerChallenge(error?: string, description?: string): Record<string, string> {
  const parts = ['Bearer realm="tessera"'];
  if (error) parts.push(`error="${error}"`);
  if (description) parts.push(`error_description="${description}"`);
  return { 'www-authenticate': parts.join(', ') };
}

function invalidToken(): OAuthError {
  const description = 'the access token is invalid or expired';
  return new OAuthError('invalid_token', description, 401, bearerChallenge('invalid_token', description));
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** RFC 6750 §2.1 (header) and §2.2 (form body, POST only); using both is an error. */
function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const fromHeader = header && /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  // RFC 6750 §2.2: a token in the body only counts in a form-encoded body.
  const body = request.headers['content-type']?.toLowerCase().startsWith(FORM_TYPE)
    ? (request.body as Record<string, unknown> | undefined)
    : undefined;
  const fromBody = typeof body?.access_token === 'string' ? body.access_token : undefined;
  if (fromHeader && fromBody)
    throw new OAuthError('invalid_request', 'send the token once', 400, bearerChallenge('invalid_request'));
  const token = fromHeader || fromBody;
  if (!token) throw new OAuthError('invalid_token', 'an access token is required', 401, bearerChallenge());
  return token;
}

function hasScope(scope: string, wanted: string): boolean {
  return ` ${scope} `.includes(` ${wanted} `);
}

/** GET and POST /userinfo (OIDC Core §5.3) with the claims of spec §2.2. */
export function registerUserInfoRoutes(app: App, context: AppContext): void {
  const handler = async (request: FastifyRequest) => {
    const claims = context.oauth.issuer.verifyAccessToken(bearerToken(request));
    // A client-credentials token represents a client, not a person: there is no user to describe.
    if (!claims?.gid) throw invalidToken();
    // One round trip: the grant still active, and its (active) user's claims.
    const user = await context.oauth.introspection.activeGrantUser(claims.gid);
    if (user?.id !== claims.sub) throw invalidToken();
    const info: { sub: string } & Record<string, unknown> = { sub: user.id };
    if (hasScope(claims.scope, 'profile')) info.name = user.name;
    if (hasScope(claims.scope, 'email')) {
      info.email = user.email;
      info.email_verified = user.emailVerified;
    }
    // Organization claims are returned only when they are already in the access token (spec §2.2).
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
    response: { 200: UserInfo, ...oauthErrorResponses(400, 401) },
  };
  app.get('/userinfo', { config: { oauthErrors: true }, schema }, async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await handler(request)),
  );
  app.post(
    '/userinfo',
    {
      config: { oauthErrors: true },
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
    async (request, reply) => reply.header('cache-control', 'no-store').send(await handler(request)),
  );
}
