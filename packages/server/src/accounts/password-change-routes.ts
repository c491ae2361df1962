import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { type ErrorCode, errorResponses } from '../app/errors.js';
import { requireStepUpIfEnrolled } from '../otp/step-up.js';
import { accountsError } from './errors.js';
import type { PasswordAccount, PasswordAuthentication } from './password-authentication.js';
import { OpaqueMessage } from './schemas.js';
import type { Session, SessionService, StartedSession } from './sessions.js';

const Id = Type.String({ maxLength: 200 });

/** Whose password a port changes — the hosted UI's users or the admin portal's admins — and how it finds them. */
export interface PasswordChangeAccess<A extends PasswordAccount> {
  kind: 'user' | 'admin';
  prefix: '/api/user/password/change' | '/admin/password/change';
  tag: string;
  /** Route config the port's guard reads (the admin port declares `adminAccess`). */
  config: FastifyContextConfig;
  passwords: PasswordAuthentication<A>;
  sessions: SessionService;
  /** What `caller` refuses with, for the routes' error declarations (none when the port's guard checks). */
  sessionErrors: readonly ErrorCode[];
  /** The signed-in caller of a state-changing call (CSRF checked, no second factor owed). */
  caller(request: FastifyRequest): Promise<{ session: Session; account: { id: string; email: string } }>;
  setCookie(reply: FastifyReply, started: StartedSession): void;
}

/**
 * Password change in three OPAQUE steps, the same for users and admins: prove the current password with a fresh
 * login (the server never sees either password), register the new one, then store it — ending every other session
 * and giving this one a new id. DESIGN §7: with a second factor enrolled, a fresh step-up (`/otp/reauth`) is needed.
 */
export function registerPasswordChangeRoutes<A extends PasswordAccount>(
  app: App,
  context: AppContext,
  access: PasswordChangeAccess<A>,
): void {
  const label = access.kind === 'admin' ? 'Admin password change' : 'Password change';

  app.post(
    `${access.prefix}/start`,
    {
      config: access.config,
      schema: {
        tags: [access.tag],
        summary: `${label}, step 1: prove the current password (fresh OPAQUE login, KE1)`,
        body: Type.Object({ start_login_request: OpaqueMessage }, { additionalProperties: false }),
        response: {
          200: Type.Object({ login_id: Type.String(), login_response: Type.String() }),
          ...errorResponses(...access.sessionErrors, 'step_up_required'),
        },
      },
    },
    async (request) => {
      const { session, account } = await access.caller(request);
      await requireStepUpIfEnrolled(
        context.otp.factors,
        { kind: access.kind, id: account.id, label: account.email },
        session,
      );
      const started = await access.passwords.startLogin(
        { userId: account.id },
        request.body.start_login_request,
        'reauth',
      );
      return { login_id: started.loginId, login_response: started.loginResponse };
    },
  );

  app.post(
    `${access.prefix}/verify`,
    {
      config: access.config,
      schema: {
        tags: [access.tag],
        summary: `${label}, step 2: finish the proof (KE3) and start registering the new password`,
        body: Type.Object(
          { login_id: Id, finish_login_request: OpaqueMessage, registration_request: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ registration_id: Type.String(), registration_response: Type.String() }),
          ...errorResponses(...access.sessionErrors, 'invalid_credentials'),
        },
      },
    },
    async (request) => {
      const { account } = await access.caller(request);
      const proved = await access.passwords.finishLogin(
        request.body.login_id,
        request.body.finish_login_request,
        'reauth',
      );
      if (proved.id !== account.id) throw accountsError('invalid_credentials', 'the password is not correct');
      const started = await access.passwords.startRegistration(
        { email: account.email, userId: account.id },
        request.body.registration_request,
        'password_change',
      );
      return { registration_id: started.registrationId, registration_response: started.registrationResponse };
    },
  );

  app.post(
    `${access.prefix}/finish`,
    {
      config: access.config,
      schema: {
        tags: [access.tag],
        summary: `${label}, step 3: store the new record; this session gets a new id, the others end`,
        body: Type.Object(
          { registration_id: Id, registration_record: OpaqueMessage },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ changed: Type.Literal(true), csrf_token: Type.String() }),
          ...errorResponses(...access.sessionErrors, 'registration_expired', 'forbidden'),
        },
      },
    },
    async (request, reply) => {
      const { session, account } = await access.caller(request);
      // The new record, the sessions ended and started, and the audit entry: all committed, or none.
      const started = await context.audit.recordChange(
        async () => {
          const registration = await access.passwords.consumeRegistration(
            request.body.registration_id,
            request.body.registration_record,
            'password_change',
          );
          if (registration.userId !== account.id) throw accountsError('forbidden', 'not your registration');
          await access.passwords.setRecord(account.id, request.body.registration_record);
          await access.sessions.endAllForUser(account.id);
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
