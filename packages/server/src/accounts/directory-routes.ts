import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../app/build.js';
import type { AppContext } from '../app/context.js';
import { OAuthError, oauthErrorResponses } from '../app/errors.js';

export const DIRECTORY_PERMISSION = 'service.users:read';

const DirectoryUser = Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() });

function challenge(error: string, description: string, status: number): OAuthError {
  return new OAuthError(error, description, status, {
    'www-authenticate': `Bearer realm="tessera", error="${error}", error_description="${description}"`,
  });
}

/**
 * The caller must hold `service.users:read`. A confidential client granted that scope (client credentials) sees the
 * whole directory. A user's token would be limited to the user's own organization; organizations do not exist yet,
 * so user tokens are refused with insufficient_scope until they do.
 */
async function requireDirectoryReader(context: AppContext, request: FastifyRequest): Promise<void> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) throw challenge('invalid_token', 'a bearer access token is required', 401);
  const claims = context.issuer.verifyAccessToken(match[1]!);
  if (!claims) throw challenge('invalid_token', 'the access token is invalid or expired', 401);
  const scopes = claims.scope.split(' ');
  const client = await context.clients.find(claims.client_id);
  const isClientToken = claims.gid === undefined && claims.sub === claims.client_id;
  if (!isClientToken || !client || client.type !== 'confidential' || !scopes.includes(DIRECTORY_PERMISSION)) {
    throw challenge('insufficient_scope', `${DIRECTORY_PERMISSION} is required`, 403);
  }
}

/** Users directory search and lookup for apps (e.g. to share something with another user). */
export function registerDirectoryRoutes(app: App, context: AppContext): void {
  app.get(
    '/api/user/directory/users',
    {
      config: { oauthErrors: true },
      schema: {
        tags: ['directory'],
        summary: `Search users by email or name prefix (bearer token with ${DIRECTORY_PERMISSION})`,
        querystring: Type.Object({
          query: Type.String({ minLength: 1, maxLength: 200 }),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        }),
        response: {
          200: Type.Object({ users: Type.Array(DirectoryUser) }),
          ...oauthErrorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      await requireDirectoryReader(context, request);
      const users = await context.users.search(request.query.query, request.query.limit ?? 20);
      return { users: users.map((user) => ({ id: user.id, email: user.email, name: user.name })) };
    },
  );

  app.get(
    '/api/user/directory/users/:userId',
    {
      config: { oauthErrors: true },
      schema: {
        tags: ['directory'],
        summary: `Look up one user (bearer token with ${DIRECTORY_PERMISSION})`,
        params: Type.Object({ userId: Type.String({ maxLength: 100 }) }),
        response: { 200: DirectoryUser, ...oauthErrorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await requireDirectoryReader(context, request);
      const user = await context.users.find(request.params.userId);
      if (user?.status !== 'active') throw new OAuthError('not_found', 'no such user', 404);
      return { id: user.id, email: user.email, name: user.name };
    },
  );
}
