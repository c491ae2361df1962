import { Type } from 'typebox';
import { auditedAdminChange } from '../admin/admin-audit.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { keysError } from './errors.js';
import { KeybagSummaryView, keybagSummaryView } from './model.js';

const UserParams = Type.Object({ userId: Type.String({ maxLength: 100 }) });
const noContent = { description: 'Done', type: 'null' } as const;

/**
 * Admin view of users' keybags (docs/zk.md §7): whether one exists, its envelopes' types, counts and metadata,
 * the last unlock — never ciphertext or key checks — and the audited reset.
 */
export function registerAdminKeyRoutes(app: App, context: AppContext): void {
  const keys = context.keys.keybags;
  const userExists = async (userId: string) => {
    if (!(await context.accounts.users.find(userId))) throw appError('not_found', 'no such user');
  };

  app.get(
    '/admin/users/:userId/keybag',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-users'],
        summary:
          "A user's keybag summary: existence, envelope types and counts, last unlock (never ciphertext)",
        params: UserParams,
        response: { 200: KeybagSummaryView, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      await userExists(request.params.userId);
      const summary = await keys.summary(request.params.userId);
      return keybagSummaryView(
        request.params.userId,
        summary.accountKey,
        summary.envelopes,
        summary.encryptionKeys,
      );
    },
  );

  app.delete(
    '/admin/users/:userId/keybag',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-users'],
        summary:
          "Resets a user's keybag: the account key, its envelopes and the wrapped private encryption key are deleted. Data the user's apps encrypted under the old keys cannot be decrypted any more.",
        params: UserParams,
        response: { 204: noContent, ...errorResponses('not_found', 'keybag_not_found') },
      },
    },
    async (request, reply) => {
      const userId = request.params.userId;
      await userExists(userId);
      await auditedAdminChange(
        context,
        request,
        async () => {
          const removed = await keys.reset(userId);
          if (!removed) throw keysError('keybag_not_found', 'this user has no keybag');
          return removed;
        },
        (removed) => ({
          action: 'keys.reset',
          target: { type: 'user', id: userId },
          details: { envelopes: removed.envelopes, version: removed.version },
        }),
      );
      return reply.code(204).send(undefined as never);
    },
  );
}
