import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { Email } from '../app/ports/schemas.js';
import { requestUiLocale } from '../config/ui-locales.js';
import { emailError } from '../email/errors.js';
import { invalidResetToken } from './lifecycle.js';
import { OpaqueMessage } from './schemas.js';

const Token = Type.String({ minLength: 20, maxLength: 200 });
const Id = Type.String({ maxLength: 200 });

/** Password reset by email (ends in a new OPAQUE registration). */
export function registerPasswordRoutes(app: App, context: AppContext): void {
  app.post(
    '/api/user/password/reset/request',
    {
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['accounts'],
        summary: 'Emails a reset link (same answer whether or not the account exists; throttled)',
        body: Type.Object({ email: Email }, { additionalProperties: false }),
        response: {
          202: Type.Object({ status: Type.Literal('sent_if_exists') }),
          ...errorResponses('csrf_failed', 'email_not_configured', 'email_send_failed', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      if (!context.email.mailer.available())
        throw emailError('email_not_configured', 'email is not configured');
      await context.rateLimits.consume('password-reset-ip', request.ip);
      const user = await context.accounts.users.findByEmail(request.body.email);
      // Throttled per account too, silently: the answer must not tell whether the account exists.
      if (
        user &&
        user.status === 'active' &&
        (await context.rateLimits.tryConsume('password-reset-account', user.id))
      ) {
        await context.accounts.lifecycle.emailPasswordReset(user, requestUiLocale(request));
      }
      return reply.code(202).send({ status: 'sent_if_exists' as const });
    },
  );

  app.get(
    '/api/user/password/reset/validate',
    {
      // The emailed reset token is the credential.
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Checks a reset link before the new password is chosen',
        querystring: Type.Object({ token: Token }),
        response: {
          200: Type.Object({ valid: Type.Literal(true), email: Type.String() }),
          ...errorResponses('invalid_token'),
        },
      },
    },
    async (request) => {
      const live = await context.accounts.emailTokens.peek(request.query.token, 'password_reset');
      if (!live) throw invalidResetToken();
      return { valid: true as const, email: live.email };
    },
  );

  app.post(
    '/api/user/password/reset/start',
    {
      // The emailed reset token is the credential.
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Reset, first OPAQUE registration message (the link must still be valid)',
        body: Type.Object(
          { token: Token, registration_request: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ registration_id: Type.String(), registration_response: Type.String() }),
          ...errorResponses('invalid_token'),
        },
      },
    },
    async (request) => {
      const live = await context.accounts.emailTokens.peek(request.body.token, 'password_reset');
      if (!live) throw invalidResetToken();
      const started = await context.accounts.passwords.startRegistration(
        { email: live.email, userId: live.userId },
        request.body.registration_request,
        'password_reset',
      );
      return { registration_id: started.registrationId, registration_response: started.registrationResponse };
    },
  );

  app.post(
    '/api/user/password/reset/finish',
    {
      // The emailed reset token is the credential.
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary:
          'Reset, final message: stores the new record, uses up the link, ends every session and grant',
        body: Type.Object(
          { token: Token, registration_id: Id, registration_record: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            reset: Type.Literal(true),
            encryption_key: Type.Union(
              [Type.Literal('none'), Type.Literal('kept'), Type.Literal('discarded')],
              {
                description:
                  'What the reset did to the encryption key (docs/zk.md §3.1): none (there was none), kept (the new password cannot open it; opens_with can), discarded (an address never verified before: its registrant’s key went)',
              },
            ),
            opens_with: Type.Array(Type.String(), {
              description: 'With kept: the envelope types other than the password that still open the key',
            }),
          }),
          ...errorResponses('invalid_token', 'registration_expired'),
        },
      },
    },
    async (request) => {
      const outcome = await context.accounts.lifecycle.completePasswordReset(request.body.token, {
        registrationId: request.body.registration_id,
        registrationRecord: request.body.registration_record,
      });
      return { reset: true as const, encryption_key: outcome.encryptionKey, opens_with: outcome.opensWith };
    },
  );
}
