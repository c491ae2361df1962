import { Type } from 'typebox';
import { userSessionAccess } from '../accounts/session-http.js';
import {
  ContinuedAuthorization,
  ContinuedRequestId,
  completeSignInContinuing,
} from '../accounts/sign-in-continuation.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { passkeysError } from './errors.js';
import { AuthenticationResponse, CeremonyOptions } from './schemas.js';
import { PasskeyRejected } from './service.js';

const SignedInWithPasskey = Type.Object({
  authenticated: Type.Literal(true),
  second_factor_required: Type.Boolean({
    description: 'The passkey did not verify the user (no PIN or biometrics): a second factor is still owed',
  }),
  second_factor: Type.Union([Type.Literal('verify'), Type.Literal('enroll'), Type.Null()]),
  must_change_password: Type.Boolean(),
  csrf_token: Type.String(),
  user_verified: Type.Boolean(),
  prf: Type.Union([Type.Object({ credential_id: Type.String(), prf_salt: Type.String() }), Type.Null()], {
    description:
      'The passkey that signed in and its PRF salt, when it can unlock the keybag (docs/zk.md §3.4)',
  }),
  authorization: ContinuedAuthorization,
});

const rejected = () => passkeysError('passkey_rejected', 'this passkey could not sign you in');

/**
 * Passkey sign-in: request options (discoverable; email-first binds the ceremony to the account and answers alike for unknown ones), then
 * the assertion, which completes through the one sign-in completion (accounts/sign-in.ts). A passkey that verified
 * its user is two factors by itself (possession and PIN/biometrics): no TOTP is owed; one without UV is one factor.
 */
export function registerPasskeySignInRoutes(app: App, context: AppContext): void {
  const access = userSessionAccess(context);
  const passkeys = context.passkeys.credentials;

  app.post(
    '/api/user/passkeys/sign-in/options',
    {
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['passkeys'],
        summary:
          'Starts a passkey sign-in (WebAuthn get), always for discoverable credentials (no allowCredentials). With email: only a passkey of that account may answer; the options are the same for known and unknown addresses.',
        body: Type.Object(
          { email: Type.Optional(Type.String({ minLength: 3, maxLength: 320 })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ options: CeremonyOptions }),
          ...errorResponses('csrf_failed', 'rate_limited'),
        },
      },
    },
    async (request) => {
      await context.rateLimits.consume('sign-in-ip', request.ip);
      const email = request.body.email ?? null;
      if (email !== null) await context.rateLimits.consume('sign-in-account', email.trim().toLowerCase());
      return { options: await passkeys.authenticationOptions(email) };
    },
  );

  app.post(
    '/api/user/passkeys/sign-in/verify',
    {
      config: { access: 'public+own-origin' },
      schema: {
        tags: ['passkeys'],
        summary:
          'Finishes a passkey sign-in: starts a session (new id) and sets the session cookie; with request_id, also approves that pending authorization request when nothing is left to ask',
        body: Type.Object(
          { response: AuthenticationResponse, request_id: ContinuedRequestId },
          { additionalProperties: false },
        ),
        response: {
          200: SignedInWithPasskey,
          ...errorResponses('passkey_rejected', 'csrf_failed', 'email_not_verified', 'rate_limited'),
        },
      },
    },
    async (request, reply) => {
      await context.rateLimits.consume('sign-in-ip', request.ip);
      const refuse = (reason: string): never => {
        access.signIn.failed(request, (error) => request.log.error({ err: error }, 'audit failed'), {
          method: 'hwk',
          reason,
        });
        throw rejected();
      };
      const assertion = await passkeys
        .finishAuthentication(request.body.response as never)
        .catch((error: unknown) =>
          error instanceof PasskeyRejected ? refuse(error.reason) : Promise.reject(error),
        );
      // Taken before the account is read, so the session started below is kept only if nothing changed since.
      const cacheMark = context.accounts.sessions.cacheMark();
      const user = await context.accounts.users.find(assertion.userId);
      if (user?.status !== 'active') return refuse('account_not_active');
      // Read before the session starts: the request it names is approved with it unless a change is owed.
      const mustChangePassword = await context.accounts.users.mustChangePassword(user.id);
      const signedIn = await completeSignInContinuing(
        context,
        access,
        {
          request,
          reply,
          account: user,
          evidence: {
            methods: assertion.userVerified ? ['hwk', 'user'] : ['hwk'],
            multiFactor: assertion.userVerified,
          },
          cacheMark,
        },
        { requestId: request.body.request_id, passwordChangeOwed: mustChangePassword },
      );
      const { passkey } = assertion;
      return {
        authenticated: true as const,
        second_factor_required: signedIn.secondFactor !== null,
        second_factor: signedIn.secondFactor,
        must_change_password: mustChangePassword,
        csrf_token: signedIn.started.csrfToken,
        user_verified: assertion.userVerified,
        prf: passkey.prfCapable ? { credential_id: passkey.credentialId, prf_salt: passkey.prfSalt } : null,
        authorization: signedIn.authorization,
      };
    },
  );
}
