import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { userSessionAccess } from '../accounts/session-http.js';
import { completeSignInContinuing } from '../accounts/sign-in-continuation.js';
import type { AppContext } from '../app/app-context.js';
import type { App } from '../app/app-types.js';
import { ApiError, errorResponses } from '../app/errors.js';
import { messagePage } from '../app/html-page.js';
import { pageBrand } from '../branding/view.js';
import type { ConnectionRow } from './store.js';
import { UpstreamRefusal } from './upstream.js';

const UI = '/ui';
/** The flow cookie lives for the flow's ten minutes (flows.ts). */
const FLOW_COOKIE_SECONDS = 600;

const htmlPage = (description: string) => ({
  description,
  content: { 'text/html': { schema: Type.String() } },
});

/** What the user is told for each refusal reason (the audit log keeps the reason itself). */
const REFUSAL_TEXT: Record<string, string> = {
  invalid_state:
    'This sign-in was not started in this browser, has expired or was already used. Start again from the sign-in page.',
  connection_disabled: 'Sign-in through this identity provider is turned off. Ask your administrator.',
  upstream_token_rejected:
    'The identity provider’s answer could not be verified, so you were not signed in. Try again, or ask your administrator.',
  upstream_userinfo_rejected:
    'The identity provider’s profile answer did not match its sign-in, so you were not signed in.',
  email_missing: 'The identity provider did not tell us your email address, so no account could be found.',
  domain_not_verified:
    'Your email domain is not verified for this identity provider, so we cannot find or create your account through it.',
  email_not_verified:
    'The identity provider does not say your email address is verified, so we cannot connect it to an account.',
  linking_disabled:
    'An account with your email address exists, but this identity provider may not sign in to it. Sign in with your password.',
  no_account:
    'There is no account for your email address, and this identity provider does not create accounts.',
  account_disabled: 'Your account is disabled.',
  account_conflict: 'Your account was being set up by another sign-in at the same moment. Try again.',
  local_email_not_verified: 'Confirm your email address first (we sent you a link), then sign in again.',
};

/** A checked `return_to`: a path of the hosted UI on this origin (no open redirect), or null. */
function safeReturnTo(value: string | undefined, base: string): string | null {
  if (!value?.startsWith(`${UI}/`)) return null;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin || !url.pathname.startsWith(`${UI}/`)) return null;
  return `${url.pathname}${url.search}`;
}

function withQuery(path: string, parameters: Record<string, string | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters)) if (value !== null) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** Where the browser goes once signed in: the owed second factor, then the authorization request, page or account. */
function nextStep(
  secondFactor: 'verify' | 'enroll' | null,
  resume: { requestId: string | null; returnTo: string | null },
): string {
  if (secondFactor) {
    return withQuery(secondFactor === 'verify' ? `${UI}/sign-in/code` : `${UI}/account/security/setup`, {
      request_id: resume.requestId,
      return_to: resume.returnTo,
    });
  }
  if (resume.requestId) return withQuery(`${UI}/authorize`, { request_id: resume.requestId });
  return resume.returnTo ?? `${UI}/account`;
}

/**
 * The user side of federation (docs/federation.md#what-the-user-sees): routing an address, the upstream
 * sign-in (start and callback, under /api/user and at /federation as well). The linked identities are in
 * identity-routes.ts.
 */
export function registerFederationRoutes(app: App, context: AppContext): void {
  const access = userSessionAccess(context);
  const secure = context.config.baseUrl.startsWith('https://');
  // Named like the session cookie (accounts/session-http.ts): `__Host-` on https, plain on http development.
  const flowCookie = secure ? '__Host-tessera_federation' : 'tessera_federation';
  const cookieFlags = { httpOnly: true, secure, sameSite: 'lax', path: '/' } as const;

  const refusalPage = async (reply: FastifyReply, reason: string) =>
    reply
      .code(400)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        messagePage(
          'We could not sign you in',
          [REFUSAL_TEXT[reason] ?? 'The sign-in through your identity provider did not complete.'],
          { href: `${UI}/sign-in`, text: 'Back to sign-in' },
          await pageBrand(context.branding.brands, null),
        ) as never,
      );

  // The refusal is recorded before the page answers (so the log is complete when the browser sees it); a failing
  // audit write is logged and does not change the answer.
  const refused = async (
    request: FastifyRequest,
    reply: FastifyReply,
    reason: string,
    connectionId?: string,
  ) => {
    await context.audit
      .record({
        action: 'federation.sign_in',
        outcome: 'failure',
        actor: { type: 'anonymous' },
        details: { reason, ...(connectionId ? { connection: connectionId } : {}) },
        request,
      })
      .catch((error: unknown) => request.log.error({ err: error }, 'audit failed'));
    return refusalPage(reply, reason);
  };

  app.get(
    '/federation/route',
    {
      config: { access: 'public' },
      schema: {
        tags: ['federation'],
        summary:
          'Where an email address signs in: its domain’s identity provider, or local sign-in. The answer depends on the domain only, never on whether an account exists',
        querystring: Type.Object(
          { email: Type.String({ minLength: 3, maxLength: 320 }) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            route: Type.Union([Type.Literal('federation'), Type.Literal('local')]),
            connection: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
            start_url: Type.Union([Type.String(), Type.Null()], {
              description: 'Navigate here (add request_id or return_to) to sign in upstream',
            }),
          }),
          ...errorResponses(),
        },
      },
    },
    async (request) => {
      const route = await context.federation.domains.routeOf(request.query.email);
      if (route.kind === 'local') return { route: 'local' as const, connection: null, start_url: null };
      return {
        route: 'federation' as const,
        connection: { id: route.connection.id, name: route.connection.name },
        start_url: withQuery('/api/user/federation/oidc/start', { connection_id: route.connection.id }),
      };
    },
  );

  const StartQuery = Type.Object(
    {
      connection_id: Type.String({ minLength: 1, maxLength: 100 }),
      request_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      return_to: Type.Optional(Type.String({ maxLength: 2000 })),
      login_hint: Type.Optional(Type.String({ maxLength: 320 })),
    },
    { additionalProperties: false },
  );
  const start = async (
    request: FastifyRequest<{ Querystring: Static<typeof StartQuery> }>,
    reply: FastifyReply,
  ) => {
    reply.header('cache-control', 'no-store');
    const query = request.query;
    const found = await context.federation.connections.find(query.connection_id);
    const connection: ConnectionRow | undefined = found?.row;
    if (!connection?.enabled) return refused(request, reply, 'connection_disabled', query.connection_id);
    await context.rateLimits.consume('sign-in-ip', request.ip);
    const flow = await context.federation.flows.start(connection, {
      requestId: query.request_id ?? null,
      returnTo: safeReturnTo(query.return_to, context.config.baseUrl),
      loginHint: query.login_hint ?? null,
    });
    reply.setCookie(flowCookie, flow.browserValue, { ...cookieFlags, maxAge: FLOW_COOKIE_SECONDS });
    return reply.redirect(flow.authorizationUrl, 302);
  };
  const startSchema = {
    tags: ['federation'],
    summary:
      'Starts the upstream sign-in (authorization code with PKCE, state and nonce): a redirect to the provider',
    querystring: StartQuery,
    response: {
      302: { description: 'To the upstream provider', type: 'null' },
      400: htmlPage('The connection is unknown or disabled'),
      ...errorResponses('rate_limited'),
    },
  } as const;

  const CallbackQuery = Type.Object(
    {
      state: Type.Optional(Type.String({ maxLength: 500 })),
      code: Type.Optional(Type.String({ maxLength: 4000 })),
      iss: Type.Optional(Type.String({ maxLength: 2000 })),
      error: Type.Optional(Type.String({ maxLength: 200 })),
      error_description: Type.Optional(Type.String({ maxLength: 2000 })),
      session_state: Type.Optional(Type.String({ maxLength: 500 })),
    },
    { additionalProperties: false },
  );
  const callback = async (
    request: FastifyRequest<{ Querystring: Static<typeof CallbackQuery> }>,
    reply: FastifyReply,
  ) => {
    reply.header('cache-control', 'no-store');
    // The flow cookie is single-use with its flow: cleared whatever happens.
    const browserValue = request.cookies?.[flowCookie];
    reply.clearCookie(flowCookie, cookieFlags);
    // Taken before the account is read, so the session started below is kept only if nothing changed since.
    const cacheMark = context.accounts.sessions.cacheMark();
    let completed: Awaited<ReturnType<typeof context.federation.flows.complete>>;
    try {
      completed = await context.federation.flows.complete(
        request.query as Record<string, string>,
        browserValue,
      );
    } catch (error) {
      if (error instanceof UpstreamRefusal) {
        request.log.info({ reason: error.reason, detail: error.message }, 'federated sign-in refused');
        return refused(request, reply, error.reason);
      }
      throw error;
    }
    const { connection, upstream, account } = completed;
    try {
      // The app's request approved with the sign-in when nothing is left to ask (accounts/sign-in-continuation.ts):
      // straight back to the app, as /authorize itself redirects (302, RFC 9700 §4.12).
      const signedIn = await completeSignInContinuing(
        context,
        access,
        {
          request,
          reply,
          account: account.user,
          evidence: {
            methods: ['fed'],
            // The provider did MFA and the connection is trusted to say so: no second factor is owed here.
            multiFactor: connection.trustUpstreamMfa && upstream.amr.includes('mfa'),
          },
          cacheMark,
        },
        // Federated sign-ins are not held for a password change (the consent page never held them either).
        { requestId: completed.requestId ?? undefined, passwordChangeOwed: false },
      );
      return reply.redirect(
        signedIn.authorization?.redirect_uri ?? nextStep(signedIn.secondFactor, completed),
        302,
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        return refusalPage(reply, 'local_email_not_verified');
      }
      throw error;
    }
  };
  const callbackSchema = {
    tags: ['federation'],
    summary:
      'The upstream redirect URI: validates the code, tokens and userinfo, finds or links the account, signs in (keys stay locked) and resumes the authorization or the account page',
    querystring: CallbackQuery,
    response: {
      302: {
        description:
          'To the application (its request approved: nothing was left to ask), the next sign-in step, the authorization request or the account page',
        type: 'null',
      },
      400: htmlPage('The sign-in was refused (why is said on the page)'),
      ...errorResponses('rate_limited'),
    },
  } as const;

  for (const prefix of ['/api/user/federation', '/federation']) {
    app.get(`${prefix}/oidc/start`, { config: { access: 'public' }, schema: startSchema }, start);
    app.get(`${prefix}/oidc/callback`, { config: { access: 'public' }, schema: callbackSchema }, callback);
  }
}
