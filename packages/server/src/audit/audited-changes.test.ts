import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessions } from '../accounts/tables.js';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import { registerClient, type SignedIn, signInUser } from '../testing/oauth.js';
import { loginWithPassword, registerWithPassword } from '../testing/opaque-client.js';
import { call } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * A change and its audit entry are one transaction: when the database refuses the audit insert, the
 * change must not stay behind. The refusal is a real trigger on the audit table, raising for entries that carry
 * MARKER (as a string the database refuses once did) or whose action is listed in `refused_audit_actions`.
 */
const MARKER = 'audit-refused';

let server: TestServer;
let writer: AdminSession;
let ann: SignedIn;

const admin = (method: string, path: string, body?: unknown) =>
  adminFetch(server, writer, method, path, body);

async function execute(statement: string): Promise<void> {
  await server.database.db.execute(sql.raw(statement));
}

async function refuseAction(action: string): Promise<void> {
  await server.database.db.execute(sql`INSERT INTO refused_audit_actions VALUES (${action})`);
}

/** How many entries the log has, of one action. */
async function entries(action: string): Promise<number> {
  return (await server.context.audit.list({ action }, 1000)).length;
}

/** The answer of a request whose audit insert failed: a clean server error, never a success. */
function expectCleanFailure(answer: { status: number; json: Record<string, unknown> }): void {
  expect(answer).toMatchObject({
    status: 500,
    json: { error: 'internal_error', message: 'internal server error' },
  });
}

/** A user with a password, email verified, signed in by nobody yet. */
async function passwordUser(email: string, password: string): Promise<string> {
  expect((await registerWithPassword(server, email, password)).status).toBe(200);
  const user = await server.context.accounts.users.findByEmail(email);
  await server.context.accounts.users.markEmailVerified(user!.id, email);
  return user!.id;
}

/** The user's sessions not ended. */
async function liveSessions(userId: string): Promise<number> {
  const [row] = await server.database.db
    .select({ live: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
  return row!.live;
}

async function authenticated(cookie: string): Promise<boolean> {
  const response = await fetch(`${server.publicUrl}/session`, { headers: { cookie } });
  return ((await response.json()) as { authenticated: boolean }).authenticated;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await server.context.settings.set('orgs.users_may_create', true);
  await installViaApi(server, 'root@example.com', 'admin password one');
  writer = await adminSignIn(server, 'root@example.com', 'admin password one');
  // After the install, which records its own choice of self-registration.
  await server.context.settings.set('accounts.self_registration', true);
  ann = await signInUser(server, { email: 'ann@example.com', name: 'Ann' });
  await execute('CREATE TABLE refused_audit_actions (action text PRIMARY KEY)');
  await execute(`
    CREATE FUNCTION refuse_audit_entry() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.details::text LIKE '%${MARKER}%'
        OR EXISTS (SELECT 1 FROM refused_audit_actions WHERE action = NEW.action) THEN
        RAISE EXCEPTION 'audit entry refused by the test';
      END IF;
      RETURN NEW;
    END $$`);
  await execute(`
    CREATE TRIGGER refuse_audit_entry BEFORE INSERT ON audit_events
    FOR EACH ROW EXECUTE FUNCTION refuse_audit_entry()`);
});

beforeEach(async () => {
  await execute('DELETE FROM refused_audit_actions');
});

afterAll(async () => {
  await server?.close();
});

describe('when the audit insert fails, the change is undone', () => {
  it('user update and user creation', async () => {
    const created = await admin('POST', '/admin/users', { email: 'grace@example.com', name: 'Grace' });
    expect(created.status).toBe(201);
    const userId = created.json.id as string;
    const updatesBefore = await entries('user.updated');

    expectCleanFailure(
      await admin('PUT', `/admin/users/${userId}`, { name: MARKER, email: 'grace.h@example.com' }),
    );
    expect((await admin('GET', `/admin/users/${userId}`)).json).toMatchObject({
      name: 'Grace',
      email: 'grace@example.com',
    });
    expect(await entries('user.updated')).toBe(updatesBefore);

    expectCleanFailure(await admin('POST', '/admin/users', { email: `${MARKER}@example.com` }));
    expect(await server.context.accounts.users.findByEmail(`${MARKER}@example.com`)).toBeNull();
  });

  it('organization update, by an admin and by a managing member', async () => {
    const organizationId = (
      await admin('POST', '/admin/organizations', { name: 'Umbrella', slug: 'umbrella' })
    ).json.id as string;
    expectCleanFailure(
      await admin('PUT', `/admin/organizations/${organizationId}`, { name: MARKER, status: 'disabled' }),
    );
    expect((await admin('GET', `/admin/organizations/${organizationId}`)).json).toMatchObject({
      name: 'Umbrella',
      status: 'active',
    });

    expectCleanFailure(await call(server, ann, 'POST', '/organizations', { name: MARKER }));
    expect((await call(server, ann, 'GET', '/organizations')).json.organizations).toEqual([]);
    const own = await call(server, ann, 'POST', '/organizations', { name: 'Ann Co' });
    expect(own.status).toBe(201);
    expectCleanFailure(
      await call(server, ann, 'PATCH', `/organizations/${own.json.id as string}`, { name: MARKER }),
    );
    expect((await call(server, ann, 'GET', `/organizations/${own.json.id as string}`)).json).toMatchObject({
      name: 'Ann Co',
    });
  });

  it('role update', async () => {
    await admin('POST', '/admin/permissions', { key: 'reports:read' });
    await admin('POST', '/admin/permissions', { key: 'reports:write' });
    expect(
      (
        await admin('POST', '/admin/roles', {
          key: 'analyst',
          name: 'Analyst',
          permissions: ['reports:read'],
        })
      ).status,
    ).toBe(201);
    expectCleanFailure(
      await admin('PUT', '/admin/roles/analyst', { name: MARKER, permissions: ['reports:write'] }),
    );
    expect((await admin('GET', '/admin/roles/analyst')).json).toMatchObject({
      name: 'Analyst',
      permissions: ['reports:read'],
    });
  });

  it('client update and secret rotation, in the database and in the client cache', async () => {
    const { clientId, clientSecret } = await registerClient(server, { name: 'Billing' });
    const before = await admin('GET', `/admin/clients/${clientId}`);
    // Warm the cache the token endpoint reads, so a change leaking into it would show.
    expect((await server.context.clients.registry.find(clientId))?.name).toBe('Billing');

    const {
      client_id: _,
      created_at: __,
      updated_at: ___,
      icon: ____,
      secret: _____,
      ...input
    } = before.json;
    expectCleanFailure(
      await admin('PUT', `/admin/clients/${clientId}`, {
        ...input,
        name: MARKER,
        redirect_uris: ['https://evil.example/cb'],
      }),
    );
    expect(await admin('GET', `/admin/clients/${clientId}`)).toMatchObject({ json: before.json });
    const cached = await server.context.clients.registry.find(clientId);
    expect(cached).toMatchObject({ name: 'Billing', redirectUris: before.json.redirect_uris });

    await refuseAction('client.secret_rotated');
    expectCleanFailure(await admin('POST', `/admin/clients/${clientId}/secret`));
    expect(await server.context.clients.registry.verifySecret(cached!, clientSecret!)).toBe(true);
    // The same secret as before (its use just now is recorded, nothing else changed).
    expect((await admin('GET', `/admin/clients/${clientId}`)).json.secret).toMatchObject({
      hint: (before.json.secret as { hint: string }).hint,
      created_at: (before.json.secret as { created_at: string }).created_at,
    });
  });

  it('settings change: neither stored nor in force on this node', async () => {
    const productBefore = server.context.settings.get('product.name');
    expectCleanFailure(await admin('PUT', '/admin/settings/product.name', { value: MARKER }));
    expect(server.context.settings.get('product.name')).toBe(productBefore);
    const settings = (await admin('GET', '/admin/settings')).json.settings as {
      key: string;
      value: unknown;
    }[];
    expect(settings.find((entry) => entry.key === 'product.name')?.value).toBe(productBefore);
    // Reloaded from the database: nothing was stored either.
    await server.context.settings.load();
    expect(server.context.settings.get('product.name')).toBe(productBefore);
  });

  it('signing-key rotation: the key set and the keys in use stay as they were', async () => {
    const keysBefore = (await admin('GET', '/admin/keys')).json.keys;
    const jwksBefore = server.context.signingKeys.jwks();
    const signingBefore = server.context.signingKeys.currentKey('ES256').kid;
    await refuseAction('signing_keys.rotated');
    expectCleanFailure(await admin('POST', '/admin/keys/rotate', {}));
    expect((await admin('GET', '/admin/keys')).json.keys).toEqual(keysBefore);
    expect(server.context.signingKeys.jwks()).toBe(jwksBefore);
    expect(server.context.signingKeys.currentKey('ES256').kid).toBe(signingBefore);
  });
  it('password sign-in: no session starts, and the session it would replace stays', async () => {
    const password = 'kay password one';
    const userId = await passwordUser('kay@example.com', password);
    await refuseAction('user.sign_in');
    // No session yet: the session and its entry are written by one statement (SignInService.signIn).
    const first = await loginWithPassword(server, 'kay@example.com', password);
    expectCleanFailure(first.finish!);
    expect(first.cookie).toBeNull();
    expect(await liveSessions(userId)).toBe(0);

    await execute('DELETE FROM refused_audit_actions');
    const signedIn = await loginWithPassword(server, 'kay@example.com', password);
    expect(signedIn.finish?.status).toBe(200);
    expect(await liveSessions(userId)).toBe(1);
    // Signing in again over that session ends it and starts another, in one transaction with the entry.
    await refuseAction('user.sign_in');
    const again = await loginWithPassword(server, 'kay@example.com', password, { cookie: signedIn.cookie! });
    expectCleanFailure(again.finish!);
    expect(await authenticated(signedIn.cookie!)).toBe(true);
    expect(await liveSessions(userId)).toBe(1);
  });
});

describe('when the audit insert succeeds', () => {
  it('both the change and its entry are written', async () => {
    const created = await admin('POST', '/admin/users', { email: 'hopper@example.com', name: 'Grace' });
    const userId = created.json.id as string;
    const updated = await admin('PUT', `/admin/users/${userId}`, { name: 'Grace Hopper' });
    expect(updated).toMatchObject({ status: 200, json: { name: 'Grace Hopper' } });
    expect((await server.context.accounts.users.find(userId))?.name).toBe('Grace Hopper');
    const [entry] = await server.context.audit.list({ action: 'user.updated', target: userId }, 10);
    expect(entry).toMatchObject({
      outcome: 'success',
      actorType: 'admin',
      targetId: userId,
      details: { changes: { name: 'Grace Hopper' } },
    });

    const setting = await admin('PUT', '/admin/settings/product.name', { value: 'Acme Identity' });
    expect(setting).toMatchObject({ status: 200, json: { value: 'Acme Identity' } });
    expect(server.context.settings.get('product.name')).toBe('Acme Identity');
    const [changed] = await server.context.audit.list(
      { action: 'setting.changed', target: 'product.name' },
      1,
    );
    expect(changed?.details).toMatchObject({ value: 'Acme Identity' });
  });
  it('a password sign-in writes its session and its entry', async () => {
    const password = 'lee password one';
    const userId = await passwordUser('lee@example.com', password);
    const login = await loginWithPassword(server, 'lee@example.com', password);
    expect(login.finish?.status).toBe(200);
    expect(await authenticated(login.cookie!)).toBe(true);
    const [entry] = await server.context.audit.list({ action: 'user.sign_in', actor: userId }, 10);
    expect(entry).toMatchObject({ outcome: 'success', actorType: 'user', actorId: userId });
    const again = await loginWithPassword(server, 'lee@example.com', password, { cookie: login.cookie! });
    expect(again.finish?.status).toBe(200);
    expect(await authenticated(login.cookie!)).toBe(false);
    expect(await authenticated(again.cookie!)).toBe(true);
    expect(await server.context.audit.list({ action: 'user.sign_in', actor: userId }, 10)).toHaveLength(2);
  });
});
