import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { badRequest, errorResponses } from '../app/errors.js';
import { adminActor } from '../app/ports/admin-audit.js';
import { CursorParameter, decodeCursor, encodeCursor } from '../app/ports/keyset.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { Email } from '../app/ports/schemas.js';
import { accountsError } from './errors.js';
import { userNotFound } from './lifecycle.js';
import { OpaqueMessage } from './schemas.js';
import { BroadSearchOffsetError, MATCH_CAP, normalizeEmail, type User, UserExistsError } from './users.js';

const UserView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  email_verified: Type.Boolean(),
  name: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
});
/** The admin user listing's cursors (app/ports/keyset.ts). */
const USERS_LISTING = 'users';

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

/** Admin API for users: accounts and their password and OTP operations (docs/admin.md#daily-tasks). */
export function registerAdminUserRoutes(app: App, context: AppContext): void {
  const found = async (id: string) => {
    const user = await context.accounts.users.find(id);
    if (!user) throw userNotFound();
    return user;
  };

  app.get(
    '/admin/users',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-users'],
        summary:
          'Searches users (a whole address, else a substring of email or name), by address; page with after=<next_after>',
        querystring: Type.Object({
          query: Type.Optional(Type.String({ maxLength: 200 })),
          after: Type.Optional(CursorParameter),
          offset: Type.Optional(
            Type.Integer({
              minimum: 0,
              description:
                'Rows to skip; reads every row it skips: prefer `after`. Not with `after`, nor on a search that ' +
                `matches ${MATCH_CAP} users or more (total_kind at_least: 400 invalid_request, page with after)`,
            }),
          ),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: {
          200: Type.Object({
            users: Type.Array(UserView),
            total: Type.Integer({ description: 'How many users match, as `total_kind` says' }),
            total_kind: Type.Union(
              [Type.Literal('exact'), Type.Literal('at_least'), Type.Literal('estimate')],
              {
                description: `exact: counted; at_least: a search matched ${MATCH_CAP} users or more, and total is ${MATCH_CAP}; estimate: no query, more than 10,000 users, the planner's estimate of them`,
              },
            ),
            next_after: Type.Union([Type.String(), Type.Null()], {
              description: 'Pass as `after` for the next page; null on the last page',
            }),
          }),
          ...errorResponses('invalid_cursor'),
        },
      },
    },
    async (request) => {
      const { after, offset } = request.query;
      if (after !== undefined && offset) throw badRequest('send either after or offset, not both');
      const page = await context.accounts.users
        .page({
          query: request.query.query ?? '',
          after: after === undefined ? undefined : decodeCursor(USERS_LISTING, after),
          offset: offset ?? 0,
          limit: request.query.limit ?? 50,
        })
        .catch((error: unknown) => {
          if (error instanceof BroadSearchOffsetError) throw badRequest(error.message);
          throw error;
        });
      return {
        users: page.users.map(viewOf),
        total: page.total,
        total_kind: page.totalKind,
        next_after: page.nextAfter === null ? null : encodeCursor(USERS_LISTING, page.nextAfter),
      };
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
        response: { 201: UserView, ...errorResponses('email_taken', 'email_domain_federated') },
      },
    },
    async (request, reply) => {
      await context.accounts.localAddresses.requireLocal(request.body.email);
      const user = await context.accounts.lifecycle
        .create(
          {
            email: request.body.email,
            name: request.body.name,
            emailVerified: request.body.email_verified ?? true,
          },
          adminActor(request),
        )
        .catch(emailTaken);
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
        response: { 200: UserView, ...errorResponses('not_found', 'email_taken', 'email_domain_federated') },
      },
    },
    async (request) => {
      const { email } = request.body;
      if (email !== undefined) {
        const current = await found(request.params.userId);
        // Only a new address is asked about: a user of a routed domain keeps theirs through other edits.
        if (normalizeEmail(email) !== normalizeEmail(current.email))
          await context.accounts.localAddresses.requireLocal(email);
      }
      const user = await context.accounts.lifecycle
        .update(
          request.params.userId,
          {
            name: request.body.name,
            email: request.body.email,
            emailVerified: request.body.email_verified,
          },
          adminActor(request),
        )
        .catch(emailTaken);
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
        const { lifecycle } = context.accounts;
        const { userId } = request.params;
        const by = adminActor(request);
        return viewOf(
          status === 'disabled' ? await lifecycle.disable(userId, by) : await lifecycle.enable(userId, by),
        );
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
        response: { 204: noContentResponse('Deleted'), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      await context.accounts.lifecycle.delete(request.params.userId, adminActor(request));
      return noContent(reply);
    },
  );

  app.post(
    '/admin/users/:userId/sessions/end',
    {
      config: { access: 'admin-write' },
      schema: {
        tags: ['admin-users'],
        summary:
          "Signs a user out everywhere: every session ends, with the refresh tokens issued in them (offline access aside) and back-channel logout to the user's relying parties",
        params: UserParams,
        response: { 204: noContentResponse('Ended'), ...errorResponses('not_found') },
      },
    },
    async (request, reply) => {
      await context.accounts.lifecycle.endSessions(request.params.userId, adminActor(request));
      return noContent(reply);
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
      await context.accounts.lifecycle.setPassword(
        request.params.userId,
        {
          registrationId: request.body.registration_id,
          registrationRecord: request.body.registration_record,
        },
        adminActor(request),
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
      await context.accounts.lifecycle.sendPasswordReset(request.params.userId, adminActor(request));
      return reply.code(202).send({ sent: true as const });
    },
  );
}
