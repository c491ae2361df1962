import cookie from '@fastify/cookie';
import * as opaque from '@serenity-kit/opaque';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FactorAccount, SecondFactors } from '../accounts/second-factors.js';
import type { SessionService } from '../accounts/sessions.js';
import type { SignInCompletion } from '../accounts/sign-in.js';
import { signInUser } from '../testing/oauth.js';
import { loginWithPassword, postJson, registerWithPassword } from '../testing/opaque-client.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { ACCESS_BY_PORT, type Access, READ_ONLY_SESSION_ACCESS, SessionAccess } from './access.js';
import { buildApp, registeredRoutes } from './build.js';
import type { SliceModule } from './module.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** The statuses the access hook itself may answer, by access value. */
const HOOK_STATUSES: Record<Access, string[]> = {
  public: [],
  client: [],
  bearer: [],
  'scim-token': [],
  'optional-session': [],
  'public+own-origin': ['403'],
  session: ['401'],
  'pending-second-factor': ['401'],
  'session+csrf': ['401', '403'],
  'pending-second-factor+csrf': ['401', '403'],
  'admin-write': ['401', '403'],
};

/** A module that registers one route on the public port, with the given route config. */
function moduleWithRoute(config: Record<string, unknown>): SliceModule {
  return {
    name: 'accounts',
    createServices: () => Promise.reject(new Error('not used')),
    registerPublic(app) {
      app.get(
        '/probe',
        { config, schema: { response: { 200: { type: 'null', description: 'nothing' } } } },
        async () => null,
      );
    },
  };
}

describe('declared access', () => {
  it('refuses to build a port with a route that declares no access', async () => {
    await expect(buildApp(server.context, 'public', { modules: [moduleWithRoute({})] })).rejects.toThrow(
      'route GET /probe declares no access (config.access)',
    );
  });

  it("refuses to build a port with a route whose access is not that port's", async () => {
    await expect(
      buildApp(server.context, 'public', { modules: [moduleWithRoute({ access: 'admin-write' })] }),
    ).rejects.toThrow("route GET /probe declares access 'admin-write' unknown on the public port");
    await expect(
      buildApp(server.context, 'public', { modules: [moduleWithRoute({ access: 'sesion' })] }),
    ).rejects.toThrow("declares access 'sesion' unknown");
  });

  it('every route of both ports declares an access its port knows; state changes never ride a read-only one', () => {
    for (const [port, app] of [
      ['public', server.publicApp],
      ['admin', server.adminApp],
    ] as const) {
      const routes = registeredRoutes(app);
      expect(routes.length).toBeGreaterThan(20);
      for (const route of routes) {
        const name = `${port} ${route.method} ${route.url}`;
        expect(ACCESS_BY_PORT[port], name).toContain(route.access);
        if (route.method !== 'GET') expect(READ_ONLY_SESSION_ACCESS, name).not.toContain(route.access);
        // What the hook may answer for this access is documented on the route.
        const declared = Object.keys((route.schema?.response ?? {}) as Record<string, unknown>);
        for (const status of HOOK_STATUSES[route.access])
          expect(declared, `${name} declares ${status}`).toContain(status);
      }
    }
  });

  it('opens nothing of the admin API to a caller without a session but sign-in, and CSRF-checks every change', () => {
    const open = registeredRoutes(server.adminApp)
      .filter((route) => route.url.startsWith('/admin/') && route.access.startsWith('public'))
      .map((route) => `${route.method} ${route.url}`);
    // Only signing in, with a password (OPAQUE) or a passkey: no session exists yet, so no CSRF token either; those
    // routes check the Origin instead (public+own-origin).
    const signIn = [
      'POST /admin/login/finish',
      'POST /admin/login/start',
      'POST /admin/passkeys/sign-in/options',
      'POST /admin/passkeys/sign-in/verify',
    ];
    expect(open.sort()).toEqual(signIn);
    for (const route of registeredRoutes(server.adminApp)) {
      const name = `${route.method} ${route.url}`;
      if (signIn.includes(name)) expect(route.access, name).toBe('public+own-origin');
      else if (route.url.startsWith('/admin/') && route.method !== 'GET') {
        // Every admin state change is CSRF-checked (docs/admin.md#signing-in-as-an-admin).
        expect(route.access, name).toMatch(/\+csrf$|^admin-write$/);
      }
    }
  });
});

describe('the access hook', () => {
  it('refuses a caller before the body is validated', async () => {
    // An invalid body from a caller without a session: the answer is about the session, not the body.
    const anonymous = await postJson(`${server.publicUrl}/organizations`, { name: 42, unexpected: true });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error).toBe('not_signed_in');
    const admin = await postJson(`${server.adminUrl}/admin/clients`, { nonsense: true });
    expect(admin.status).toBe(401);
    expect(admin.json.error).toBe('admin_session_required');
    // Login CSRF: a foreign Origin on an anonymous sign-in is refused before its body is looked at.
    const foreign = await postJson(
      `${server.publicUrl}/api/user/login/start`,
      { email: 'not an email' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.json.error).toBe('csrf_failed');
  });

  it('holds a session to its CSRF token and Origin on state changes, and not on reads', async () => {
    const { cookie: sessionCookie, csrfToken } = await signInUser(server);
    const read = await fetch(`${server.publicUrl}/organizations`, { headers: { cookie: sessionCookie } });
    expect(read.status).toBe(200);
    const body = { name: 'Access Co' };
    const withoutToken = await postJson(`${server.publicUrl}/organizations`, body, { cookie: sessionCookie });
    expect(withoutToken.status).toBe(403);
    expect(withoutToken.json.error).toBe('csrf_failed');
    const foreign = await postJson(`${server.publicUrl}/organizations`, body, {
      cookie: sessionCookie,
      'x-csrf-token': csrfToken,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json.error).toBe('csrf_failed');
    // The request reached the handler: users may not create organizations by default, and only the handler says so.
    const own = await postJson(`${server.publicUrl}/organizations`, body, {
      cookie: sessionCookie,
      'x-csrf-token': csrfToken,
      origin: server.publicUrl,
    });
    expect(own).toMatchObject({ status: 403, json: { error: 'organization_creation_disabled' } });
  });

  it('keeps a session that owes its second factor to the routes that let it pay', async () => {
    const user = await server.context.accounts.users.create({
      email: 'owing@example.com',
      emailVerified: true,
    });
    const owing = await server.context.accounts.sessions.start(
      user.id,
      { amr: ['pwd'], acr: 'urn:tessera:loa:1', authTime: new Date() },
      { secondFactorPending: true },
    );
    const sessionCookie = `tessera_session=${owing.cookieValue}`;
    const csrfToken = owing.csrfToken;
    const organizations = await fetch(`${server.publicUrl}/organizations`, {
      headers: { cookie: sessionCookie },
    });
    expect(organizations.status).toBe(401);
    expect(((await organizations.json()) as { error: string }).error).toBe('second_factor_required');
    const status = await fetch(`${server.publicUrl}/otp/status`, { headers: { cookie: sessionCookie } });
    expect(status.status).toBe(200);
    const signOut = await postJson(
      `${server.publicUrl}/api/user/logout`,
      {},
      {
        cookie: sessionCookie,
        'x-csrf-token': csrfToken,
      },
    );
    expect(signOut.status).toBe(200);
  });
});

describe('session cookies', () => {
  /** A port's session access on https, as the flags it sets and clears the cookie with show. */
  async function setAndClear(url: string, sameSite: 'lax' | 'strict') {
    const access = new SessionAccess({
      kind: 'user',
      sessions: { absoluteSeconds: () => 3600 } as SessionService,
      signIn: {} as SignInCompletion,
      secondFactors: {} as SecondFactors,
      url,
      cookieNames: { http: 'plain', https: '__Host-prefixed' },
      sameSite,
      findAccount: async () => null,
      signedOut: () => new Error('signed out') as never,
    });
    const app = Fastify();
    await app.register(cookie);
    app.get('/set', async (_request, reply) => {
      access.setCookie(reply, { cookieValue: 'value' } as Parameters<typeof access.setCookie>[1]);
      return null;
    });
    app.get('/clear', async (_request, reply) => {
      access.clearCookie(reply);
      return null;
    });
    const set = String((await app.inject({ url: '/set' })).headers['set-cookie']);
    const clear = String((await app.inject({ url: '/clear' })).headers['set-cookie']);
    await app.close();
    return { set, clear };
  }

  it('clears a __Host- cookie with Secure and the flags it was set with, so the browser drops it', async () => {
    const { set, clear } = await setAndClear('https://id.example.com', 'lax');
    for (const header of [set, clear]) {
      expect(header).toMatch(/^__Host-prefixed=/);
      expect(header).toContain('Secure');
      expect(header).toContain('HttpOnly');
      expect(header).toContain('SameSite=Lax');
      expect(header).toContain('Path=/');
    }
    expect(clear).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
  });

  it('uses the plain name without Secure on http, with the port’s SameSite', async () => {
    const { set, clear } = await setAndClear('http://127.0.0.1:9081', 'strict');
    for (const header of [set, clear]) {
      expect(header).toMatch(/^plain=/);
      expect(header).not.toContain('Secure');
      expect(header).toContain('SameSite=Strict');
    }
  });
});

describe('sign-in completion', () => {
  it('owes a second factor of any registered kind, and asks a recent one before a sensitive action', async () => {
    await server.context.settings.set('accounts.self_registration', true);
    await server.context.settings.set('accounts.require_email_verification', false);
    const password = 'a password for the neutral factor';
    expect((await registerWithPassword(server, 'neutral@example.com', password)).status).toBe(200);
    const user = (await server.context.accounts.users.findByEmail('neutral@example.com'))!;
    // A factor that is not TOTP (as a passkey will be): sign-in and step-up must ask for it all the same.
    const enrolled = async (account: FactorAccount) => account.kind === 'user' && account.id === user.id;
    server.context.accounts.secondFactors.register({
      enrolled,
      required: async () => false,
      atSignIn: async (account) => ({ enrolled: await enrolled(account), required: false }),
    });
    const login = await loginWithPassword(server, 'neutral@example.com', password);
    expect(login.finish?.status).toBe(200);
    expect(login.finish?.json.second_factor_required).toBe(true);
    expect(login.finish?.json.second_factor).toBe('verify');

    // A complete session without a recent second factor cannot start a password change.
    const signedIn = await signInUser(server, { user });
    const { startLoginRequest } = opaque.client.startLogin({ password });
    const change = await postJson(
      `${server.publicUrl}/api/user/password/change/start`,
      { start_login_request: startLoginRequest },
      { cookie: signedIn.cookie, 'x-csrf-token': signedIn.csrfToken },
    );
    expect(change.status).toBe(403);
    expect(change.json.error).toBe('step_up_required');
  });

  it('starts a complete two-factor session from a proof that is multi-factor by itself', async () => {
    const user = await server.context.accounts.users.create({
      email: 'hwk@example.com',
      emailVerified: true,
    });
    const previous = await server.context.accounts.sessions.start(user.id, {
      amr: ['pwd'],
      acr: 'urn:tessera:loa:1',
      authTime: new Date(),
    });
    const { started, secondFactor } = await server.context.accounts.signIn.signIn(
      user,
      { methods: ['hwk', 'user'], multiFactor: true },
      { previous: previous.session, request: { ip: '127.0.0.1', headers: {} }, onAuditError: () => {} },
    );
    expect(secondFactor).toBeNull();
    expect(started.session.secondFactorPending).toBe(false);
    expect(started.session.amr).toEqual(['hwk', 'user', 'mfa']);
    expect(started.session.acr).toBe('urn:tessera:loa:2');
    expect(started.session.stepUpUntil!.getTime()).toBeGreaterThan(Date.now());
    // The browser's previous session ended (session fixation), and the sign-in was audited.
    expect(await server.context.accounts.sessions.resolve(previous.cookieValue)).toBeNull();
    const [event] = await server.context.audit.list({ action: 'user.sign_in', outcome: 'success' }, 1);
    expect(event?.actorId).toBe(user.id);
  });
});
