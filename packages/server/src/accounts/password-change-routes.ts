import { Type } from 'typebox';
import type { SessionAccess } from '../app/access.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { ApiError, errorResponses } from '../app/errors.js';
import type { PasswordAccount, PasswordAuthentication } from './password-authentication.js';
import { OpaqueMessage } from './schemas.js';

const Id = Type.String({ maxLength: 200 });

/** Where a port serves the password change, and whose passwords it changes: users' or admins'. */
export interface PasswordChangeRoutes<A extends PasswordAccount> {
  prefix: '/api/user/password/change' | '/admin/password/change';
  tag: string;
  passwords: PasswordAuthentication<A>;
  /** What else changes with the new record, in its transaction (users: the account lifecycle's hook). */
  recordStored?: (accountId: string) => Promise<void>;
}

/**
 * Password change in three OPAQUE steps, the same for users and admins: prove the current password with a fresh
 * login (the server never sees either password), register the new one, then store it — ending every other session
 * and giving this one a new id. With a second factor enrolled, a fresh step-up (`/otp/reauth`) is needed
 * (docs/users.md#second-factor-totp).
 */
export function registerPasswordChangeRoutes<A extends PasswordAccount>(
  app: App,
  context: AppContext,
  access: SessionAccess<A>,
  routes: PasswordChangeRoutes<A>,
): void {
  const label = access.kind === 'admin' ? 'Admin password change' : 'Password change';

  app.post(
    `${routes.prefix}/start`,
    {
      // The signed-in caller of a state-changing call: CSRF checked, no second factor owed.
      config: { access: 'session+csrf' },
      schema: {
        tags: [routes.tag],
        summary: `${label}, step 1: prove the current password (fresh OPAQUE login, KE1)`,
        body: Type.Object({ start_login_request: OpaqueMessage }, { additionalProperties: false }),
        response: {
          200: Type.Object({ login_id: Type.String(), login_response: Type.String() }),
          ...errorResponses('step_up_required', 'rate_limited'),
        },
      },
    },
    async (request) => {
      const { account } = access.caller(request);
      await access.requireRecentSecondFactor(request);
      // Each start is a guess at the current password: it shares the account's sign-in budget, so a stolen
      // session cannot guess faster than a sign-in form (the admin port's keys are prefixed as at its sign-in).
      const prefix = access.kind === 'admin' ? 'admin:' : '';
      await context.rateLimits.consume('sign-in-account', `${prefix}${account.email.trim().toLowerCase()}`);
      const started = await routes.passwords.startLogin(
        { userId: account.id },
        request.body.start_login_request,
        'reauth',
      );
      return { login_id: started.loginId, login_response: started.loginResponse };
    },
  );

  app.post(
    `${routes.prefix}/verify`,
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [routes.tag],
        summary: `${label}, step 2: finish the proof (KE3) and start registering the new password`,
        body: Type.Object(
          { login_id: Id, finish_login_request: OpaqueMessage, registration_request: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ registration_id: Type.String(), registration_response: Type.String() }),
          ...errorResponses('invalid_credentials'),
        },
      },
    },
    async (request) => {
      const { account } = access.caller(request);
      const { account: proved } = await routes.passwords.finishLogin(
        request.body.login_id,
        request.body.finish_login_request,
        'reauth',
      );
      if (proved.id !== account.id)
        throw new ApiError(401, 'invalid_credentials', 'the password is not correct');
      const started = await routes.passwords.startRegistration(
        { email: account.email, userId: account.id },
        request.body.registration_request,
        'password_change',
      );
      return { registration_id: started.registrationId, registration_response: started.registrationResponse };
    },
  );

  app.post(
    `${routes.prefix}/finish`,
    {
      config: { access: 'session+csrf' },
      schema: {
        tags: [routes.tag],
        summary: `${label}, step 3: store the new record; this session gets a new id, the others end`,
        body: Type.Object(
          { registration_id: Id, registration_record: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ changed: Type.Literal(true), csrf_token: Type.String() }),
          ...errorResponses('registration_expired', 'forbidden'),
        },
      },
    },
    async (request, reply) => {
      const { session, account } = access.caller(request);
      // The new record, the sessions ended and started, and the audit entry: all committed, or none.
      const started = await context.audit.recordChange(
        async () => {
          const registration = await routes.passwords.consumeRegistration(
            request.body.registration_id,
            request.body.registration_record,
            'password_change',
          );
          if (registration.userId !== account.id)
            throw new ApiError(403, 'forbidden', 'not your registration');
          await routes.passwords.setRecord(account.id, request.body.registration_record);
          await routes.recordStored?.(account.id);
          await access.sessions.endAllForUser(account.id, 'password_changed');
          return access.sessions.start(
            account.id,
            { amr: session.amr, acr: session.acr, authTime: new Date() },
            { userAgent: request.headers['user-agent'], ipAddress: request.ip },
          );
        },
        {
          action: `${access.kind}.password_changed`,
          outcome: 'success',
          actor: { type: access.kind, id: account.id },
          request,
        },
      );
      access.setCookie(reply, started);
      return { changed: true as const, csrf_token: started.csrfToken };
    },
  );
}
