import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import type { AdminPort } from '../app/ports/admin-port.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import { passkeysError } from './errors.js';
import {
  AuthenticationResponse,
  CeremonyOptions,
  PasskeyName,
  PasskeyParams,
  PasskeyViewSchema,
  passkeyJson,
  RegistrationResponse,
} from './schemas.js';
import { PasskeyRejected } from './service.js';

const noContentSchema = noContentResponse('Done');

const SignedInAdmin = Type.Object({
  admin: Type.Object({
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    role: Type.Union([Type.Literal('read'), Type.Literal('write')]),
  }),
  csrf_token: Type.String(),
  second_factor_required: Type.Boolean({
    description:
      'The passkey did not verify the admin (no PIN or biometrics): the second factor is still owed',
  }),
  second_factor: Type.Union([Type.Literal('verify'), Type.Literal('enroll'), Type.Null()]),
  user_verified: Type.Boolean(),
});

/**
 * Admins' own passkeys, on the admin port: its relying party is the admin URL (TESSERA_ADMIN_URL), so they are
 * separate from users' passkeys (another origin, often another host, and `kind = 'admin'` rows a user's sign-in
 * never finds). Registering and removing are security changes of the signed-in admin (a recent second factor, as
 * for the admin's password); sign-in is discoverable only and completes through the admin sign-in completion
 * (accounts/sign-in.ts), a passkey that verified the admin counting as two factors.
 */
export function registerAdminOwnPasskeyRoutes(app: App, context: AppContext, { access }: AdminPort): void {
  const passkeys = context.passkeys.adminCredentials;

  app.post(
    '/admin/passkeys/registration/options',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['admin-session'],
        summary: 'Starts registering a passkey for the signed-in admin (WebAuthn create options)',
        response: {
          200: Type.Object({ options: CeremonyOptions }),
          ...errorResponses('step_up_required', 'too_many_passkeys'),
        },
      },
    },
    async (request) => {
      await access.requireRecentSecondFactor(request);
      const { account, session } = access.caller(request);
      return { options: await passkeys.registrationOptions(account, session.id) };
    },
  );

  app.post(
    '/admin/passkeys/registration/verify',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['admin-session'],
        summary: "Finishes registering the signed-in admin's passkey",
        body: Type.Object(
          { name: PasskeyName, response: RegistrationResponse },
          { additionalProperties: false },
        ),
        response: {
          201: PasskeyViewSchema,
          ...errorResponses('passkey_registration_failed', 'passkey_exists', 'too_many_passkeys'),
        },
      },
    },
    async (request, reply) => {
      const { account, session } = access.caller(request);
      const created = await context.audit.recordChange(
        () =>
          passkeys.finishRegistration(
            account,
            session.id,
            request.body.response as never,
            request.body.name.trim(),
          ),
        (view) => ({
          action: 'admin.passkey_registered',
          outcome: 'success',
          actor: { type: 'admin', id: account.id },
          target: { type: 'passkey', id: view.id },
          details: { device_type: view.deviceType },
          request,
        }),
      );
      return reply.code(201).send(passkeyJson(created));
    },
  );

  app.get(
    '/admin/passkeys',
    {
      config: { access: 'session' },
      schema: {
        tags: ['admin-session'],
        summary: "The signed-in admin's passkeys",
        response: { 200: Type.Object({ passkeys: Type.Array(PasskeyViewSchema) }), ...errorResponses() },
      },
    },
    async (request) => ({
      passkeys: (await passkeys.list(access.caller(request).account.id)).map(passkeyJson),
    }),
  );

  app.delete(
    '/admin/passkeys/:passkeyId',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['admin-session'],
        summary:
          "Removes one of the signed-in admin's passkeys (recent second factor; never the last way to sign in)",
        params: PasskeyParams,
        response: {
          204: noContentSchema,
          ...errorResponses('step_up_required', 'not_found', 'last_sign_in_method'),
        },
      },
    },
    async (request, reply) => {
      await access.requireRecentSecondFactor(request);
      const adminId = access.caller(request).account.id;
      const hasPassword = await context.admin.passwords.hasPassword(adminId);
      await context.audit.recordChange(
        async () => {
          const removed = await passkeys.remove(adminId, request.params.passkeyId, hasPassword);
          if (!removed) throw appError('not_found', 'no such passkey');
          return removed;
        },
        (removed) => ({
          action: 'admin.passkey_removed',
          outcome: 'success',
          actor: { type: 'admin', id: adminId },
          target: { type: 'passkey', id: removed.id },
          details: { name: removed.name },
          request,
        }),
      );
      return noContent(reply);
    },
  );

  app.post(
    '/admin/passkeys/sign-in/options',
    {
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['admin-session'],
        summary: 'Starts an admin passkey sign-in (WebAuthn get, discoverable credentials)',
        body: Type.Object({}, { additionalProperties: false }),
        response: {
          200: Type.Object({ options: CeremonyOptions }),
          ...errorResponses('csrf_failed', 'rate_limited'),
        },
      },
    },
    async (request) => {
      await context.rateLimits.consume('sign-in-ip', `admin:${request.ip}`);
      return { options: await passkeys.authenticationOptions(null) };
    },
  );

  app.post(
    '/admin/passkeys/sign-in/verify',
    {
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['admin-session'],
        summary: 'Finishes an admin passkey sign-in: starts an admin session (admin cookie)',
        body: Type.Object({ response: AuthenticationResponse }, { additionalProperties: false }),
        response: {
          200: SignedInAdmin,
          ...errorResponses('passkey_rejected', 'csrf_failed', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      await context.rateLimits.consume('sign-in-ip', `admin:${request.ip}`);
      const refuse = (reason: string): never => {
        access.signIn.failed(request, (error) => request.log.error({ err: error }, 'audit failed'), {
          method: 'hwk',
          reason,
        });
        throw passkeysError('passkey_rejected', 'this passkey could not sign you in');
      };
      const assertion = await passkeys
        .finishAuthentication(request.body.response as never)
        .catch((error: unknown) =>
          error instanceof PasskeyRejected ? refuse(error.reason) : Promise.reject(error),
        );
      const admin = await context.admin.users.find(assertion.userId);
      if (admin?.status !== 'active') return refuse('account_not_active');
      const { started, secondFactor } = await access.completeSignIn(request, reply, admin, {
        methods: assertion.userVerified ? ['hwk', 'user'] : ['hwk'],
        multiFactor: assertion.userVerified,
      });
      return {
        admin: { id: admin.id, email: admin.email, name: admin.name, role: admin.role },
        csrf_token: started.csrfToken,
        second_factor_required: secondFactor !== null,
        second_factor: secondFactor,
        user_verified: assertion.userVerified,
      };
    },
  );
}
