import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { hasRecentSecondFactor, stepUpRequired } from '../accounts/second-factors.js';
import type { Session, StartedSession } from '../accounts/sessions.js';
import {
  ContinuedAuthorization,
  ContinuedRequestId,
  continueAuthorization,
} from '../accounts/sign-in-continuation.js';
import type { SessionAccess } from '../app/access.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { ApiError, appError, errorResponses } from '../app/errors.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import type { AuditAction } from '../audit/actions.js';
import { otpError } from './errors.js';

const Code = Type.String({ minLength: 6, maxLength: 20 });
const StatusView = Type.Object({
  status: Type.Union([
    Type.Literal('enabled'),
    Type.Literal('pending'),
    Type.Literal('required'),
    Type.Literal('locked'),
    Type.Literal('disabled'),
  ]),
  enrolled: Type.Boolean(),
  required: Type.Boolean(),
  locked_until: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  backup_codes_remaining: Type.Union([Type.Integer(), Type.Null()]),
});

/**
 * Spec §4.3 (and its parallel admin flow): status, enrolment, verification at sign-in, step-up, backup codes. One
 * factory serves both ports, each with its own session access. Every route accepts a session that still owes its
 * second factor (this is where it is paid); those that change something need the CSRF token.
 */
export function registerOtpRoutes<A extends { id: string; email: string }>(
  app: App,
  context: AppContext,
  prefix: '/otp' | '/admin/otp',
  access: SessionAccess<A>,
): void {
  const tag = access.kind === 'admin' ? 'admin-otp' : 'otp';
  /** A failed attempt: recorded on its own, since the request fails (and nothing it wrote must roll back). */
  const auditFailure = (action: AuditAction, session: Session, request: FastifyRequest) =>
    context.audit.recordQuietly(
      { action, outcome: 'failure', actor: { type: access.kind, id: session.userId }, request },
      (error) => request.log.error({ err: error }, 'audit failed'),
    );
  /** A change and its audit entry, in one transaction. */
  const audited = <T>(
    action: AuditAction,
    session: Session,
    request: FastifyRequest,
    change: () => Promise<T>,
  ) =>
    context.audit.recordChange(change, {
      action,
      outcome: 'success',
      actor: { type: access.kind, id: session.userId },
      request,
    });
  // The port's access hook established the session (CSRF included) before the body was parsed or validated.
  const sessionOf = (request: FastifyRequest): Session => access.caller(request).session;
  const accountOf = (request: FastifyRequest) => access.factorAccount(access.caller(request).account);
  /**
   * Completing a sign-in's second factor (`otp` in amr, RFC 8176) through the port's sign-in completion. The caller
   * sets the cookie once the transaction it runs in has committed.
   */
  const completeSignIn = (session: Session, request: FastifyRequest) =>
    access.signIn.completeSecondFactor(session, 'otp', request);

  app.get(
    `${prefix}/status`,
    {
      config: { access: 'pending-second-factor' },
      schema: {
        tags: [tag],
        summary: 'TOTP status: enabled, pending, required, locked or disabled',
        response: { 200: StatusView, ...errorResponses() },
      },
    },
    async (request) => {
      const view = await context.otp.factors.status(accountOf(request));
      return {
        status: view.status,
        enrolled: view.enrolled,
        required: view.required,
        locked_until: view.lockedUntil?.toISOString() ?? null,
        backup_codes_remaining: view.backupCodesRemaining,
      };
    },
  );

  app.post(
    `${prefix}/setup/init`,
    {
      config: { access: 'pending-second-factor+csrf' },
      schema: {
        tags: [tag],
        summary:
          'Creates a new pending TOTP secret; returns the otpauth:// provisioning URI (re-enrolling needs a recent step-up)',
        response: {
          200: Type.Object({
            otpauth_uri: Type.String(),
            secret: Type.String({ description: 'Base32, for typing into an authenticator app' }),
            algorithm: Type.String(),
            digits: Type.Integer(),
            period: Type.Integer(),
          }),
          ...errorResponses('step_up_required', 'second_factor_required'),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const account = accountOf(request);
      const enrolled = await context.accounts.secondFactors.enrolled(account);
      // Re-enrolling replaces a working factor: prove a current one first (no bypass with a password-only session).
      if (enrolled && !hasRecentSecondFactor(session)) throw stepUpRequired();
      if (session.secondFactorPending && enrolled)
        throw appError('second_factor_required', 'verify your code first');
      const started = await context.otp.factors.startEnrolment(account);
      return { otpauth_uri: started.uri, secret: started.secret, ...started.parameters };
    },
  );

  app.post(
    `${prefix}/setup/verify`,
    {
      config: { access: 'pending-second-factor+csrf' },
      schema: {
        tags: [tag],
        summary: 'Checks the first code, enables TOTP and returns the backup codes (shown once)',
        body: Type.Object({ code: Code }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            backup_codes: Type.Array(Type.String()),
            csrf_token: Type.Optional(Type.String()),
          }),
          ...errorResponses('rate_limited', 'otp_not_pending', 'invalid_otp'),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const account = accountOf(request);
      await context.rateLimits.consume('otp-account', `${access.kind}:${account.id}`);
      let enrolled: { codes: string[]; started: StartedSession | null };
      try {
        enrolled = await audited('otp.enrolled', session, request, async () => ({
          codes: await context.otp.factors.confirmEnrolment(account, request.body.code),
          // Enrolling during sign-in completes the sign-in.
          started: session.secondFactorPending ? await completeSignIn(session, request) : null,
        }));
      } catch (error) {
        auditFailure('otp.enrolment', session, request);
        throw error;
      }
      if (enrolled.started) access.setCookie(reply, enrolled.started);
      return { backup_codes: enrolled.codes, csrf_token: enrolled.started?.csrfToken };
    },
  );

  app.post(
    `${prefix}/verify`,
    {
      config: { access: 'pending-second-factor+csrf' },
      schema: {
        tags: [tag],
        summary:
          access.kind === 'user'
            ? 'Verifies a TOTP or backup code to finish signing in (the session id rotates); with request_id, also approves that pending authorization request when nothing is left to ask'
            : 'Verifies a TOTP or backup code to finish signing in (the session id rotates)',
        // Users sign in for apps: the sign-in may name the app's pending request (accounts/sign-in-continuation.ts).
        body:
          access.kind === 'user'
            ? Type.Object({ code: Code, request_id: ContinuedRequestId }, { additionalProperties: false })
            : Type.Object({ code: Code }, { additionalProperties: false }),
        response: {
          200:
            access.kind === 'user'
              ? Type.Object({ csrf_token: Type.String(), authorization: ContinuedAuthorization })
              : Type.Object({ csrf_token: Type.String() }),
          ...errorResponses(
            'otp_not_required',
            'rate_limited',
            'otp_not_enabled',
            'invalid_otp',
            'otp_locked',
          ),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      if (!session.secondFactorPending)
        throw new ApiError(409, 'otp_not_required', 'this session has no code to verify');
      const account = accountOf(request);
      await context.rateLimits.consume('otp-account', `${access.kind}:${account.id}`);
      // Outside the transaction below: a wrong code's count (and lockout) must stay written.
      try {
        await context.otp.factors.verify(account, request.body.code);
      } catch (error) {
        auditFailure('otp.verify', session, request);
        throw error;
      }
      const started = await audited('otp.verify', session, request, () => completeSignIn(session, request));
      access.setCookie(reply, started);
      if (access.kind !== 'user') return { csrf_token: started.csrfToken };
      const requestId = (request.body as { request_id?: string }).request_id;
      return {
        csrf_token: started.csrfToken,
        authorization: await continueAuthorization(
          context,
          request,
          requestId,
          started.session,
          // A password change still owed comes first (read only when there is a request to continue).
          requestId !== undefined && (await context.accounts.users.mustChangePassword(session.userId)),
        ),
      };
    },
  );

  app.post(
    `${prefix}/reauth`,
    {
      config: { access: 'pending-second-factor+csrf' },
      schema: {
        tags: [tag],
        summary:
          'Step-up: a current code allows sensitive actions for a few minutes (the session id rotates)',
        body: Type.Object({ code: Code }, { additionalProperties: false }),
        response: {
          200: Type.Object({
            csrf_token: Type.String(),
            step_up_until: Type.String({ format: 'date-time' }),
          }),
          ...errorResponses(
            'second_factor_required',
            'rate_limited',
            'otp_not_enabled',
            'invalid_otp',
            'otp_locked',
          ),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      if (session.secondFactorPending) throw appError('second_factor_required', 'finish signing in first');
      const account = accountOf(request);
      await context.rateLimits.consume('otp-account', `${access.kind}:${account.id}`);
      try {
        await context.otp.factors.verify(account, request.body.code);
      } catch (error) {
        auditFailure('otp.reauth', session, request);
        throw error;
      }
      const { started, until } = await audited('otp.reauth', session, request, () =>
        access.signIn.stepUp(session, 'otp', request),
      );
      access.setCookie(reply, started);
      return { csrf_token: started.csrfToken, step_up_until: until.toISOString() };
    },
  );

  app.post(
    `${prefix}/backup-codes`,
    {
      config: { access: 'pending-second-factor+csrf' },
      schema: {
        tags: [tag],
        summary: 'Replaces the backup codes (needs a recent step-up)',
        response: {
          200: Type.Object({ backup_codes: Type.Array(Type.String()) }),
          ...errorResponses('step_up_required', 'otp_not_enabled'),
        },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      if (session.secondFactorPending || !hasRecentSecondFactor(session)) throw stepUpRequired();
      const account = accountOf(request);
      const codes = await audited('otp.backup_codes_regenerated', session, request, () =>
        context.otp.factors.regenerateBackupCodes(account),
      );
      return { backup_codes: codes };
    },
  );

  app.delete(
    prefix,
    {
      config: { access: 'pending-second-factor+csrf' },
      schema: {
        tags: [tag],
        summary: 'Turns TOTP off (needs a recent step-up; refused where policy requires it)',
        response: {
          204: noContentResponse('Removed'),
          ...errorResponses('step_up_required', 'otp_required'),
        },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      if (session.secondFactorPending || !hasRecentSecondFactor(session)) throw stepUpRequired();
      const account = accountOf(request);
      if (await context.otp.factors.required(account))
        throw otpError('otp_required', 'a second factor is required here');
      await audited('otp.removed', session, request, () => context.otp.factors.remove(account));
      return noContent(reply);
    },
  );
}
