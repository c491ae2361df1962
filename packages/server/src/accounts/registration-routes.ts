import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { Email } from '../app/ports/schemas.js';
import { requestUiLocale } from '../config/ui-locales.js';
import { emailError } from '../email/errors.js';
import { accountsError } from './errors.js';
import { hostedUiLink } from './links.js';
import { OpaqueMessage } from './schemas.js';
import { userSessionAccess } from './session-http.js';
import { type User, UserExistsError } from './users.js';

const Token = Type.String({ minLength: 20, maxLength: 200 });

/** The links in account emails point at hosted-UI pages. */
export function accountLink(context: AppContext, page: string, token: string): string {
  return hostedUiLink(context.config.baseUrl, page, token);
}

/** Sends the verification link for a user's current address, in their language or the request's. */
export async function sendVerification(
  context: AppContext,
  user: { id: string; email: string; locale?: string | null },
  requestLocale: string | null,
): Promise<void> {
  const token = await context.accounts.emailTokens.issue(user.id, 'verify_email', user.email);
  await context.email.mailer.send({
    to: user.email,
    template: 'verification',
    variables: { email: user.email, link: accountLink(context, 'verify-email', token) },
    locale: user.locale ?? requestLocale,
  });
}

/** Creates the account with its first OPAQUE record, unless the address already has one. */
async function finishSignup(
  context: AppContext,
  registrationId: string,
  registrationRecord: string,
  name: string,
): Promise<{ user: User | null; existingEmail: string | null }> {
  const { userId, email } = await context.accounts.passwords.consumeRegistration(
    registrationId,
    registrationRecord,
    'signup',
  );
  const existing = await context.accounts.users.findByEmail(email);
  if (existing) return { user: null, existingEmail: existing.email };
  let user: User;
  try {
    user = await context.accounts.users.create({ id: userId, email, name, emailVerified: false });
  } catch (error) {
    // Two sign-ups for one address at once: the loser is answered like any existing address.
    if (error instanceof UserExistsError) return { user: null, existingEmail: email };
    throw error;
  }
  await context.accounts.passwords.setRecord(user.id, registrationRecord);
  return { user, existingEmail: null };
}

/** Self-registration with OPAQUE and email verification. */
export function registerRegistrationRoutes(app: App, context: AppContext): void {
  const requireOpen = () => {
    if (!context.accounts.passwords.selfRegistrationOpen()) {
      throw accountsError('registration_closed', 'new accounts are created by an administrator here');
    }
  };

  app.get(
    '/api/user/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'What the sign-in pages may offer (no secrets)',
        response: { 200: Type.Object({ product_name: Type.String(), self_registration: Type.Boolean() }) },
      },
    },
    async () => ({
      product_name: context.settings.get('product.name'),
      self_registration: context.accounts.passwords.selfRegistrationOpen(),
    }),
  );

  app.post(
    '/api/user/register/start',
    {
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['accounts'],
        summary: 'Self-registration, first OPAQUE message',
        body: Type.Object(
          { email: Email, registration_request: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ registration_id: Type.String(), registration_response: Type.String() }),
          ...errorResponses('csrf_failed', 'registration_closed', 'email_domain_federated', 'rate_limited'),
        },
      },
    },
    async (request) => {
      requireOpen();
      await context.rateLimits.consume('registration-ip', request.ip);
      await context.accounts.localAddresses.requireLocal(request.body.email);
      const started = await context.accounts.passwords.startRegistration(
        { email: request.body.email },
        request.body.registration_request,
        'signup',
      );
      return { registration_id: started.registrationId, registration_response: started.registrationResponse };
    },
  );

  app.post(
    '/api/user/register/finish',
    {
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['accounts'],
        summary:
          'Self-registration, final OPAQUE message. With verification required the answer is the same whether or not the address already has an account.',
        body: Type.Object(
          {
            registration_id: Type.String({ maxLength: 200 }),
            registration_record: OpaqueMessage,
            name: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            status: Type.Union([Type.Literal('verification_sent'), Type.Literal('signed_in')]),
            csrf_token: Type.Optional(Type.String()),
            second_factor: Type.Optional(
              Type.Union([Type.Literal('enroll'), Type.Literal('verify'), Type.Null()], {
                description: 'enroll: the new session must set up TOTP before anything else',
              }),
            ),
          }),
          ...errorResponses(
            'csrf_failed',
            'registration_closed',
            'email_not_configured',
            'email_send_failed',
            'email_taken',
            'registration_expired',
          ),
        },
      },
    },
    async (request, reply) => {
      requireOpen();
      const verify = context.settings.get('accounts.require_email_verification');
      if (verify && !context.email.mailer.available())
        throw emailError('email_not_configured', 'email is not configured');
      // Taken before the account is made, so the session started below is kept only if nothing changed since.
      const cacheMark = context.accounts.sessions.cacheMark();
      const { user, existingEmail } = await finishSignup(
        context,
        request.body.registration_id,
        request.body.registration_record,
        request.body.name ?? '',
      );
      if (existingEmail) {
        if (!verify)
          throw accountsError('email_taken', 'an account with this email address exists; sign in instead');
        // Same answer as a new account; the owner of the address learns of the attempt by email.
        await context.email.mailer.send({
          to: existingEmail,
          template: 'existing_account',
          variables: { email: existingEmail, link: `${context.config.baseUrl}/ui/sign-in` },
          locale: requestUiLocale(request),
        });
        return { status: 'verification_sent' as const };
      }
      if (verify) {
        await sendVerification(context, user!, requestUiLocale(request));
        return { status: 'verification_sent' as const };
      }
      // The new account is signed in as at sign-in: where policy requires a second factor, it owes its enrolment.
      const { started, secondFactor } = await userSessionAccess(context).completeSignIn(
        request,
        reply,
        user!,
        { methods: ['pwd'] },
        cacheMark,
      );
      return { status: 'signed_in' as const, csrf_token: started.csrfToken, second_factor: secondFactor };
    },
  );

  app.post(
    '/api/user/email/verify',
    {
      // The emailed single-use token is the credential.
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Confirms an email address with the emailed single-use token',
        body: Type.Object({ token: Token }, { additionalProperties: false }),
        response: { 200: Type.Object({ verified: Type.Literal(true) }), ...errorResponses('invalid_token') },
      },
    },
    async (request) => {
      const used = await context.accounts.emailTokens.consume(request.body.token, 'verify_email');
      if (!used || !(await context.accounts.users.markEmailVerified(used.userId, used.email))) {
        throw accountsError(
          'invalid_token',
          'this link is invalid, already used or expired; ask for a new one',
        );
      }
      return { verified: true as const };
    },
  );

  app.post(
    '/api/user/email/verification/resend',
    {
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['accounts'],
        summary: 'Sends the verification link again (same answer whether or not the address has an account)',
        body: Type.Object({ email: Email }, { additionalProperties: false }),
        response: {
          202: Type.Object({ status: Type.Literal('sent_if_pending') }),
          ...errorResponses('csrf_failed', 'email_not_configured', 'email_send_failed'),
        },
      },
    },
    async (request, reply) => {
      if (!context.email.mailer.available())
        throw emailError('email_not_configured', 'email is not configured');
      const user = await context.accounts.users.findByEmail(request.body.email);
      const pending = user !== null && !user.emailVerified && user.status === 'active';
      if (pending && (await context.rateLimits.tryConsume('verification-account', user.id))) {
        await sendVerification(context, user, requestUiLocale(request));
      }
      return reply.code(202).send({ status: 'sent_if_pending' as const });
    },
  );
}
