import { Type } from 'typebox';
import { type AdminAction, auditedAdminChange, recordAdminAction } from '../admin/admin-audit.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import type { AuditAction } from '../audit/actions.js';
import { revokeAllGrantsOfUser } from '../oauth/grant-revocation.js';
import { accountsError } from './errors.js';
import { accountLink } from './registration-routes.js';
import { Email, OpaqueMessage } from './schemas.js';
import { type User, UserExistsError } from './users.js';

const UserView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  email_verified: Type.Boolean(),
  name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
});
const UserParams = Type.Object({ userId: Type.String({ maxLength: 100 }) });

const viewOf = (user: User) => ({
  id: user.id,
  email: user.email,
  email_verified: user.emailVerified,
  name: user.name,
  status: user.status,
});

/** A unique-index refusal of the address, in the API's words. */
function emailTaken(error: unknown): never {
  if (error instanceof UserExistsError)
    throw accountsError('email_taken', 'an account with this email exists');
  throw error;
}

/** Admin API for users (spec §4.2 "admin users and user password/OTP operations"). */
export function registerAdminUserRoutes(app: App, context: AppContext): void {
  const found = async (id: string) => {
    const user = await context.accounts.users.find(id);
    if (!user) throw appError('not_found', 'no such user');
    return user;
  };
  const onUser = (action: AuditAction, userId: string, details?: Record<string, unknown>): AdminAction => ({
    action,
    target: { type: 'user', id: userId },
    details,
  });

  app.get(
    '/admin/users',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-users'],
        summary: 'Searches users (substring of email or name), paged',
        querystring: Type.Object({
          query: Type.Optional(Type.String({ maxLength: 200 })),
          offset: Type.Optional(Type.Integer({ minimum: 0 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: {
          200: Type.Object({ users: Type.Array(UserView), total: Type.Integer() }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const page = await context.accounts.users.page(
        request.query.query ?? '',
        request.query.offset ?? 0,
        request.query.limit ?? 50,
      );
      return { users: page.users.map(viewOf), total: page.total };
    },
  );

  app.get(
    '/admin/users/:userId',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-users'],
        summary: 'One user',
        params: UserParams,
        response: { 200: UserView, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      return viewOf(await found(request.params.userId));
    },
  );

  app.post(
    '/admin/users',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-users'],
        summary: 'Creates a user without a password (set one, or send a reset email)',
        body: Type.Object(
          {
            email: Email,
            name: Type.Optional(Type.String({ maxLength: 200 })),
            email_verified: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 201: UserView, ...errorResponses('email_taken') },
      },
    },
    async (request, reply) => {
      const user = await auditedAdminChange(
        context,
        request,
        () =>
          context.accounts.users
            .create({
              email: request.body.email,
              name: request.body.name,
              emailVerified: request.body.email_verified ?? true,
            })
            .catch(emailTaken),
        (created) => onUser('user.created', created.id, { email: created.email }),
      );
      return reply.code(201).send(viewOf(user));
    },
  );

  app.put(
    '/admin/users/:userId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-users'],
        summary: 'Edits a user',
        params: UserParams,
        body: Type.Object(
          {
            name: Type.Optional(Type.String({ maxLength: 200 })),
            email: Type.Optional(Email),
            email_verified: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: { 200: UserView, ...errorResponses('not_found', 'email_taken') },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const user = await auditedAdminChange(
        context,
        request,
        async () => {
          const updated = await context.accounts.users
            .update(userId, {
              name: request.body.name,
              email: request.body.email,
              emailVerified: request.body.email_verified,
            })
            .catch(emailTaken);
          if (!updated) throw appError('not_found', 'no such user');
          return updated;
        },
        onUser('user.updated', userId, { changes: request.body }),
      );
      return viewOf(user);
    },
  );

  for (const [path, status] of [
    ['disable', 'disabled'],
    ['enable', 'active'],
  ] as const) {
    app.post(
      `/admin/users/:userId/${path}`,
      {
        config: { access: 'admin-write' },
        schema: {
          tags: ['admin-users'],
          summary:
            status === 'disabled' ? 'Disables a user: sessions end and tokens are revoked' : 'Enables a user',
          params: UserParams,
          response: { 200: UserView, ...errorResponses('not_found') },
        },
      },
      async (request) => {
        const { userId } = request.params;
        await auditedAdminChange(
          context,
          request,
          async () => {
            await found(userId);
            await context.accounts.users.setStatus(userId, status);
            if (status === 'disabled') {
              await context.accounts.sessions.endAllForUser(userId);
              await revokeAllGrantsOfUser(context.database.db, userId);
            }
          },
          onUser(`user.${path}d`, userId),
        );
        return viewOf(await found(userId));
      },
    );
  }

  app.delete(
    '/admin/users/:userId',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-users'],
        summary: 'Deletes a user and everything issued to them',
        params: UserParams,
        response: { 204: { description: 'Deleted', type: 'null' }, ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      await auditedAdminChange(
        context,
        request,
        async () => {
          if (!(await context.accounts.users.delete(userId))) throw appError('not_found', 'no such user');
        },
        onUser('user.deleted', userId),
      );
      return reply.code(204).send(undefined as never);
    },
  );

  app.post(
    '/admin/users/:userId/password/start',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-users'],
        summary: 'Sets a user’s password, step 1: the admin’s browser runs OPAQUE registration',
        params: UserParams,
        body: Type.Object({ registration_request: OpaqueMessage }, { additionalProperties: false }),
        response: {
          200: Type.Object({ registration_id: Type.String(), registration_response: Type.String() }),
          ...errorResponses('not_found'),
        },
      },
    },
    async (request) => {
      const user = await found(request.params.userId);
      const started = await context.accounts.passwords.startRegistration(
        { email: user.email, userId: user.id },
        request.body.registration_request,
        'admin_set',
      );
      return { registration_id: started.registrationId, registration_response: started.registrationResponse };
    },
  );

  app.post(
    '/admin/users/:userId/password/finish',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-users'],
        summary: 'Sets a user’s password, step 2: stores the record; the user must change it at next sign-in',
        params: UserParams,
        body: Type.Object(
          { registration_id: Type.String({ maxLength: 200 }), registration_record: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ password_set: Type.Literal(true) }),
          ...errorResponses('not_found', 'registration_expired'),
        },
      },
    },
    async (request) => {
      const { userId } = request.params;
      await auditedAdminChange(
        context,
        request,
        async () => {
          const registration = await context.accounts.passwords.consumeRegistration(
            request.body.registration_id,
            request.body.registration_record,
            'admin_set',
          );
          if (registration.userId !== userId)
            throw accountsError('registration_expired', 'this registration is for another user');
          await context.accounts.passwords.setRecord(userId, request.body.registration_record, {
            mustChangePassword: true,
          });
          // The old export key is gone: the user's password envelope can no longer unlock (docs/zk.md §3.1).
          await context.keys.keybags.markPasswordEnvelopesStale(userId);
          await context.accounts.sessions.endAllForUser(userId);
        },
        onUser('user.password_set', userId),
      );
      return { password_set: true as const };
    },
  );

  app.post(
    '/admin/users/:userId/password-reset-email',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-users'],
        summary: 'Emails the user a password-reset link',
        params: UserParams,
        response: {
          202: Type.Object({ sent: Type.Literal(true) }),
          ...errorResponses('not_found', 'email_not_configured', 'email_send_failed'),
        },
      },
    },
    async (request, reply) => {
      const user = await found(request.params.userId);
      const token = await context.accounts.emailTokens.issue(user.id, 'password_reset', user.email);
      await context.email.mailer.send({
        to: user.email,
        template: 'password_reset',
        variables: { email: user.email, link: accountLink(context, 'reset-password', token) },
      });
      // The email is the action here, and it cannot be rolled back: it is recorded once it has gone.
      await recordAdminAction(context, request, onUser('user.password_reset_sent', user.id));
      return reply.code(202).send({ sent: true as const });
    },
  );
}
