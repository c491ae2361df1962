/**
 * Admins' own passkeys on the admin port (its own relying party, the admin URL): registration with step-up,
 * list and removal, audited; discoverable sign-in to the admin portal, two factors when the authenticator verified
 * the admin; admins' and users' passkeys never sign in on each other's port.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../accounts/tables.js';
import { type AdminSession, adminFetch, adminSignIn, createAdmin, installViaApi } from '../testing/admin.js';
import { signInUser } from '../testing/oauth.js';
import { call } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { SoftAuthenticator } from '../testing/webauthn.js';

let server: TestServer;
let admin: AdminSession;
let adminOrigin: string;

beforeAll(async () => {
  server = await startTestServer();
  adminOrigin = new URL(server.config.adminUrl).origin;
  await installViaApi(server, 'root@example.com', 'admin password one');
  admin = await adminSignIn(server, 'root@example.com', 'admin password one');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId?: string };

async function registerAdminPasskey(session: AdminSession, authenticator: SoftAuthenticator, name: string) {
  const started = await adminFetch(server, session, 'POST', '/admin/passkeys/registration/options');
  expect(started.status, started.text).toBe(200);
  const options = started.json.options as Options;
  const finished = await adminFetch(server, session, 'POST', '/admin/passkeys/registration/verify', {
    name,
    response: authenticator.create(options),
  });
  expect(finished.status, finished.text).toBe(201);
  return { options, passkey: finished.json as { id: string; name: string; credential_id: string } };
}

/** POST to the admin port from the admin portal's own origin (the sign-in routes refuse others). */
async function adminPost(path: string, body: unknown) {
  const response = await fetch(`${server.adminUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: adminOrigin },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: JSON.parse(text) as Record<string, unknown>,
    headers: response.headers,
  };
}

async function adminSignInWith(authenticator: SoftAuthenticator) {
  const started = await adminPost('/admin/passkeys/sign-in/options', {});
  expect(started.status).toBe(200);
  const options = started.json.options as Options & { allowCredentials?: unknown[] };
  expect(options.allowCredentials ?? []).toEqual([]);
  return adminPost('/admin/passkeys/sign-in/verify', { response: authenticator.get(options) });
}

describe("an admin's own passkeys", () => {
  it('registers on the admin RP (admin URL), lists, signs in to the portal with two factors, removes; audited', async () => {
    const authenticator = new SoftAuthenticator(adminOrigin);
    const { options, passkey } = await registerAdminPasskey(admin, authenticator, 'Admin laptop');
    expect(options.rp.id).toBe(new URL(server.config.adminUrl).hostname);
    // Admins hold no keybag: no PRF is asked for.
    expect((options as Options & { extensions?: object }).extensions).not.toHaveProperty('prf');
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(admin.id);
    const listed = await adminFetch(server, admin, 'GET', '/admin/passkeys');
    expect((listed.json.passkeys as { id: string }[]).map((entry) => entry.id)).toEqual([passkey.id]);
    const registered = await server.context.audit.list({ action: 'admin.passkey_registered' }, 5);
    expect(registered[0]).toMatchObject({ actorType: 'admin', actorId: admin.id, targetId: passkey.id });

    // Sign in with the passkey alone: verified the admin, so no TOTP is owed; the portal answers.
    const signedIn = await adminSignInWith(authenticator);
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(200);
    expect(signedIn.json).toMatchObject({
      second_factor_required: false,
      second_factor: null,
      user_verified: true,
    });
    expect((signedIn.json.admin as { id: string }).id).toBe(admin.id);
    const cookie = signedIn.headers
      .getSetCookie()
      .find((value) => value.startsWith('tessera_admin_session='))!
      .split(';')[0]!;
    const viaPasskey = { cookie, csrf: signedIn.json.csrf_token as string, id: admin.id };
    const session = await adminFetch(server, viaPasskey, 'GET', '/admin/session');
    expect(session.json).toMatchObject({ authenticated: true, second_factor: null });
    const resolved = await server.context.admin.sessions.resolve(cookie.split('=')[1]!);
    expect(resolved?.amr).toEqual(['hwk', 'user', 'mfa']);
    const signIns = await server.context.audit.list({ action: 'admin.sign_in', actor: admin.id }, 1);
    expect(signIns[0]?.outcome).toBe('success');

    // Removing needs a recent second factor: a session whose step-up has lapsed is refused.
    await server.database.db.update(sessions).set({ stepUpUntil: null }).where(eq(sessions.id, resolved!.id));
    const stale = await adminFetch(server, viaPasskey, 'DELETE', `/admin/passkeys/${passkey.id}`);
    expect(stale.status).toBe(403);
    expect(stale.json.error).toBe('step_up_required');
    expect(
      (await adminFetch(server, admin, 'DELETE', `/admin/passkeys/${passkey.id}`, undefined, false)).status,
    ).toBe(403);
    expect((await adminFetch(server, admin, 'DELETE', `/admin/passkeys/${passkey.id}`)).status).toBe(204);
    expect((await adminFetch(server, admin, 'DELETE', `/admin/passkeys/${passkey.id}`)).status).toBe(404);
    const removed = await server.context.audit.list({ action: 'admin.passkey_removed' }, 5);
    expect(removed[0]).toMatchObject({
      actorId: admin.id,
      targetId: passkey.id,
      details: { name: 'Admin laptop' },
    });
    // The removed passkey signs in no more.
    const after = await adminSignInWith(authenticator);
    expect(after.status).toBe(401);
    expect(after.json.error).toBe('passkey_rejected');
  });

  it('a passkey without user verification is one factor: the admin sign-in still owes TOTP', async () => {
    const authenticator = new SoftAuthenticator(adminOrigin, { userVerified: false });
    await registerAdminPasskey(admin, authenticator, 'Plain key');
    const signedIn = await adminSignInWith(authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json).toMatchObject({ second_factor_required: true, second_factor: 'verify' });
  });

  it("admins' and users' passkeys never sign in on each other's port", async () => {
    // Both ports share the host here (127.0.0.1): the same RP ID, so only the kind of credential tells them apart.
    const adminAuthenticator = new SoftAuthenticator(adminOrigin);
    await registerAdminPasskey(admin, adminAuthenticator, 'Admin key');
    const publicOrigin = new URL(server.config.baseUrl).origin;
    const user = await signInUser(server);
    const userAuthenticator = new SoftAuthenticator(publicOrigin);
    const userOptions = await call(server, user, 'POST', '/api/user/passkeys/registration/options');
    const created = await call(server, user, 'POST', '/api/user/passkeys/registration/verify', {
      name: 'User key',
      response: userAuthenticator.create(userOptions.json.options as Options),
    });
    expect(created.status).toBe(201);

    const adminOptions = (await adminPost('/admin/passkeys/sign-in/options', {})).json.options as Options;
    const userAtAdmin = await adminPost('/admin/passkeys/sign-in/verify', {
      response: userAuthenticator.get(adminOptions, { origin: adminOrigin }),
    });
    expect(userAtAdmin.status).toBe(401);
    const publicOptions = (await call(server, null, 'POST', '/api/user/passkeys/sign-in/options', {})).json
      .options as Options;
    const adminAtPublic = await call(server, null, 'POST', '/api/user/passkeys/sign-in/verify', {
      response: adminAuthenticator.get(publicOptions, { origin: publicOrigin }),
    });
    expect(adminAtPublic.status).toBe(401);
    // A user ceremony is not an admin one either: the public port's challenge does not finish on the admin port.
    const crossed = await adminPost('/admin/passkeys/sign-in/verify', {
      response: adminAuthenticator.get(publicOptions),
    });
    expect(crossed.status).toBe(401);
  });

  it("an admin cannot see or remove another admin's passkeys; a foreign Origin is refused", async () => {
    const { passkey } = await registerAdminPasskey(admin, new SoftAuthenticator(adminOrigin), 'Mine');
    await createAdmin(server, admin, 'other@example.com', 'admin password two', 'read');
    const other = await adminSignIn(server, 'other@example.com', 'admin password two');
    expect((await adminFetch(server, other, 'GET', '/admin/passkeys')).json.passkeys).toEqual([]);
    expect((await adminFetch(server, other, 'DELETE', `/admin/passkeys/${passkey.id}`)).status).toBe(404);
    const foreign = await fetch(`${server.adminUrl}/admin/passkeys/sign-in/options`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
  });
});
