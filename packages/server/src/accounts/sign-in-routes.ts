import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { Email } from '../app/ports/schemas.js';
import { OpaqueMessage } from './schemas.js';
import { userSessionAccess } from './session-http.js';
import {
  ContinuedAuthorization,
  ContinuedRequestId,
  completeSignInContinuing,
} from './sign-in-continuation.js';

const SignedIn = Type.Object({
  authenticated: Type.Literal(true),
  second_factor_required: Type.Boolean({ description: 'A TOTP or backup code must still be verified' }),
  second_factor: Type.Union([Type.Literal('verify'), Type.Literal('enroll'), Type.Null()], {
    description:
      'verify: POST /otp/verify; enroll: set up TOTP now (POST /otp/setup/init, /otp/setup/verify)',
  }),
  must_change_password: Type.Boolean(),
  csrf_token: Type.String(),
  authorization: ContinuedAuthorization,
});

/**
 * OPAQUE sign-in (two round trips) and the session it starts. Both steps are `public+own-origin`: a foreign Origin
 * is refused before anything happens (login CSRF).
 */
export function registerSignInRoutes(app: App, context: AppContext): void {
  const access = userSessionAccess(context);
  app.post(
    '/api/user/login/start',
    {
      config: { access: 'public+own-origin' },
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
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['accounts'],
        summary:
          'OPAQUE login, final message (KE3): starts a session (new id) and sets the session cookie; with request_id, also approves that pending authorization request when nothing is left to ask',
        body: Type.Object(
          {
            login_id: Type.String({ maxLength: 200 }),
            finish_login_request: OpaqueMessage,
            request_id: ContinuedRequestId,
          },
          { additionalProperties: false },
        ),
        response: {
          200: SignedIn,
          ...errorResponses('invalid_credentials', 'csrf_failed', 'email_not_verified'),
        },
      },
    },
    async (request, reply) => {
      // Taken before the account is read, so the session started below is kept only if nothing changed since.
      const cacheMark = context.accounts.sessions.cacheMark();
      const {
        account: user,
        mustChangePassword,
        secondFactor: owed,
      } = await context.accounts.passwords
        .finishLogin(request.body.login_id, request.body.finish_login_request, 'login')
        .catch((error: unknown) => {
          access.signIn.failed(request, (auditError) =>
            request.log.error({ err: auditError }, 'audit failed'),
          );
          throw error;
        });
      // Session fixation (ASVS V7.2): whatever session the browser had ends; a new id is issued. The request it
      // names is approved in the session's own statement when nothing is left to ask (sign-in-continuation.ts).
      const signedIn = await completeSignInContinuing(
        context,
        access,
        { request, reply, account: user, evidence: { methods: ['pwd'], secondFactorOwed: owed }, cacheMark },
        { requestId: request.body.request_id, passwordChangeOwed: mustChangePassword },
      );
      return {
        authenticated: true as const,
        second_factor_required: signedIn.secondFactor !== null,
        second_factor: signedIn.secondFactor,
        must_change_password: mustChangePassword,
        csrf_token: signedIn.started.csrfToken,
        authorization: signedIn.authorization,
      };
    },
  );
}
