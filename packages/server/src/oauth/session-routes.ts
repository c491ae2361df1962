import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { userSessionAccess } from '../accounts/session-http.js';
import { CSRF_HEADER } from '../app/access.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { errorResponses } from '../app/errors.js';
import { messagePage } from '../app/html-page.js';
import { PAGE_MESSAGES } from '../app/page-messages.js';
import { pageBrand } from '../branding/view.js';
import { DEFAULT_UI_LOCALE, requestUiLocale } from '../config/ui-locales.js';
import { authorizationResponseUrl } from './authorize-request.js';

const SessionState = Type.Object({
  authenticated: Type.Boolean(),
  user: Type.Optional(Type.Object({ id: Type.String(), email: Type.String(), name: Type.String() })),
  auth_time: Type.Optional(Type.Integer()),
  amr: Type.Optional(Type.Array(Type.String())),
  acr: Type.Optional(Type.String()),
  second_factor_pending: Type.Optional(Type.Boolean()),
  csrf_token: Type.Optional(
    Type.String({ description: `Send as the ${'X-CSRF-Token'} header on state changes` }),
  ),
});

const LogoutParameters = Type.Object(
  {
    id_token_hint: Type.Optional(Type.String({ maxLength: 8192 })),
    post_logout_redirect_uri: Type.Optional(Type.String({ maxLength: 2000 })),
    state: Type.Optional(Type.String({ maxLength: 2000 })),
    client_id: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: true },
);
type LogoutInput = {
  id_token_hint?: string;
  post_logout_redirect_uri?: string;
  state?: string;
  client_id?: string;
};

const SignedOut = Type.Object({ signed_out: Type.Literal(true) });

/**
 * GET /session, and /logout: the hosted UI's sign-out (POST with the session cookie and its CSRF token,
 * docs/integration.md#logout) and RP-Initiated Logout 1.0 (GET, or a form POST, from an application).
 */
export function registerSessionRoutes(app: App, context: AppContext): void {
  const access = userSessionAccess(context);
  /**
   * The first-party sign-out: the user asked for it in our own UI, which proves it with the CSRF token (a custom
   * header no other site can send). The session row ends and the cookie is cleared with the attributes it was set
   * with, so the browser really drops it.
   */
  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const { session } = access.caller(request);
    await context.accounts.sessions.end(session.id, 'sign_out');
    access.clearCookie(reply);
    return { signed_out: true as const };
  };

  app.get(
    '/session',
    {
      config: { access: 'optional-session' },
      schema: {
        tags: ['session'],
        summary: 'The current first-party session (and its CSRF token)',
        response: { 200: SessionState },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const caller = access.optionalCaller(request);
      if (!caller) return { authenticated: false };
      const { session, account: user } = caller;
      return {
        authenticated: true,
        user: { id: user.id, email: user.email, name: user.name },
        auth_time: Math.floor(session.authTime.getTime() / 1000),
        amr: session.amr,
        acr: session.acr,
        second_factor_pending: session.secondFactorPending,
        csrf_token: access.csrfToken(request) ?? undefined,
      };
    },
  );

  app.post(
    '/api/user/logout',
    {
      // A session still owing its second factor may always sign out.
      config: { access: 'pending-second-factor+csrf' },
      schema: {
        tags: ['session'],
        summary: 'Signs out of the current session (CSRF token required); the same as POST /logout with it',
        deprecated: true,
        response: { 200: SignedOut, ...errorResponses('not_signed_in', 'csrf_failed') },
      },
    },
    signOut,
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply, input: LogoutInput) => {
    reply.header('cache-control', 'no-store');
    const hint = input.id_token_hint ? context.oauth.issuer.verifyIdTokenHint(input.id_token_hint) : null;
    const hintValid = hint !== null && (input.client_id === undefined || input.client_id === hint.aud);
    // RP-Initiated Logout §2 and ASVS 10.6.2: without a valid hint, ask the user instead of logging out or
    // redirecting anywhere (forced logout, open redirect).
    if (!hintValid) return reply.redirect('/ui/logout', 303);
    const session = access.optionalCaller(request)?.session;
    if (session && session.userId === hint.sub) {
      await context.accounts.sessions.end(session.id, 'rp_logout');
      access.clearCookie(reply);
    }
    if (input.post_logout_redirect_uri === undefined)
      return reply.redirect('/ui/logout?status=signed-out', 303);
    const client = await context.clients.registry.find(hint.aud);
    if (!client?.postLogoutRedirectUris.includes(input.post_logout_redirect_uri)) {
      // Exact match only; an unregistered URI is never redirected to. The page is in the browser's language.
      const locale = requestUiLocale(request) ?? DEFAULT_UI_LOCALE;
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          messagePage(
            PAGE_MESSAGES[locale].signedOut.title,
            [PAGE_MESSAGES[locale].signedOut.text],
            undefined,
            await pageBrand(context.branding.brands, null),
            locale,
          ) as never,
        );
    }
    return reply.redirect(
      authorizationResponseUrl(input.post_logout_redirect_uri, { state: input.state }),
      303,
    );
  };

  const logoutResponses = {
    303: {
      description: 'To the application (valid hint, registered URI) or the hosted sign-out page',
      type: 'null',
    },
    400: {
      description: 'Unregistered post_logout_redirect_uri',
      content: { 'text/html': { schema: Type.String() } },
    },
  } as const;
  app.get(
    '/logout',
    {
      config: { access: 'optional-session' },
      schema: {
        tags: ['oidc'],
        summary: 'RP-Initiated Logout (end_session_endpoint)',
        querystring: LogoutParameters,
        response: logoutResponses,
      },
    },
    (request, reply) => logout(request, reply, request.query as LogoutInput),
  );
  app.post(
    '/logout',
    {
      // RP-Initiated Logout reads the session if there is one; the hosted UI's sign-out (the CSRF header sent) is
      // held to the same access as POST /api/user/logout, enforced below by the same check the hook runs.
      config: { access: 'optional-session' },
      schema: {
        tags: ['oidc', 'session'],
        summary:
          'With the X-CSRF-Token header (the hosted UI): ends the session at once and answers 200. ' +
          'Without it: RP-Initiated Logout (end_session_endpoint), form POST',
        // An application's form, or the UI's call (no body at all, or JSON): each validated when present.
        body: {
          content: {
            'application/x-www-form-urlencoded': { schema: LogoutParameters },
            'application/json': { schema: LogoutParameters },
          },
        },
        response: { ...logoutResponses, 200: SignedOut, ...errorResponses('not_signed_in', 'csrf_failed') },
      },
    },
    async (request, reply) => {
      if (request.headers[CSRF_HEADER] === undefined) {
        return logout(request, reply, (request.body ?? {}) as LogoutInput);
      }
      reply.header('cache-control', 'no-store');
      await access.enforce(request, 'pending-second-factor+csrf');
      return signOut(request, reply);
    },
  );
}
