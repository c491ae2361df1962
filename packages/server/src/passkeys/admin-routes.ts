import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import type { AdminPort } from '../app/ports/admin-port.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { registerAdminOwnPasskeyRoutes } from './admin-own-routes.js';
import { PasskeyViewSchema, passkeyJson } from './schemas.js';

const UserParams = Type.Object({ userId: Type.String({ maxLength: 100 }) });
const UserPasskeyParams = Type.Object({
  userId: Type.String({ maxLength: 100 }),
  passkeyId: Type.String({ maxLength: 100 }),
});
const noContentSchema = noContentResponse('Done');

/**
 * Admin view of a user's passkeys (public data only) and revocation (audited). An admin may revoke the last one,
 * say of a lost or cloned authenticator: the user then signs in with the password or resets it by email. The
 * signed-in admin's own passkeys are in admin-own-routes.ts.
 */
export function registerAdminPasskeyRoutes(app: App, context: AppContext, port: AdminPort): void {
  registerAdminOwnPasskeyRoutes(app, context, port);
  const passkeys = context.passkeys.credentials;
  const userExists = async (userId: string) => {
    if (!(await context.accounts.users.find(userId))) throw appError('not_found', 'no such user');
  };

  app.get(
    '/admin/users/:userId/passkeys',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-users'],
        summary: "A user's passkeys",
        params: UserParams,
        response: {
          200: Type.Object({ passkeys: Type.Array(PasskeyViewSchema) }),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request) => {
      await userExists(request.params.userId);
      return { passkeys: (await passkeys.list(request.params.userId)).map(passkeyJson) };
    },
  );

  app.delete(
    '/admin/users/:userId/passkeys/:passkeyId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-users'],
        summary: "Revokes one of a user's passkeys",
        params: UserPasskeyParams,
        response: { 204: noContentSchema, ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { userId, passkeyId } = request.params;
      await userExists(userId);
      await auditedAdminChange(
        context,
        request,
        async () => {
          const removed = await passkeys.remove(userId, passkeyId, true);
          if (!removed) throw appError('not_found', 'no such passkey');
          return removed;
        },
        (removed) => ({
          action: 'passkey.admin_revoked',
          target: { type: 'passkey', id: removed.id },
          // Audit details never carry fields named like secrets (audit-log.ts), so no "passkey_…" keys here.
          details: { user_id: userId, name: removed.name },
        }),
      );
      return noContent(reply);
    },
  );
}
