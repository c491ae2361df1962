import * as opaque from '@serenity-kit/opaque';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSession,
  adminFetch,
  adminSecondFactor,
  adminSignIn,
  createAdmin,
  installViaApi,
} from '../testing/admin.js';
import { postJson } from '../testing/opaque-client.js';
import { testKeyStretching } from '../testing/opaque-stretching.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let writer: AdminSession;
let reader: AdminSession;
const writerPassword = 'admin password one';
const readerPassword = 'reader password two';

beforeAll(async () => {
  server = await startTestServer();
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  expect(await (await fetch(`${server.adminUrl}/install`)).json()).toEqual({ installed: false });
  await installViaApi(server, 'root@example.com', writerPassword);
  writer = await adminSignIn(server, 'root@example.com', writerPassword);
  await createAdmin(server, writer, 'reader@example.com', readerPassword, 'read');
  reader = await adminSignIn(server, 'reader@example.com', readerPassword);
});
afterAll(async () => {
  await server?.close();
});

const MUTATING = ['post', 'put', 'patch', 'delete'];
/** Routes any signed-in admin may use on their own account (CSRF still required). */
const SELF_ROUTES = [
  '/admin/logout',
  '/admin/password/change/start',
  '/admin/password/change/verify',
  '/admin/password/change/finish',
  '/admin/otp',
  '/admin/otp/setup/init',
  '/admin/otp/setup/verify',
  '/admin/otp/verify',
  '/admin/otp/reauth',
  '/admin/otp/backup-codes',
  '/admin/passkeys/registration/options',
  '/admin/passkeys/registration/verify',
  '/admin/passkeys/{passkeyId}',
];
/** Routes used before an admin session exists: signing in with a password (OPAQUE) or a passkey. */
const OPEN_ROUTES = [
  '/admin/login/start',
  '/admin/login/finish',
  '/admin/passkeys/sign-in/options',
  '/admin/passkeys/sign-in/verify',
];

describe('install', () => {
  it('is closed for good once complete', async () => {
    expect(await (await fetch(`${server.adminUrl}/install`)).json()).toEqual({ installed: true });
    expect(await server.context.admin.install.issueToken()).toBeNull();
    // Each step with a body its schema accepts, so that only the install's own state can refuse it.
    const token = 'x'.repeat(43);
    const opaqueMessage = 'A'.repeat(64);
    const smtp = { host: '127.0.0.1', port: 2525, security: 'none', from: 'idp@example.com' };
    const steps: Array<[string, Record<string, unknown>]> = [
      ['/install/validate', { token }],
      [
        '/install/admin/start',
        { token, email: 'second-admin@example.com', registration_request: opaqueMessage },
      ],
      [
        '/install/complete',
        {
          token,
          registration_id: 'r'.repeat(43),
          registration_record: opaqueMessage,
          product_name: 'Taken over',
          self_registration: true,
        },
      ],
      ['/install/smtp-test', { token, smtp, to: 'someone@example.com' }],
    ];
    for (const [path, body] of steps) {
      const response = await postJson(`${server.adminUrl}${path}`, body);
      expect(response, path).toMatchObject({ status: 404, json: { error: 'install_complete' } });
    }
  });
});

describe('admin guard', () => {
  it('every mutating admin route refuses no session, a read admin, and a write admin without the CSRF token', async () => {
    const document = (await (await fetch(`${server.adminUrl}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => MUTATING.includes(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
    const guarded = routes.filter(
      (route) => route.path.startsWith('/admin/') && !OPEN_ROUTES.includes(route.path),
    );
    expect(guarded.length).toBeGreaterThan(15);
    for (const route of guarded) {
      const path = route.path.replace(/\{[^}]+\}/g, 'some-id');
      const label = `${route.method} ${route.path}`;
      const anonymous = await adminFetch(server, null, route.method, path, {});
      expect(anonymous.status, `${label} without a session`).toBe(401);
      const noCsrf = await adminFetch(server, writer, route.method, path, {}, false);
      expect(noCsrf.status, `${label} without CSRF`).toBe(403);
      expect(noCsrf.json.error, label).toBe('csrf_failed');
      if (!SELF_ROUTES.includes(route.path)) {
        const asReader = await adminFetch(server, reader, route.method, path, {});
        expect(asReader.status, `${label} as a read admin`).toBe(403);
        expect(asReader.json.error, label).toBe('write_admin_required');
      }
    }
  });

  it('refuses a foreign Origin on mutating calls', async () => {
    const response = await fetch(`${server.adminUrl}/admin/keys/rotate`, {
      method: 'POST',
      headers: {
        cookie: writer.cookie,
        'x-csrf-token': writer.csrf,
        'content-type': 'application/json',
        origin: 'https://evil.example',
      },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });

  it('a read admin can read', async () => {
    expect((await adminFetch(server, reader, 'GET', '/admin/clients')).status).toBe(200);
    expect((await adminFetch(server, reader, 'GET', '/admin/audit')).status).toBe(200);
  });
});

describe('clients through the admin API', () => {
  it('shows the secret once, then metadata only; rotation kills the old secret at /token', async () => {
    const created = await adminFetch(server, writer, 'POST', '/admin/clients', {
      name: 'Billing',
      type: 'confidential',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      scopes: [{ scope: 'billing', description: 'Billing API' }],
    });
    expect(created.status).toBe(201);
    const clientId = (created.json.client as { client_id: string }).client_id;
    const secret = created.json.client_secret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const read = await adminFetch(server, writer, 'GET', `/admin/clients/${clientId}`);
    expect(read.text).not.toContain(secret);
    expect(read.json.secret).toMatchObject({ hint: secret.slice(-4), last_used_at: null });

    const token = (id: string, password: string) =>
      fetch(`${server.publicUrl}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${id}:${password}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
    expect((await token(clientId, secret)).status).toBe(200);
    const rotated = await adminFetch(server, writer, 'POST', `/admin/clients/${clientId}/secret`);
    const newSecret = rotated.json.client_secret as string;
    expect(newSecret).not.toBe(secret);
    expect((await token(clientId, secret)).status).toBe(401);
    expect((await token(clientId, newSecret)).status).toBe(200);

    const invalid = await adminFetch(server, writer, 'POST', '/admin/clients', {
      name: 'Bad',
      type: 'public',
      redirect_uris: ['http://evil.example/cb'],
      grant_types: ['authorization_code'],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.json.error).toBe('invalid_client_metadata');
  });

  it('keeps the zero-knowledge key scope: client by default, organization only with a delivery format', async () => {
    const app = {
      name: 'Team Notes',
      type: 'public',
      redirect_uris: ['https://notes.example/callback'],
      grant_types: ['authorization_code'],
    };
    const plain = await adminFetch(server, writer, 'POST', '/admin/clients', { ...app, zk_delivery: 'v2' });
    expect(plain.json.client).toMatchObject({ zk_delivery: 'v2', zk_key_scope: 'client' });
    const refused = await adminFetch(server, writer, 'POST', '/admin/clients', {
      ...app,
      zk_key_scope: 'organization',
    });
    expect(refused).toMatchObject({ status: 400, json: { error: 'invalid_client_metadata' } });
    expect(
      (await adminFetch(server, writer, 'POST', '/admin/clients', { ...app, zk_key_scope: 'user' })).status,
    ).toBe(400);
    const clientId = (plain.json.client as { client_id: string }).client_id;
    const updated = await adminFetch(server, writer, 'PUT', `/admin/clients/${clientId}`, {
      ...app,
      zk_delivery: 'legacy-v1',
      zk_key_scope: 'organization',
    });
    expect(updated.status).toBe(200);
    expect((await adminFetch(server, writer, 'GET', `/admin/clients/${clientId}`)).json).toMatchObject({
      zk_delivery: 'legacy-v1',
      zk_key_scope: 'organization',
    });
  });
});

describe('signing keys through the admin API', () => {
  it('rotates, and the JWKS shows the new key', async () => {
    const before = (await adminFetch(server, writer, 'GET', '/admin/keys')).json.keys as { kid: string }[];
    const rotated = await adminFetch(server, writer, 'POST', '/admin/keys/rotate', { algorithms: ['ES256'] });
    expect(rotated.status).toBe(200);
    const after = rotated.json.keys as {
      kid: string;
      alg: string;
      state: string;
      becomes_current_after: string | null;
    }[];
    const added = after.filter((key) => !before.some((old) => old.kid === key.kid));
    expect(added).toHaveLength(1);
    expect(after.some((key) => key.alg === 'ES256' && key.becomes_current_after !== null)).toBe(true);
    const jwks = (await (await fetch(`${server.publicUrl}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string }[];
    };
    expect(jwks.keys.map((key) => key.kid)).toContain(added[0]!.kid);
  });
});

describe('settings through the admin API', () => {
  it('validates values and never returns secure ones', async () => {
    expect(
      (
        await adminFetch(server, writer, 'PUT', '/admin/settings/tokens.access_token_ttl_seconds', {
          value: 5,
        })
      ).status,
    ).toBe(400);
    expect((await adminFetch(server, writer, 'PUT', '/admin/settings/no.such', { value: 5 })).status).toBe(
      404,
    );
    const smtp = await adminFetch(server, writer, 'PUT', '/admin/settings/smtp.password', {
      value: 'smtp-Secret-123',
    });
    expect(smtp.status).toBe(200);
    expect(smtp.json).toMatchObject({ key: 'smtp.password', value: null, secure: true, configured: true });
    const all = await adminFetch(server, writer, 'GET', '/admin/settings');
    expect(all.text).not.toContain('smtp-Secret-123');
  });

  it('carries each setting’s JSON Schema, so the portal can render its control', async () => {
    const listed = await adminFetch(server, reader, 'GET', '/admin/settings');
    expect(listed.status).toBe(200);
    const settings = listed.json.settings as { key: string; schema: Record<string, unknown> }[];
    const schemaOf = (key: string) => settings.find((setting) => setting.key === key)?.schema;
    expect(schemaOf('smtp.security')).toEqual({
      anyOf: [
        { type: 'string', const: 'starttls' },
        { type: 'string', const: 'tls' },
        { type: 'string', const: 'none' },
      ],
    });
    expect(schemaOf('otp.digits')).toEqual({
      anyOf: [
        { type: 'number', const: 6 },
        { type: 'number', const: 8 },
      ],
    });
    expect(schemaOf('smtp.port')).toEqual({ type: 'integer', minimum: 1, maximum: 65535 });
    expect(schemaOf('accounts.self_registration')).toEqual({ type: 'boolean' });
    expect(schemaOf('product.name')).toEqual({ type: 'string', minLength: 1, maxLength: 80 });
  });
});

describe('users and admins', () => {
  it('creates, disables (ending sessions) and deletes users', async () => {
    const created = await adminFetch(server, writer, 'POST', '/admin/users', {
      email: 'person@example.com',
      name: 'Person',
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    expect(
      (await adminFetch(server, writer, 'POST', '/admin/users', { email: 'PERSON@example.com' })).status,
    ).toBe(409);
    const started = await server.context.accounts.sessions.start(id, {
      amr: ['pwd'],
      acr: 'urn:tessera:loa:1',
      authTime: new Date(),
    });
    expect((await adminFetch(server, writer, 'POST', `/admin/users/${id}/disable`)).json.status).toBe(
      'disabled',
    );
    expect(await server.context.accounts.sessions.resolve(started.cookieValue)).toBeNull();
    const listed = await adminFetch(server, reader, 'GET', '/admin/users?query=person');
    expect(listed.json.total).toBe(1);
    expect((await adminFetch(server, writer, 'DELETE', `/admin/users/${id}`)).status).toBe(204);
    expect((await adminFetch(server, writer, 'GET', `/admin/users/${id}`)).status).toBe(404);
  });

  it('finds a whole address by itself, and a fragment or an address no one has as a substring', async () => {
    for (const email of ['bob@search.example', 'jimbob@search.example', 'bobby@search.example']) {
      const created = await adminFetch(server, writer, 'POST', '/admin/users', { email, name: 'Searched' });
      expect(created.status).toBe(201);
    }
    const search = async (query: string, offset = 0) => {
      const { json } = await adminFetch(
        server,
        reader,
        'GET',
        `/admin/users?${new URLSearchParams({ query, offset: String(offset) })}`,
      );
      return { total: json.total, emails: (json.users as { email: string }[]).map((user) => user.email) };
    };
    // A whole address, in any case: its account alone, not the longer address that contains it.
    expect(await search(' BOB@Search.example ')).toEqual({ total: 1, emails: ['bob@search.example'] });
    expect(await search('bob@search.example', 1)).toEqual({ total: 1, emails: [] });
    // A fragment: every address or name that contains it, by address.
    expect(await search('bob@search')).toEqual({
      total: 2,
      emails: ['bob@search.example', 'jimbob@search.example'],
    });
    expect(await search('bob@search', 1)).toEqual({ total: 2, emails: ['jimbob@search.example'] });
    // A whole address no account has: searched as a substring.
    expect(await search('ob@search.example')).toEqual({
      total: 2,
      emails: ['bob@search.example', 'jimbob@search.example'],
    });
  });

  it('an admin password change needs a fresh second factor, then ends the other sessions', async () => {
    await opaque.ready;
    const email = 'changer@example.com';
    // A read admin: changing one's own password needs no write role (and the write-admin count stays as it is).
    await createAdmin(server, writer, email, 'changer password one', 'read');
    const session = await adminSignIn(server, email, 'changer password one');
    const other = await adminSignIn(server, email, 'changer password one');
    const headers = (by: AdminSession) => ({ cookie: by.cookie, 'x-csrf-token': by.csrf });
    const start = (by: AdminSession, password: string) => {
      const login = opaque.client.startLogin({ password });
      return postJson(
        `${server.adminUrl}/admin/password/change/start`,
        { start_login_request: login.startLoginRequest },
        headers(by),
      ).then((response) => ({ response, login }));
    };
    // Completing TOTP at sign-in counted as a step-up; once it has passed, a fresh code is needed
    // (docs/settings.md#second-factor-totp).
    await server.database.withConnection((connection) =>
      connection.query(
        "UPDATE sessions SET step_up_until = now() - interval '1 second' WHERE kind = 'admin' AND step_up_until IS NOT NULL",
      ),
    );
    expect((await start(session, 'changer password one')).response.json.error).toBe('step_up_required');
    const stepped = await postJson(
      `${server.adminUrl}/admin/otp/reauth`,
      { code: adminSecondFactor(email)!.backupCodes.pop() },
      headers(session),
    );
    expect(stepped.status).toBe(200);
    const fresh: AdminSession = {
      cookie: (stepped.headers.get('set-cookie') ?? '').split(';')[0]!,
      csrf: stepped.json.csrf_token as string,
      id: session.id,
    };
    const { response: started, login } = await start(fresh, 'changer password one');
    expect(started.status).toBe(200);
    const proof = opaque.client.finishLogin({
      keyStretching: testKeyStretching(),
      clientLoginState: login.clientLoginState,
      loginResponse: started.json.login_response as string,
      password: 'changer password one',
    })!;
    const registration = opaque.client.startRegistration({ password: 'changer password two' });
    const verified = await postJson(
      `${server.adminUrl}/admin/password/change/verify`,
      {
        login_id: started.json.login_id,
        finish_login_request: proof.finishLoginRequest,
        registration_request: registration.registrationRequest,
      },
      headers(fresh),
    );
    expect(verified.status).toBe(200);
    const { registrationRecord } = opaque.client.finishRegistration({
      keyStretching: testKeyStretching(),
      clientRegistrationState: registration.clientRegistrationState,
      registrationResponse: verified.json.registration_response as string,
      password: 'changer password two',
    });
    const finished = await postJson(
      `${server.adminUrl}/admin/password/change/finish`,
      { registration_id: verified.json.registration_id, registration_record: registrationRecord },
      headers(fresh),
    );
    expect(finished.json).toMatchObject({ changed: true });
    // The other session ended; the new password signs in, the old one no longer does.
    expect((await adminFetch(server, other, 'GET', '/admin/settings')).status).toBe(401);
    await expect(adminSignIn(server, email, 'changer password one')).rejects.toThrow();
    expect((await adminSignIn(server, email, 'changer password two')).id).toBeTruthy();
    const [entry] = await server.context.audit.list({ action: 'admin.password_changed' }, 1);
    expect(entry).toMatchObject({ actorType: 'admin', outcome: 'success' });
  });

  it('never removes or demotes the last write admin', async () => {
    const removed = await adminFetch(server, writer, 'DELETE', `/admin/admin-users/${writer.id}`);
    expect(removed.status).toBe(409);
    expect(
      (await adminFetch(server, writer, 'PUT', `/admin/admin-users/${writer.id}/role`, { role: 'read' }))
        .status,
    ).toBe(409);
  });
});

describe('audit log', () => {
  it('records admin actions, filters and pages them, and exports CSV and JSON lines without secrets', async () => {
    const created = await adminFetch(server, writer, 'POST', '/admin/clients', {
      name: '=HYPERLINK("https://evil.example")',
      type: 'confidential',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      scopes: [{ scope: 'x', description: 'x' }],
    });
    const secret = created.json.client_secret as string;
    const rotated = (
      await adminFetch(
        server,
        writer,
        'POST',
        `/admin/clients/${(created.json.client as { client_id: string }).client_id}/secret`,
      )
    ).json.client_secret as string;

    const page = await adminFetch(server, reader, 'GET', '/admin/audit?action=client.created&limit=1');
    expect((page.json.events as unknown[]).length).toBe(1);
    expect(page.json.next_before).not.toBeNull();
    const next = await adminFetch(
      server,
      reader,
      'GET',
      `/admin/audit?action=client.created&limit=1&before=${page.json.next_before}`,
    );
    expect((next.json.events as { id: number }[])[0]!.id).toBeLessThan(page.json.next_before as number);
    const failures = await adminFetch(server, reader, 'GET', '/admin/audit?outcome=failure');
    expect(
      (failures.json.events as { outcome: string }[]).every((event) => event.outcome === 'failure'),
    ).toBe(true);

    const csv = await adminFetch(server, reader, 'GET', '/admin/audit/export?format=csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.text.split('\r\n')[0]).toBe(
      'id,at,action,outcome,actor_type,actor_id,target_type,target_id,ip_address,user_agent,details',
    );
    expect(csv.text).toContain('client.secret_rotated');
    // A cell that would start a formula is neutralized.
    expect(csv.text).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const jsonl = await adminFetch(server, reader, 'GET', '/admin/audit/export?format=jsonl');
    const lines = jsonl.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { action: string });
    expect(lines.some((line) => line.action === 'install.completed')).toBe(true);
    expect(lines.some((line) => line.action === 'admin.sign_in')).toBe(true);
    for (const exported of [csv.text, jsonl.text]) {
      for (const value of [
        secret,
        rotated,
        writerPassword,
        readerPassword,
        'smtp-Secret-123',
        writer.cookie.split('=')[1]!,
        writer.csrf,
      ]) {
        expect(exported.includes(value)).toBe(false);
      }
    }
  });
});
