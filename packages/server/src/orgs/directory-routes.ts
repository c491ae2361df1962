import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { bearerError, readBearerToken } from '../protocol/oauth/bearer.js';
import { OAuthError, oauthErrorResponses } from '../protocol/oauth/errors.js';
import type { DirectoryAudience } from './directory.js';
import { USERS_READ_PERMISSION } from './model.js';

const DirectoryUser = Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() });

/** RFC 6750 §3.1: the token is valid but lacks what the directory needs; the challenge names the scope. */
function insufficientScope(description: string): OAuthError {
  return bearerError('insufficient_scope', description, USERS_READ_PERMISSION);
}

/**
 * Who may read the directory, and what they see (docs/users.md#for-apps,
 * docs/organizations.md#the-users-directory). The caller must hold `service.users:read`:
 * - a confidential client granted that scope, through client credentials, sees every active user;
 * - a user's access token sees the active members of its organization, when that organization context carries
 *   the permission in `permissions` (the member holds it through a role and it was granted as a scope,
 *   docs/organizations.md). A user token without an organization context, or without the permission, is refused.
 */
async function directoryAudience(context: AppContext, request: FastifyRequest): Promise<DirectoryAudience> {
  // GET routes: the Authorization header only (RFC 6750 §2.1).
  const token = readBearerToken(request);
  // Signature, expiry and, for a user's token, its grant: revoked (membership ended, password reset) is invalid.
  const claims = await context.oauth.introspection.activeAccessToken(token);
  if (!claims) throw bearerError('invalid_token', 'the access token is invalid or expired');
  const granted = claims.scope.split(' ').includes(USERS_READ_PERMISSION);
  if (claims.gid === undefined) {
    const client =
      claims.sub === claims.client_id ? await context.clients.registry.find(claims.client_id) : null;
    if (client?.type !== 'confidential' || !granted) {
      throw insufficientScope(`${USERS_READ_PERMISSION} is required`);
    }
    return { kind: 'everyone' };
  }
  if (claims.org_id === undefined) {
    throw insufficientScope(
      `a user's token needs an organization context holding ${USERS_READ_PERMISSION}; this one has no organization`,
    );
  }
  if (!granted || !claims.permissions?.includes(USERS_READ_PERMISSION)) {
    throw insufficientScope(`${USERS_READ_PERMISSION} is not among this token's organization permissions`);
  }
  return { kind: 'organization', organizationId: claims.org_id };
}

/** Users directory search and lookup for apps (e.g. to share something with another user). */
export function registerDirectoryRoutes(app: App, context: AppContext): void {
  const { directory } = context.orgs;
  app.get(
    '/api/user/directory/users',
    {
      config: { oauthErrors: true, access: 'bearer' },
      schema: {
        tags: ['directory'],
        summary: `Search active users by email or name prefix (bearer token with ${USERS_READ_PERMISSION}; a user's token sees its organization's active members)`,
        querystring: Type.Object({
          query: Type.String({ minLength: 1, maxLength: 200 }),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        }),
        response: {
          200: Type.Object({
            users: Type.Array(DirectoryUser, {
              description:
                'First the users whose address starts with `query`, by address; then those whose name alone does, by lower-cased name, then address. Addresses and names are compared byte by byte (UTF-8), whatever the database collation',
            }),
          }),
          ...oauthErrorResponses('invalid_request', 'invalid_token', 'insufficient_scope'),
        },
      },
    },
    async (request) => {
      const audience = await directoryAudience(context, request);
      return { users: await directory.search(request.query.query, request.query.limit ?? 20, audience) };
    },
  );

  app.get(
    '/api/user/directory/users/:userId',
    {
      config: { oauthErrors: true, access: 'bearer' },
      schema: {
        tags: ['directory'],
        summary: `Look up one active user the caller may see (bearer token with ${USERS_READ_PERMISSION})`,
        params: Type.Object({ userId: Type.String({ maxLength: 100 }) }),
        response: {
          200: DirectoryUser,
          ...oauthErrorResponses('invalid_token', 'insufficient_scope', 'not_found'),
        },
      },
    },
    async (request) => {
      const audience = await directoryAudience(context, request);
      // Someone outside the caller's organization gets the same answer as no one at all.
      const user = await directory.find(request.params.userId, audience);
      if (!user) throw new OAuthError('not_found', 'no such user');
      return user;
    },
  );
}
