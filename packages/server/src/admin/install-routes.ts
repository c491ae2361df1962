import { Type } from 'typebox';
import { OpaqueMessage } from '../accounts/schemas.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { Email } from '../app/ports/schemas.js';
import { AdminName, BaseUrlChoice, ProductName, RegistrationId } from './install-schemas.js';

const InstallToken = Type.String({ minLength: 20, maxLength: 200 });

const SmtpInput = Type.Object(
  {
    host: Type.String({ minLength: 1, maxLength: 255 }),
    port: Type.Integer({ minimum: 1, maximum: 65535 }),
    security: Type.Union([Type.Literal('starttls'), Type.Literal('tls'), Type.Literal('none')]),
    user: Type.Optional(Type.String({ maxLength: 255 })),
    password: Type.Optional(Type.String({ maxLength: 2000 })),
    from: Type.String({ minLength: 3, maxLength: 320 }),
  },
  { additionalProperties: false },
);

/**
 * First-run install on the admin port (docs/admin.md#first-run-install): each step validates the install
 * token afresh.
 */
export function registerInstallRoutes(app: App, context: AppContext): void {
  app.get(
    '/install',
    {
      // The install token in the body is the credential; the install service checks it at every step.
      config: { access: 'public' },
      schema: {
        tags: ['install'],
        summary: 'Install status (reveals nothing else)',
        response: { 200: Type.Object({ installed: Type.Boolean() }) },
      },
    },
    async () => ({ installed: await context.admin.install.installed() }),
  );

  app.post(
    '/install/validate',
    {
      // The install token in the body is the credential; the install service checks it at every step.
      config: { access: 'public' },
      schema: {
        tags: ['install'],
        summary: 'Checks an install token',
        body: Type.Object({ token: InstallToken }, { additionalProperties: false }),
        response: {
          200: Type.Object({ valid: Type.Literal(true) }),
          ...errorResponses('install_complete', 'invalid_install_token'),
        },
      },
    },
    async (request) => {
      await context.admin.install.validate(request.body.token);
      return { valid: true as const };
    },
  );

  app.post(
    '/install/admin/start',
    {
      // The install token in the body is the credential; the install service checks it at every step.
      config: { access: 'public' },
      schema: {
        tags: ['install'],
        summary: 'Starts the OPAQUE registration of the first admin',
        body: Type.Object(
          { token: InstallToken, email: Email, registration_request: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ registration_id: Type.String(), registration_response: Type.String() }),
          ...errorResponses('install_complete', 'invalid_install_token'),
        },
      },
    },
    async (request) => {
      const started = await context.admin.install.startAdminRegistration(
        { token: request.body.token, request },
        request.body.email,
        request.body.registration_request,
      );
      return { registration_id: started.registrationId, registration_response: started.registrationResponse };
    },
  );

  app.post(
    '/install/smtp-test',
    {
      // The install token in the body is the credential; the install service checks it at every step.
      config: { access: 'public' },
      schema: {
        tags: ['install'],
        summary: 'Sends a test message with SMTP settings before they are saved',
        body: Type.Object(
          { token: InstallToken, smtp: SmtpInput, to: Email },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ sent: Type.Literal(true) }),
          ...errorResponses('install_complete', 'invalid_install_token', 'email_send_failed'),
        },
      },
    },
    async (request) => {
      await context.admin.install.validate(request.body.token);
      await context.email.mailer.sendTestWith(request.body.smtp, request.body.to);
      return { sent: true as const };
    },
  );

  app.post(
    '/install/complete',
    {
      // The install token in the body is the credential; the install service checks it at every step.
      config: { access: 'public' },
      schema: {
        tags: ['install'],
        summary: 'Creates the first (write) admin, saves the install choices, and closes install for good',
        body: Type.Object(
          {
            token: InstallToken,
            registration_id: RegistrationId,
            registration_record: OpaqueMessage,
            admin_name: Type.Optional(AdminName),
            product_name: ProductName,
            base_url: Type.Optional(BaseUrlChoice),
            self_registration: Type.Boolean(),
            smtp: Type.Optional(SmtpInput),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ installed: Type.Literal(true), base_url_applies_after_restart: Type.Boolean() }),
          ...errorResponses(
            'install_complete',
            'invalid_install_token',
            'registration_expired',
            'email_taken',
          ),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const { baseUrlAppliesAfterRestart } = await context.admin.install.complete(
        { token: body.token, request },
        {
          registrationId: body.registration_id,
          registrationRecord: body.registration_record,
          adminName: body.admin_name ?? '',
          productName: body.product_name,
          selfRegistration: body.self_registration,
          baseUrl: body.base_url || null,
          smtp: body.smtp,
        },
      );
      return { installed: true as const, base_url_applies_after_restart: baseUrlAppliesAfterRestart };
    },
  );
}
