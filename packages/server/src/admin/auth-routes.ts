import { Type } from 'typebox';
import { OpaqueMessage } from '../accounts/schemas.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { adminCaller } from '../app/ports/admin-port.js';
import { Email } from '../app/ports/schemas.js';
import { adminSessionAccess } from './guard.js';

const AdminView = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Type.Union([Type.Literal('read'), Type.Literal('write')]),
});

/** Admin sign-in with OPAQUE and the admin session (accounts/index.ts registers the admin password change). */
export function registerAdminAuthRoutes(app: App, context: AppContext): void {
  const access = adminSessionAccess(context);
  app.post(
    '/admin/login/start',
    {
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['admin-session'],
        summary: 'Admin OPAQUE login, first message',
        body: Type.Object(
          { email: Email, start_login_request: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ login_id: Type.String(), login_response: Type.String() }),
          ...errorResponses('rate_limited'),
        },
      },
    },
    async (request) => {
      await context.rateLimits.consume('sign-in-ip', `admin:${request.ip}`);
      await context.rateLimits.consume('sign-in-account', `admin:${request.body.email.trim().toLowerCase()}`);
      const started = await context.admin.passwords.startLogin(
        { email: request.body.email },
        request.body.start_login_request,
        'login',
      );
      return { login_id: started.loginId, login_response: started.loginResponse };
    },
  );

  app.post(
    '/admin/login/finish',
    {
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['admin-session'],
        summary: 'Admin OPAQUE login, final message: starts an admin session (admin cookie)',
        body: Type.Object(
          { login_id: Type.String({ maxLength: 200 }), finish_login_request: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            admin: AdminView,
            csrf_token: Type.String(),
            second_factor_required: Type.Boolean(),
            second_factor: Type.Union([Type.Literal('verify'), Type.Literal('enroll'), Type.Null()], {
              description: 'verify: POST /admin/otp/verify; enroll: set up TOTP now (/admin/otp/setup/*)',
            }),
          }),
          ...errorResponses('invalid_credentials'),
        },
      },
    },
    async (request, reply) => {
      let admin: Awaited<ReturnType<typeof context.admin.passwords.finishLogin>>['account'];
      try {
        ({ account: admin } = await context.admin.passwords.finishLogin(
          request.body.login_id,
          request.body.finish_login_request,
          'login',
        ));
      } catch (error) {
        access.signIn.failed(request, (auditError) => request.log.error({ err: auditError }, 'audit failed'));
        throw error;
      }
      // Admins need a second factor by default: sign-in is complete only after /admin/otp/verify (or enrolment).
      const { started, secondFactor } = await access.completeSignIn(request, reply, admin, {
        methods: ['pwd'],
      });
      return {
        admin: { id: admin.id, email: admin.email, name: admin.name, role: admin.role },
        csrf_token: started.csrfToken,
        second_factor_required: secondFactor !== null,
        second_factor: secondFactor,
      };
    },
  );

  app.get(
    '/admin/session',
    {
      config: { access: 'optional-session' },
      schema: {
        tags: ['admin-session'],
        summary: 'The current admin session (and its CSRF token)',
        response: {
          200: Type.Object({
            authenticated: Type.Boolean(),
            admin: Type.Optional(AdminView),
            csrf_token: Type.Optional(Type.String()),
            second_factor: Type.Optional(
              Type.Union([Type.Literal('verify'), Type.Literal('enroll'), Type.Null()], {
                description: 'What the session still owes before the admin API answers (null: nothing)',
              }),
            ),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const caller = access.optionalCaller(request);
      if (!caller) return { authenticated: false };
      const { account: admin } = caller;
      return {
        authenticated: true,
        admin: { id: admin.id, email: admin.email, name: admin.name, role: admin.role },
        csrf_token: access.csrfToken(request) ?? undefined,
        second_factor: caller.session.secondFactorPending
          ? await context.accounts.secondFactors.owedAtSignIn(access.factorAccount(admin))
          : null,
      };
    },
  );

  app.post(
    '/admin/logout',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['admin-session'],
        summary: 'Ends the admin session (CSRF token required)',
        response: { 200: Type.Object({ signed_out: Type.Literal(true) }), ...errorResponses() },
      },
    },
    async (request, reply) => {
      const caller = adminCaller(request);
      await context.admin.sessions.end(caller.session.id, 'sign_out');
      access.clearCookie(reply);
      return { signed_out: true as const };
    },
  );
}
