import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { Email } from '../app/ports/schemas.js';
import { isUiLocale, requestUiLocale, UiLocaleSchema } from '../config/ui-locales.js';
import { emailError } from '../email/errors.js';
import { accountsError } from './errors.js';
import { accountLink } from './registration-routes.js';
import { userSessionAccess } from './session-http.js';

const Locale = Type.Union([UiLocaleSchema, Type.Null()], {
  description:
    'The language chosen for the hosted UI and emails (docs/languages.md); null: none chosen, the browser decides',
});

const Profile = Type.Object({
  id: Type.String(),
  email: Type.String(),
  email_verified: Type.Boolean(),
  name: Type.String(),
  locale: Locale,
});

/** The signed-in user's profile and email change (the apps dashboard's list: clients/dashboard-routes.ts). */
export function registerProfileRoutes(app: App, context: AppContext): void {
  const access = userSessionAccess(context);
  const profileOf = (user: {
    id: string;
    email: string;
    emailVerified: boolean;
    name: string;
    locale?: string | null;
  }) => ({
    id: user.id,
    email: user.email,
    email_verified: user.emailVerified,
    name: user.name,
    locale: isUiLocale(user.locale) ? user.locale : null,
  });

  app.get(
    '/api/user/profile',
    {
      // Readable while a second factor is still owed: the enrolment pages show whose account it is.
      config: { access: 'pending-second-factor' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        response: { 200: Profile, ...errorResponses('not_signed_in') },
      },
    },
    async (request) => profileOf(access.caller(request).account),
  );

  app.put(
    '/api/user/profile',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['accounts'],
        summary: 'Updates the name and the language, whichever is sent (CSRF token required)',
        body: Type.Object(
          { name: Type.Optional(Type.String({ maxLength: 200 })), locale: Type.Optional(Locale) },
          { additionalProperties: false },
        ),
        response: { 200: Profile, ...errorResponses() },
      },
    },
    async (request) => {
      const { session } = access.caller(request);
      const { name, locale } = request.body;
      if (name !== undefined) await context.accounts.users.setName(session.userId, name.trim());
      if (locale !== undefined) await context.accounts.users.setLocale(session.userId, locale);
      return profileOf((await context.accounts.users.find(session.userId))!);
    },
  );

  app.post(
    '/api/user/profile/email',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['accounts'],
        summary: 'Asks to change the email address: a confirmation link goes to the new address',
        body: Type.Object({ email: Email }, { additionalProperties: false }),
        response: {
          202: Type.Object({ status: Type.Literal('confirmation_sent') }),
          ...errorResponses(
            'step_up_required',
            'email_not_configured',
            'email_send_failed',
            'email_taken',
            'email_domain_federated',
          ),
        },
      },
    },
    async (request, reply) => {
      const { session } = access.caller(request);
      await access.requireRecentSecondFactor(request);
      if (!context.email.mailer.available())
        throw emailError('email_not_configured', 'email is not configured');
      const email = request.body.email.trim();
      await context.accounts.localAddresses.requireLocal(email);
      const taken = await context.accounts.users.findByEmail(email);
      if (taken && taken.id !== session.userId) {
        throw accountsError('email_taken', 'another account uses this address');
      }
      const token = await context.accounts.emailTokens.issue(session.userId, 'email_change', email);
      await context.email.mailer.send({
        to: email,
        template: 'email_change',
        variables: { email, link: accountLink(context, 'confirm-email', token) },
        locale: access.caller(request).account.locale ?? requestUiLocale(request),
      });
      return reply.code(202).send({ status: 'confirmation_sent' as const });
    },
  );

  app.post(
    '/api/user/profile/email/confirm',
    {
      // The emailed single-use token is the credential.
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Confirms the new email address with the emailed single-use token',
        body: Type.Object(
          { token: Type.String({ minLength: 20, maxLength: 200 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ email: Type.String() }),
          ...errorResponses('invalid_token', 'email_taken', 'email_domain_federated'),
        },
      },
    },
    async (request) => {
      const used = await context.accounts.emailTokens.peek(request.body.token, 'email_change');
      if (!used) throw accountsError('invalid_token', 'this link is invalid, already used or expired');
      // The domain may have been routed to a provider since the link was sent.
      await context.accounts.localAddresses.requireLocal(used.email);
      if (!(await context.accounts.emailTokens.consume(request.body.token, 'email_change')))
        throw accountsError('invalid_token', 'this link is invalid, already used or expired');
      if (!(await context.accounts.users.changeEmail(used.userId, used.email))) {
        throw accountsError('email_taken', 'another account uses this address now');
      }
      return { email: used.email };
    },
  );
}
