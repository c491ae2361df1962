import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { TrustedDeviceView, trustedDeviceView } from './devices/model.js';
import { keysError } from './errors.js';
import { KeybagSummaryView, keybagSummaryView } from './model.js';

const UserParams = Type.Object({ userId: Type.String({ maxLength: 100 }) });
const UserDeviceParams = Type.Object({
  userId: Type.String({ maxLength: 100 }),
  deviceId: Type.String({ maxLength: 100 }),
});

/**
 * Admin view of users' keybags (docs/zk.md §7): whether one exists, its envelopes' types, counts and metadata,
 * the last unlock — never ciphertext or key checks — and the audited reset; a user's trusted devices (§3.5) and
 * their audited revocation, which deletes the device's envelope.
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
        response: { 204: noContentResponse('Done'), ...errorResponses('not_found', 'keybag_not_found') },
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
      return noContent(reply);
    },
  );

  app.get(
    '/admin/users/:userId/devices',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-users'],
        summary: "A user's trusted devices (their trusted_device envelopes' metadata, never ciphertext)",
        params: UserParams,
        response: {
          200: Type.Object({ devices: Type.Array(TrustedDeviceView) }),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request) => {
      await userExists(request.params.userId);
      return { devices: (await context.keys.devices.devices(request.params.userId)).map(trustedDeviceView) };
    },
  );

  app.delete(
    '/admin/users/:userId/devices/:deviceId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-users'],
        summary:
          "Revokes a user's trusted device: deletes its envelope, so it can no longer unlock (never the last envelope that can)",
        params: UserDeviceParams,
        response: {
          204: noContentResponse('Done'),
          ...errorResponses('not_found', 'device_not_found', 'last_unlock_envelope'),
        },
      },
    },
    async (request, reply) => {
      const { userId, deviceId } = request.params;
      await userExists(userId);
      await auditedAdminChange(
        context,
        request,
        () => context.keys.devices.revoke(userId, deviceId),
        (removed) => ({
          action: 'keys.device_admin_revoked',
          target: { type: 'user', id: userId },
          details: { device: removed.deviceId, envelope: removed.id, label: removed.label },
        }),
      );
      return noContent(reply);
    },
  );
}
