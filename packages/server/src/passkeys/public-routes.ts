import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { userSessionAccess } from '../accounts/session-http.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { appError, errorResponses } from '../app/errors.js';
import { noContent, noContentResponse } from '../app/ports/no-content.js';
import type { AuditAction } from '../audit/actions.js';
import {
  CeremonyOptions,
  PasskeyName,
  PasskeyParams,
  PasskeyViewSchema,
  passkeyJson,
  RegistrationResponse,
} from './schemas.js';
import { registerPasskeySignInRoutes } from './sign-in-routes.js';

const noContentSchema = noContentResponse('Done');
const passkeyNotFound = () => appError('not_found', 'no such passkey');

/**
 * The signed-in user's passkeys (hosted UI account page): register (a WebAuthn create ceremony bound to this
 * session), list, rename, remove. Registering and removing are sensitive: they need a recent second factor when
 * the account has one, and removal never takes the last way to sign in.
 */
export function registerPasskeyRoutes(app: App, context: AppContext): void {
  registerPasskeySignInRoutes(app, context);
  const access = userSessionAccess(context);
  const passkeys = context.passkeys.credentials;
  const audited = <T>(
    request: FastifyRequest,
    action: AuditAction,
    passkeyId: string | null,
    change: () => Promise<T>,
  ) =>
    context.audit.recordChange(change, {
      action,
      outcome: 'success',
      actor: { type: 'user', id: access.caller(request).account.id },
      target: { type: 'passkey', id: passkeyId },
      request,
    });

  app.post(
    '/api/user/passkeys/registration/options',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['passkeys'],
        summary:
          "Starts registering a passkey (WebAuthn create options with the PRF extension and this passkey's salt)",
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
    '/api/user/passkeys/registration/verify',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['passkeys'],
        summary:
          'Finishes registering a passkey: verifies the attestation (format none) and stores the credential',
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
          action: 'passkey.registered',
          outcome: 'success',
          actor: { type: 'user', id: account.id },
          target: { type: 'passkey', id: view.id },
          details: { prf_capable: view.prfCapable, device_type: view.deviceType },
          request,
        }),
      );
      return reply.code(201).send(passkeyJson(created));
    },
  );

  app.get(
    '/api/user/passkeys',
    {
      config: { access: 'session' },
      schema: {
        tags: ['passkeys'],
        summary: "The signed-in user's passkeys",
        response: { 200: Type.Object({ passkeys: Type.Array(PasskeyViewSchema) }), ...errorResponses() },
      },
    },
    async (request) => ({
      passkeys: (await passkeys.list(access.caller(request).account.id)).map(passkeyJson),
    }),
  );

  app.patch(
    '/api/user/passkeys/:passkeyId',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['passkeys'],
        summary: 'Renames a passkey',
        params: PasskeyParams,
        body: Type.Object({ name: PasskeyName }, { additionalProperties: false }),
        response: { 200: PasskeyViewSchema, ...errorResponses('not_found') },
      },
    },
    async (request) => {
      const userId = access.caller(request).account.id;
      const renamed = await audited(request, 'passkey.renamed', request.params.passkeyId, async () => {
        const view = await passkeys.rename(userId, request.params.passkeyId, request.body.name.trim());
        if (!view) throw passkeyNotFound();
        return view;
      });
      return passkeyJson(renamed);
    },
  );

  app.delete(
    '/api/user/passkeys/:passkeyId',
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: ['passkeys'],
        summary:
          'Removes a passkey (needs a recent second factor when one is enrolled; never the last way to sign in)',
        params: PasskeyParams,
        response: {
          204: noContentSchema,
          ...errorResponses('step_up_required', 'not_found', 'last_sign_in_method'),
        },
      },
    },
    async (request, reply) => {
      await access.requireRecentSecondFactor(request);
      const userId = access.caller(request).account.id;
      const hasPassword = await context.accounts.passwords.hasPassword(userId);
      await audited(request, 'passkey.removed', request.params.passkeyId, async () => {
        const removed = await passkeys.remove(userId, request.params.passkeyId, hasPassword);
        if (!removed) throw passkeyNotFound();
        return removed;
      });
      return noContent(reply);
    },
  );
}
