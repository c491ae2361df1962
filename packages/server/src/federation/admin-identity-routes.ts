import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';

const TAG = 'admin-federation';
const Id = Type.String({ minLength: 1, maxLength: 100 });

const AdminIdentityView = Type.Object({
  id: Type.String(),
  connectionId: Type.String(),
  connectionName: Type.String(),
  issuer: Type.String(),
  subject: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  linkedBy: Type.Union([Type.Literal('jit'), Type.Literal('email')]),
  createdAt: Type.String({ format: 'date-time' }),
  lastSignInAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** A user's linked upstream identities on the admin port: listed on the user page, unlinked by an admin (audited). */
export function registerAdminIdentityRoutes(app: App, context: AppContext): void {
  const noUser = () => appError('not_found', 'no such user');

  app.get(
    '/admin/users/:userId/federated-identities',
    {
      config: { access: 'session' },
      schema: {
        tags: [TAG],
        summary: 'Lists a user’s linked upstream identities',
        params: Type.Object({ userId: Id }),
        response: {
          200: Type.Object({ identities: Type.Array(AdminIdentityView) }),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request) => {
      const { userId } = request.params;
      if (!(await context.accounts.users.find(userId))) throw noUser();
      const rows = await context.federation.linking.identitiesOf(userId);
      return {
        identities: rows.map(({ identity, connectionName, issuer }) => ({
          id: identity.id,
          connectionId: identity.connectionId,
          connectionName,
          issuer,
          subject: identity.subject,
          email: identity.email,
          linkedBy: identity.linkedBy as 'jit' | 'email',
          createdAt: identity.createdAt.toISOString(),
          lastSignInAt: identity.lastSignInAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.delete(
    '/admin/users/:userId/federated-identities/:identityId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: [TAG],
        summary:
          'Unlinks a user’s upstream identity (that provider no longer signs in to this account; the account stays)',
        params: Type.Object({ userId: Id, identityId: Id }),
        response: { 204: noContentResponse('Unlinked'), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { userId, identityId } = request.params;
      await auditedAdminChange(
        context,
        request,
        () => context.federation.unlinking.unlinkByAdmin(userId, identityId),
        {
          action: 'federation.identity_unlinked',
          target: { type: 'user', id: userId },
          details: { identity: identityId, by: 'admin' },
        },
      );
      return noContent(reply);
    },
  );
}
