import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import type { AuditEventInput, AuditOutcome } from '../audit/audit-log.js';
import { accountsError } from './errors.js';
import { Email, OpaqueMessage } from './schemas.js';
import { currentSession, setSessionCookie } from './session-http.js';

const SignedIn = Type.Object({
  authenticated: Type.Literal(true),
  second_factor_required: Type.Boolean({ description: 'A TOTP or backup code must still be verified' }),
  second_factor: Type.Union([Type.Literal('verify'), Type.Literal('enroll'), Type.Null()], {
    description:
      'verify: POST /otp/verify; enroll: set up TOTP now (POST /otp/setup/init, /otp/setup/verify)',
  }),
  must_change_password: Type.Boolean(),
  csrf_token: Type.String(),
});

/**
 * Login CSRF: a browser always sends Origin on a cross-site POST; one that is not ours is refused before anything
 * happens (DESIGN §7). The configured base URL decides, never the Host header.
 */
export function requireOwnOrigin(context: AppContext, request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== new URL(context.config.baseUrl).origin) {
    throw appError('csrf_failed', 'cross-origin request refused');
  }
}

/** OPAQUE sign-in (two round trips) and the session it starts. */
export function registerSignInRoutes(app: App, context: AppContext): void {
  app.post(
    '/api/user/login/start',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'OPAQUE login, first message (KE1). Unknown accounts get an indistinguishable fake response.',
        body: Type.Object(
          { email: Email, start_login_request: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ login_id: Type.String(), login_response: Type.String() }),
          ...errorResponses('csrf_failed', 'rate_limited'),
        },
      },
    },
    async (request) => {
      requireOwnOrigin(context, request);
      await context.rateLimits.consume('sign-in-ip', request.ip);
      await context.rateLimits.consume('sign-in-account', request.body.email.trim().toLowerCase());
      const { loginId, loginResponse } = await context.accounts.passwords.startLogin(
        { email: request.body.email },
        request.body.start_login_request,
        'login',
      );
      return { login_id: loginId, login_response: loginResponse };
    },
  );

  app.post(
    '/api/user/login/finish',
    {
      schema: {
        tags: ['accounts'],
        summary: 'OPAQUE login, final message (KE3): starts a session (new id) and sets the session cookie',
        body: Type.Object(
          { login_id: Type.String({ maxLength: 200 }), finish_login_request: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: SignedIn,
          ...errorResponses('invalid_credentials', 'csrf_failed', 'email_not_verified'),
        },
      },
    },
    async (request, reply) => {
      requireOwnOrigin(context, request);
      const auditSignIn = (
        actor: AuditEventInput['actor'],
        outcome: AuditOutcome,
        reason?: 'wrong_credentials' | 'email_not_verified',
      ) =>
        context.audit.recordQuietly(
          { action: 'user.sign_in', outcome, actor, details: reason ? { reason } : {}, request },
          (error) => request.log.error({ err: error }, 'audit failed'),
        );
      const user = await context.accounts.passwords
        .finishLogin(request.body.login_id, request.body.finish_login_request, 'login')
        .catch((error: unknown) => {
          context.metrics.signIn('failure');
          // Who tried is unknown by design (every failure looks the same); where from is recorded.
          auditSignIn({ type: 'anonymous' }, 'failure', 'wrong_credentials');
          throw error;
        });
      if (context.settings.get('accounts.require_email_verification') && !user.emailVerified) {
        context.metrics.signIn('email_not_verified');
        auditSignIn({ type: 'user', id: user.id }, 'failure', 'email_not_verified');
        throw accountsError(
          'email_not_verified',
          'confirm your email address first; we can send the link again',
        );
      }
      // Session fixation (ASVS V7.2): whatever session the browser had ends; a new id is issued.
      const previous = await currentSession(context, request);
      if (previous) await context.accounts.sessions.end(previous.id);
      const account = { kind: 'user' as const, id: user.id, label: user.email };
      const secondFactor = await context.otp.factors.owedAtSignIn(account);
      const started = await context.accounts.sessions.start(
        user.id,
        { amr: ['pwd'], acr: 'urn:tessera:loa:1', authTime: new Date() },
        {
          userAgent: request.headers['user-agent'],
          ipAddress: request.ip,
          secondFactorPending: secondFactor !== null,
        },
      );
      setSessionCookie(context, reply, started);
      context.metrics.signIn('success');
      auditSignIn({ type: 'user', id: user.id }, 'success');
      return {
        authenticated: true as const,
        second_factor_required: secondFactor !== null,
        second_factor: secondFactor,
        must_change_password: await context.accounts.users.mustChangePassword(user.id),
        csrf_token: started.csrfToken,
      };
    },
  );
}
