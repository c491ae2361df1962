import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { auditedAdminChange } from '../app/ports/admin-audit.js';
import type { adminCaller } from '../app/ports/admin-port.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import type { OtpAccount } from './service.js';

const StatusView = Type.Object({
  status: Type.String(),
  enrolled: Type.Boolean(),
  required: Type.Boolean(),
  locked_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  backup_codes_remaining: Type.Union([Type.Integer(), Type.Null()]),
});

/** Admin management can inspect, reset (delete) and unlock the OTP state of users and of admin users (audited). */
export function registerAdminOtpManagementRoutes(app: App, context: AppContext): void {
  const targets = [
    {
      path: '/admin/users/:accountId/otp',
      kind: 'user' as const,
      async account(id: string): Promise<OtpAccount> {
        const user = await context.accounts.users.find(id);
        if (!user) throw appError('not_found', 'no such user');
        return { kind: 'user', id: user.id, label: user.email };
      },
    },
    {
      path: '/admin/admin-users/:accountId/otp',
      kind: 'admin' as const,
      async account(id: string): Promise<OtpAccount> {
        const admin = await context.admin.users.find(id);
        if (!admin) throw appError('not_found', 'no such admin');
        return { kind: 'admin', id: admin.id, label: admin.email };
      },
    },
  ];
  const params = Type.Object({ accountId: Type.String({ maxLength: 100 }) });

  for (const target of targets) {
    const tag = target.kind === 'user' ? 'admin-users' : 'admin-admins';
    app.get(
      target.path,
      {
        config: { access: 'session' },
        schema: {
          tags: [tag],
          summary: 'OTP state',
          params,
          response: { 200: StatusView, ...errorResponses('not_found') },
        },
      },
      async (request) => {
        const view = await context.otp.factors.status(await target.account(request.params.accountId));
        return {
          status: view.status,
          enrolled: view.enrolled,
          required: view.required,
          locked_until: view.lockedUntil?.toISOString() ?? null,
          backup_codes_remaining: view.backupCodesRemaining,
        };
      },
    );

    for (const [suffix, action] of [
      ['', 'reset'],
      ['/unlock', 'unlock'],
    ] as const) {
      const handler = async (
        request: { params: { accountId: string } } & Parameters<typeof adminCaller>[0],
      ) => {
        const account = await target.account(request.params.accountId);
        await auditedAdminChange(
          context,
          request,
          () =>
            action === 'reset' ? context.otp.factors.remove(account) : context.otp.factors.unlock(account),
          {
            action: `otp.admin_${action}`,
            target: { type: target.kind === 'user' ? 'user' : 'admin_user', id: account.id },
          },
        );
      };
      if (action === 'reset') {
        app.delete(
          target.path,
          {
            config: { access: 'admin-write' },
            schema: {
              tags: [tag],
              summary:
                'Resets (deletes) the OTP factor and backup codes; the account enrols again at next sign-in if required',
              params,
              response: { 204: noContentResponse('Reset'), ...errorResponses('not_found') },
            },
          },
          async (request, reply) => {
            await handler(request);
            return noContent(reply);
          },
        );
      } else {
        app.post(
          `${target.path}${suffix}`,
          {
            config: { access: 'admin-write' },
            schema: {
              tags: [tag],
              summary: 'Lifts an OTP lockout',
              params,
              response: {
                200: Type.Object({ unlocked: Type.Literal(true) }),
                ...errorResponses('not_found'),
              },
            },
          },
          async (request) => {
            await handler(request);
            return { unlocked: true as const };
          },
        );
      }
    }
  }
}
