/**
 * Dynamic Client Registration (RFC 7591) and its management (RFC 7592) against the running server: oauth4webapi
 * registers clients with an initial access token and runs the code flow with them, through the hosted UI's password
 * sign-in; every way in without a usable token, every metadata refusal and every cross-client use is refused.
 */
import { eq } from 'drizzle-orm';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../clients/tables.js';
import { runControlOperation } from '../control/operations.js';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import { pendingRequestId } from '../testing/code-flow.js';
import { allowHttp, browserBindingCookie, browserGet, finalize, validateIdToken } from '../testing/oauth.js';
import { loginWithPassword, registerWithPassword } from '../testing/opaque-client.js';
import { startTestServer, type TestServer } from '../testing/server.js';
import { initialAccessTokens } from './tables.js';

let server: TestServer;
let admin: AdminSession;
let as: oauth.AuthorizationServer;
const password = 'registration test password';
const email = 'dcr-user@example.com';

const LOOPBACK_REDIRECT = 'http://127.0.0.1:53682/callback';
const HTTPS_REDIRECT = 'https://rp.example.com/dcr/callback';

beforeAll(async () => {
  server = await startTestServer();
  await installViaApi(server, 'root@example.com', 'admin password one');
  await server.context.settings.set('accounts.self_registration', true);
  await server.context.settings.set('accounts.require_email_verification', false);
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await server.context.settings.set('rate_limits.sign_in_per_minute', 100_000);
  admin = await adminSignIn(server, 'root@example.com', 'admin password one');
  expect((await registerWithPassword(server, email, password)).status).toBe(200);
  const issuer = new URL(server.config.baseUrl);
  as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, allowHttp));
}, 60_000);
afterAll(async () => {
  await server?.close();
});

interface IssuedToken {
  id: string;
  token: string;
}

async function issueToken(body: Record<string, unknown> = {}): Promise<IssuedToken> {
  const issued = await adminFetch(server, admin, 'POST', '/admin/initial-access-tokens', {
    description: 'test partner',
    ...body,
  });
  expect(issued.status).toBe(201);
  return issued.json as unknown as IssuedToken;
}

interface Answer {
  status: number;
  json: Record<string, unknown>;
  headers: Headers;
}

async function call(method: string, path: string, token: string | null, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.publicUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : {}, headers: response.headers };
}

const register = (metadata: unknown, token: string | null) => call('POST', '/register', token, metadata);

const PUBLIC_CLIENT = {
  client_name: 'Native CLI',
  redirect_uris: [LOOPBACK_REDIRECT],
  token_endpoint_auth_method: 'none',
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  scope: 'openid email offline_access',
};

function expectRefused(answer: Answer, status: number, error: string): void {
  expect({ status: answer.status, error: answer.json.error }).toEqual({ status, error });
  expect(answer.json.error_description).toEqual(expect.any(String));
}

function expectInvalidToken(answer: Answer): void {
  expectRefused(answer, 401, 'invalid_token');
  expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer realm="tessera"/);
}

async function clientCount(): Promise<number> {
  return (await server.database.db.select({ id: clients.id }).from(clients)).length;
}

async function tokenUses(id: string): Promise<number> {
  const [row] = await server.database.db
    .select({ uses: initialAccessTokens.uses })
    .from(initialAccessTokens)
    .where(eq(initialAccessTokens.id, id));
  return row!.uses;
}

/**
 * The code flow with PKCE as oauth4webapi runs it, the user signing in through the hosted UI's password sign-in
 * (OPAQUE) that names the pending request and approving on the consent step; returns the validated tokens.
 */
async function codeFlow(client: oauth.Client, auth: oauth.ClientAuth, redirectUri: string) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: client.client_id,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const browser = browserBindingCookie();
  const parked = await browserGet(url.href, browser);
  const requestId = pendingRequestId(server, parked.location);
  const login = await loginWithPassword(server, email, password, {
    cookie: browser,
    finishFields: { request_id: requestId },
  });
  expect(login.finish?.status).toBe(200);
  // First use of this client: consent is still owed, so the request waits for the consent step.
  expect(login.finish!.json.authorization).toBeNull();
  const approved = await finalize(
    server,
    { cookie: `${login.cookie!}; ${browser}`, csrfToken: login.finish!.json.csrf_token as string },
    { request_id: requestId, decision: 'approve' },
  );
  expect(approved.status).toBe(200);
  const callback = new URL(approved.json.redirect_uri as string);
  expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
  const parameters = oauth.validateAuthResponse(as, client, callback, state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    parameters,
    redirectUri,
    verifier,
    allowHttp,
  );
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: nonce,
    requireIdToken: true,
  });
  const claims = await validateIdToken(server, tokens.id_token!, {
    clientId: client.client_id,
    nonce,
    accessToken: tokens.access_token,
  });
  return { tokens, claims };
}

describe('registration with an initial access token, then the code flow (oauth4webapi)', () => {
  it('advertises the registration endpoint', () => {
    expect(as.registration_endpoint).toBe(`${server.config.baseUrl}/register`);
  });

  it('registers a public native client and signs a user in with it (PKCE)', async () => {
    const issued = await issueToken({ max_uses: 5 });
    const response = await oauth.dynamicClientRegistrationRequest(as, PUBLIC_CLIENT, {
      initialAccessToken: issued.token,
      ...allowHttp,
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const registered = await oauth.processDynamicClientRegistrationResponse(response);
    expect(registered).toMatchObject({
      client_name: 'Native CLI',
      redirect_uris: [LOOPBACK_REDIRECT],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'openid email offline_access',
      registration_client_uri: `${server.config.baseUrl}/register/${registered.client_id}`,
    });
    expect(registered.client_secret).toBeUndefined();
    expect(registered.registration_access_token).toMatch(/^tessera_rat_/);
    const issuedAt = registered.client_id_issued_at as number;
    expect(Math.abs(issuedAt - Date.now() / 1000)).toBeLessThan(60);

    const { tokens, claims } = await codeFlow(
      { client_id: registered.client_id, token_endpoint_auth_method: 'none' },
      oauth.None(),
      LOOPBACK_REDIRECT,
    );
    expect(claims.email).toBe(email);
    expect(tokens.refresh_token).toEqual(expect.any(String));
    expect(await tokenUses(issued.id)).toBe(1);

    // The admin sees how it was registered, and by which token; it is off the users' apps dashboard.
    const registration = await adminFetch(
      server,
      admin,
      'GET',
      `/admin/clients/${registered.client_id}/registration`,
    );
    expect(registration.status).toBe(200);
    expect(registration.json).toMatchObject({
      dynamically_registered: true,
      registration: {
        client_id: registered.client_id,
        method: 'initial_access_token',
        initial_access_token: { id: issued.id, description: 'test partner' },
      },
    });
    const view = await adminFetch(server, admin, 'GET', `/admin/clients/${registered.client_id}`);
    expect(view.json).toMatchObject({ type: 'public', first_party: false, show_on_dashboard: false });
    const audited = await server.context.audit.list(
      { action: 'client.registered', target: registered.client_id },
      10,
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]!.details.authorized_by).toBe(issued.id);
  });

  it('registers a confidential web client: its secret once, never expiring, and the code flow with Basic', async () => {
    const issued = await issueToken();
    const registered = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        {
          client_name: 'Web app',
          redirect_uris: [HTTPS_REDIRECT],
          token_endpoint_auth_method: 'client_secret_basic',
        },
        { initialAccessToken: issued.token, ...allowHttp },
      ),
    );
    expect(registered.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(registered.client_secret_expires_at).toBe(0);
    expect(registered.grant_types).toEqual(['authorization_code']);
    const { claims } = await codeFlow(
      { client_id: registered.client_id },
      oauth.ClientSecretBasic(registered.client_secret as string),
      HTTPS_REDIRECT,
    );
    expect(claims.aud).toBe(registered.client_id);
    // Read back, the secret is not shown again.
    const read = await call(
      'GET',
      `/register/${registered.client_id}`,
      registered.registration_access_token as string,
    );
    expect(read.status).toBe(200);
    expect(read.json.client_secret).toBeUndefined();
  });

  it('admin-created clients have no registration', async () => {
    const created = await adminFetch(server, admin, 'POST', '/admin/clients', {
      name: 'Admin made',
      type: 'public',
      redirect_uris: [LOOPBACK_REDIRECT],
      grant_types: ['authorization_code'],
    });
    expect(created.status).toBe(201);
    const clientId = (created.json.client as { client_id: string }).client_id;
    const registration = await adminFetch(server, admin, 'GET', `/admin/clients/${clientId}/registration`);
    expect(registration.json).toEqual({ dynamically_registered: false, registration: null });
    const missing = await adminFetch(server, admin, 'GET', '/admin/clients/no-such-client/registration');
    expect(missing.status).toBe(404);
    // No registration access token reaches it either.
    expectInvalidToken(await call('GET', `/register/${clientId}`, 'tessera_rat_guessed'));
    expectInvalidToken(await call('DELETE', `/register/${clientId}`, 'tessera_rat_guessed'));
    expect(await server.context.clients.registry.find(clientId)).not.toBeNull();
  });
});

describe('GET /admin/client-registrations', () => {
  it('answers for the clients asked about only: those that registered themselves, and how', async () => {
    const issued = await issueToken({ description: 'asked about' });
    const registeredIds: string[] = [];
    for (const name of ['Asked one', 'Asked two', 'Not asked']) {
      const answer = await register({ ...PUBLIC_CLIENT, client_name: name }, issued.token);
      expect(answer.status).toBe(201);
      registeredIds.push(answer.json.client_id as string);
    }
    const [one, two, notAsked] = registeredIds as [string, string, string];
    const created = await adminFetch(server, admin, 'POST', '/admin/clients', {
      name: 'Made by an admin',
      type: 'public',
      redirect_uris: [LOOPBACK_REDIRECT],
      grant_types: ['authorization_code'],
    });
    const byAdmin = (created.json.client as { client_id: string }).client_id;
    const asked = async (ids: string[]) => {
      const query = new URLSearchParams(ids.map((id): [string, string] => ['client_id', id]));
      const answer = await adminFetch(server, admin, 'GET', `/admin/client-registrations?${query}`);
      expect(answer.status).toBe(200);
      // In code-unit order, as the expectations below are sorted.
      return (answer.json.registrations as { client_id: string }[]).sort((a, b) =>
        a.client_id < b.client_id ? -1 : a.client_id > b.client_id ? 1 : 0,
      );
    };

    const answered = await asked([one, byAdmin, two, 'no-such-client']);
    expect(answered.map((entry) => entry.client_id)).toEqual([one, two].sort());
    for (const entry of answered) {
      expect(entry).toMatchObject({
        method: 'initial_access_token',
        initial_access_token: { id: issued.id, description: 'asked about' },
        registered_at: expect.any(String),
      });
    }
    // One client, as the query string carries it once.
    expect((await asked([notAsked])).map((entry) => entry.client_id)).toEqual([notAsked]);
    expect(await asked([byAdmin])).toEqual([]);
    // Without client_id: every registration (one page here).
    const every = await adminFetch(server, admin, 'GET', '/admin/client-registrations');
    const everyId = (every.json.registrations as { client_id: string }[]).map((entry) => entry.client_id);
    expect(everyId).toEqual(expect.arrayContaining([one, two, notAsked]));
    expect(everyId).not.toContain(byAdmin);

    // At most a page's worth of clients (the client list's largest page) in one request.
    const tooMany = new URLSearchParams(
      Array.from({ length: 201 }, (_, n): [string, string] => ['client_id', `client-${n}`]),
    );
    const refused = await adminFetch(server, admin, 'GET', `/admin/client-registrations?${tooMany}`);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'invalid_request' });
    const most = new URLSearchParams(
      Array.from({ length: 200 }, (_, n): [string, string] => ['client_id', `client-${n}`]),
    );
    expect((await adminFetch(server, admin, 'GET', `/admin/client-registrations?${most}`)).status).toBe(200);
  });
});

describe('initial access tokens', () => {
  it('without a token, registration is refused while open registration is off (the default)', async () => {
    const before = await clientCount();
    const answer = await register(PUBLIC_CLIENT, null);
    expectRefused(answer, 401, 'invalid_token');
    expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="tessera"');
    expect(await clientCount()).toBe(before);
  });

  it('refuses an unknown token, a revoked one, an expired one and a used-up one', async () => {
    const before = await clientCount();
    expectInvalidToken(await register(PUBLIC_CLIENT, 'tessera_iat_not-a-real-token'));

    const revoked = await issueToken();
    const revocation = await adminFetch(
      server,
      admin,
      'DELETE',
      `/admin/initial-access-tokens/${revoked.id}`,
    );
    expect(revocation.status).toBe(204);
    expectInvalidToken(await register(PUBLIC_CLIENT, revoked.token));

    const expired = await issueToken({ expires_in_seconds: 60 });
    await server.database.db
      .update(initialAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(initialAccessTokens.id, expired.id));
    expectInvalidToken(await register(PUBLIC_CLIENT, expired.token));

    const once = await issueToken({ max_uses: 1 });
    expect((await register(PUBLIC_CLIENT, once.token)).status).toBe(201);
    expectInvalidToken(await register(PUBLIC_CLIENT, once.token));
    expect(await clientCount()).toBe(before + 1);

    const listed = await adminFetch(server, admin, 'GET', '/admin/initial-access-tokens');
    const statuses = Object.fromEntries(
      (listed.json.tokens as { id: string; status: string }[]).map((token) => [token.id, token.status]),
    );
    expect(statuses).toMatchObject({
      [revoked.id]: 'revoked',
      [expired.id]: 'expired',
      [once.id]: 'used_up',
    });
    // The plaintext is never listed, and issuing and revoking were audited.
    expect(JSON.stringify(listed.json)).not.toContain(once.token);
    expect(
      await server.context.audit.list({ action: 'initial_access_token.revoked', target: revoked.id }, 5),
    ).toHaveLength(1);
    expect(
      await server.context.audit.list({ action: 'initial_access_token.created', target: once.id }, 5),
    ).toHaveLength(1);
  });

  it('only a write admin issues or revokes them', async () => {
    expect(
      (await adminFetch(server, null, 'POST', '/admin/initial-access-tokens', { description: 'x' })).status,
    ).toBe(401);
    const issued = await issueToken();
    const withoutCsrf = await adminFetch(
      server,
      admin,
      'DELETE',
      `/admin/initial-access-tokens/${issued.id}`,
      undefined,
      false,
    );
    expect(withoutCsrf.status).toBe(403);
    expect((await register(PUBLIC_CLIENT, issued.token)).status).toBe(201);
  });

  it('a single-use token registers exactly one client however many requests race for it', async () => {
    const once = await issueToken({ max_uses: 1 });
    const before = await clientCount();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        register({ ...PUBLIC_CLIENT, client_name: `Racer ${index}` }, once.token),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 401, 401, 401, 401, 401, 401, 401]);
    for (const answer of answers.filter((each) => each.status === 401))
      expect(answer.json.error).toBe('invalid_token');
    expect(await clientCount()).toBe(before + 1);
    expect(await tokenUses(once.id)).toBe(1);
  });
});

describe('initial access tokens on the host (tessera initial-access-tokens)', () => {
  it('issues, lists and revokes them, audited by the system', async () => {
    const created = (await runControlOperation(server.context, 'initial-access-tokens.create', {
      description: 'from the host',
      max_uses: 2,
    })) as { id: string; token: string; max_uses: number };
    expect(created.max_uses).toBe(2);
    expect((await register(PUBLIC_CLIENT, created.token)).status).toBe(201);
    const listed = (await runControlOperation(server.context, 'initial-access-tokens.list', {})) as {
      id: string;
      status: string;
      uses: number;
    }[];
    expect(listed).toContainEqual(expect.objectContaining({ id: created.id, status: 'active', uses: 1 }));
    await runControlOperation(server.context, 'initial-access-tokens.revoke', { id: created.id });
    expectInvalidToken(await register(PUBLIC_CLIENT, created.token));
    await expect(
      runControlOperation(server.context, 'initial-access-tokens.revoke', { id: 'no-such-token' }),
    ).rejects.toThrow('no initial access token');
    const events = await server.context.audit.list({ target: created.id }, 10);
    expect(events.map((event) => [event.action, event.actorType]).sort()).toEqual([
      ['initial_access_token.created', 'system'],
      ['initial_access_token.revoked', 'system'],
    ]);
    expect(JSON.stringify(events)).not.toContain(created.token);
  });
});

describe('metadata the client registry refuses is refused with RFC 7591 codes, and nothing is used or created', () => {
  const cases: {
    name: string;
    metadata: Record<string, unknown>;
    admin: Record<string, unknown>;
    error: string;
  }[] = [
    {
      name: 'a redirect URI with a fragment',
      metadata: { ...PUBLIC_CLIENT, redirect_uris: ['https://rp.example.com/cb#frag'] },
      admin: { redirect_uris: ['https://rp.example.com/cb#frag'] },
      error: 'invalid_redirect_uri',
    },
    {
      name: 'an http redirect URI that is not loopback',
      metadata: { ...PUBLIC_CLIENT, redirect_uris: ['http://rp.example.com/cb'] },
      admin: { redirect_uris: ['http://rp.example.com/cb'] },
      error: 'invalid_redirect_uri',
    },
    {
      name: 'a javascript: redirect URI',
      metadata: { ...PUBLIC_CLIENT, redirect_uris: ['javascript:alert(1)'] },
      admin: { redirect_uris: ['javascript:alert(1)'] },
      error: 'invalid_redirect_uri',
    },
    {
      name: 'client credentials for a public client',
      metadata: { ...PUBLIC_CLIENT, grant_types: ['authorization_code', 'client_credentials'] },
      admin: { grant_types: ['authorization_code', 'client_credentials'] },
      error: 'invalid_client_metadata',
    },
    {
      name: 'refresh_token without authorization_code',
      metadata: {
        redirect_uris: [HTTPS_REDIRECT],
        grant_types: ['client_credentials', 'refresh_token'],
        response_types: [],
      },
      admin: { type: 'confidential', grant_types: ['client_credentials', 'refresh_token'] },
      error: 'invalid_client_metadata',
    },
    {
      name: 'private_key_jwt without keys',
      metadata: { redirect_uris: [HTTPS_REDIRECT], token_endpoint_auth_method: 'private_key_jwt' },
      admin: { type: 'confidential', token_endpoint_auth_method: 'private_key_jwt' },
      error: 'invalid_client_metadata',
    },
    {
      name: 'both jwks and jwks_uri',
      metadata: {
        redirect_uris: [HTTPS_REDIRECT],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: {
          keys: [
            {
              kty: 'EC',
              crv: 'P-256',
              x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
              y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
            },
          ],
        },
        jwks_uri: 'https://rp.example.com/jwks.json',
      },
      admin: {
        type: 'confidential',
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: {
          keys: [
            {
              kty: 'EC',
              crv: 'P-256',
              x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
              y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
            },
          ],
        },
        jwks_uri: 'https://rp.example.com/jwks.json',
      },
      error: 'invalid_client_metadata',
    },
    {
      name: 'an unsupported grant type',
      metadata: { ...PUBLIC_CLIENT, grant_types: ['implicit'] },
      admin: { grant_types: ['implicit'] },
      error: 'invalid_client_metadata',
    },
    {
      name: 'an http logo',
      metadata: { ...PUBLIC_CLIENT, logo_uri: 'http://cdn.example.com/logo.png' },
      admin: { logo_uri: 'http://cdn.example.com/logo.png' },
      error: 'invalid_client_metadata',
    },
  ];

  for (const { name, metadata, admin: adminInput, error } of cases) {
    it(name, async () => {
      const byAdmin = await adminFetch(server, admin, 'POST', '/admin/clients', {
        name: 'Admin attempt',
        type: 'public',
        redirect_uris: [HTTPS_REDIRECT],
        grant_types: ['authorization_code'],
        ...adminInput,
      });
      expect(byAdmin.status).toBe(400);
      const once = await issueToken({ max_uses: 1 });
      const before = await clientCount();
      expectRefused(await register(metadata, once.token), 400, error);
      expect(await clientCount()).toBe(before);
      expect(await tokenUses(once.id)).toBe(0);
    });
  }

  it('refuses what only an admin decides, and what is not metadata of the right type', async () => {
    const issued = await issueToken();
    const before = await clientCount();
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...PUBLIC_CLIENT, first_party: true }, 'invalid_client_metadata'],
      [{ ...PUBLIC_CLIENT, first_party: false }, 'invalid_client_metadata'],
      [{ ...PUBLIC_CLIENT, show_on_dashboard: true }, 'invalid_client_metadata'],
      [{ ...PUBLIC_CLIENT, scope: 'openid payments:write' }, 'invalid_client_metadata'],
      [{ ...PUBLIC_CLIENT, response_types: ['code', 'token'] }, 'invalid_client_metadata'],
      [{ ...PUBLIC_CLIENT, jwks: 'not a key set' }, 'invalid_client_metadata'],
      [{ ...PUBLIC_CLIENT, client_id: 'my-own-id' }, 'invalid_client_metadata'],
      [{ ...PUBLIC_CLIENT, software_statement: 'eyJhbGciOiJub25lIn0.e30.' }, 'invalid_software_statement'],
    ];
    for (const [metadata, error] of refusals)
      expectRefused(await register(metadata, issued.token), 400, error);
    expect(await clientCount()).toBe(before);
    expect(await tokenUses(issued.id)).toBe(0);
  });

  it('refuses zero-knowledge key delivery unless an admin allows it for registered clients', async () => {
    const issued = await issueToken();
    for (const zk of [{ zk_delivery: 'v2' }, { zk_required: true }, { zk_key_scope: 'organization' }]) {
      expectRefused(
        await register({ ...PUBLIC_CLIENT, ...zk }, issued.token),
        400,
        'invalid_client_metadata',
      );
    }
    await server.context.settings.set('client_registration.allow_zk', true);
    try {
      const allowed = await register({ ...PUBLIC_CLIENT, zk_delivery: 'v2' }, issued.token);
      expect(allowed.status).toBe(201);
      expect(allowed.json.zk_delivery).toBe('v2');
      // The registry's own ZK rules still hold.
      expectRefused(
        await register({ ...PUBLIC_CLIENT, zk_required: true }, issued.token),
        400,
        'invalid_client_metadata',
      );
    } finally {
      await server.context.settings.set('client_registration.allow_zk', false);
    }
  });
});

describe('client configuration endpoint (RFC 7592)', () => {
  async function registered(metadata: Record<string, unknown> = PUBLIC_CLIENT) {
    const answer = await register(metadata, (await issueToken()).token);
    expect(answer.status).toBe(201);
    return answer.json as { client_id: string; registration_access_token: string } & Record<string, unknown>;
  }

  it('reads with the registration access token, which each answer replaces', async () => {
    const client = await registered();
    const read = await call('GET', `/register/${client.client_id}`, client.registration_access_token);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(read.json).toMatchObject({ client_id: client.client_id, client_name: 'Native CLI' });
    const next = read.json.registration_access_token as string;
    expect(next).not.toBe(client.registration_access_token);
    expectInvalidToken(await call('GET', `/register/${client.client_id}`, client.registration_access_token));
    expect((await call('GET', `/register/${client.client_id}`, next)).status).toBe(200);
  });

  it('a token works for its own client only', async () => {
    const mine = await registered();
    const theirs = await registered();
    const path = `/register/${theirs.client_id}`;
    expectInvalidToken(await call('GET', path, mine.registration_access_token));
    expectInvalidToken(
      await call('PUT', path, mine.registration_access_token, {
        ...PUBLIC_CLIENT,
        client_id: theirs.client_id,
        client_name: 'Hijacked',
      }),
    );
    expectInvalidToken(await call('DELETE', path, mine.registration_access_token));
    expectInvalidToken(await call('GET', path, null));
    expect((await server.context.clients.registry.find(theirs.client_id))?.name).toBe('Native CLI');
    // Both tokens still work for their own clients.
    expect((await call('GET', path, theirs.registration_access_token)).status).toBe(200);
    expect((await call('GET', `/register/${mine.client_id}`, mine.registration_access_token)).status).toBe(
      200,
    );
  });

  it('updates by full replacement: what the request leaves out takes its default', async () => {
    const client = await registered({
      ...PUBLIC_CLIENT,
      post_logout_redirect_uris: ['http://127.0.0.1:53682/bye'],
    });
    const updated = await call('PUT', `/register/${client.client_id}`, client.registration_access_token, {
      client_id: client.client_id,
      client_name: 'Native CLI 2',
      redirect_uris: [LOOPBACK_REDIRECT, 'http://[::1]:53682/callback'],
      token_endpoint_auth_method: 'none',
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      client_name: 'Native CLI 2',
      redirect_uris: [LOOPBACK_REDIRECT, 'http://[::1]:53682/callback'],
      post_logout_redirect_uris: [],
      grant_types: ['authorization_code'],
      scope: 'openid profile email',
    });
    const stored = await server.context.clients.registry.find(client.client_id);
    expect(stored).toMatchObject({
      name: 'Native CLI 2',
      postLogoutRedirectUris: [],
      showOnDashboard: false,
    });
    const audited = await server.context.audit.list(
      { action: 'client.registration_updated', target: client.client_id },
      5,
    );
    expect(audited).toHaveLength(1);
    // The old token was replaced by the answer's.
    expectInvalidToken(await call('GET', `/register/${client.client_id}`, client.registration_access_token));
  });

  it('refuses an update the registry refuses, changing nothing and keeping the token', async () => {
    const client = await registered();
    const path = `/register/${client.client_id}`;
    const token = client.registration_access_token;
    const base = { ...PUBLIC_CLIENT, client_id: client.client_id };
    expectRefused(
      await call('PUT', path, token, { ...base, redirect_uris: ['https://x.example/#f'] }),
      400,
      'invalid_redirect_uri',
    );
    expectRefused(
      await call('PUT', path, token, { ...base, token_endpoint_auth_method: 'client_secret_basic' }),
      400,
      'invalid_client_metadata',
    );
    expectRefused(
      await call('PUT', path, token, { ...base, zk_delivery: 'v2' }),
      400,
      'invalid_client_metadata',
    );
    expectRefused(
      await call('PUT', path, token, { ...base, registration_access_token: token }),
      400,
      'invalid_request',
    );
    expectRefused(await call('PUT', path, token, { ...PUBLIC_CLIENT }), 400, 'invalid_request');
    expectRefused(
      await call('PUT', path, token, { ...base, client_id: 'someone-else' }),
      400,
      'invalid_request',
    );
    expect((await server.context.clients.registry.find(client.client_id))?.redirectUris).toEqual([
      LOOPBACK_REDIRECT,
    ]);
    expect((await call('GET', path, token)).status).toBe(200);
  });

  it('deletes the client (204), and its token dies with it', async () => {
    const client = await registered();
    const path = `/register/${client.client_id}`;
    const deleted = await call('DELETE', path, client.registration_access_token);
    expect(deleted.status).toBe(204);
    expect(await server.context.clients.registry.find(client.client_id)).toBeNull();
    expectInvalidToken(await call('GET', path, client.registration_access_token));
    expectInvalidToken(await call('DELETE', path, client.registration_access_token));
    expect(
      await server.context.audit.list({ action: 'client.registration_deleted', target: client.client_id }, 5),
    ).toHaveLength(1);
  });

  it('an admin deleting a registered client invalidates its registration access token', async () => {
    const client = await registered();
    expect((await adminFetch(server, admin, 'DELETE', `/admin/clients/${client.client_id}`)).status).toBe(
      204,
    );
    expectInvalidToken(await call('GET', `/register/${client.client_id}`, client.registration_access_token));
  });
});

describe('open registration', () => {
  let open: TestServer;
  const registerOpen = (metadata: unknown) =>
    fetch(`${open.publicUrl}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(metadata),
    }).then(async (response) => ({
      status: response.status,
      json: (await response.json()) as Record<string, string>,
      headers: response.headers,
    }));

  beforeAll(async () => {
    open = await startTestServer();
    await open.context.settings.set('client_registration.open', true);
    await open.context.settings.set('rate_limits.open_client_registrations_per_hour', 7);
  }, 60_000);
  afterAll(async () => {
    await open?.close();
  });

  it('accepts public clients with loopback or https redirect URIs, refuses the rest, and limits each address', async () => {
    const accepted = await registerOpen(PUBLIC_CLIENT);
    expect(accepted.status).toBe(201);
    const registration = await open.context.clientRegistration.registrations.registrationOf(
      accepted.json.client_id!,
    );
    expect(registration).toMatchObject({ method: 'open', initialAccessTokenId: null });
    expect((await registerOpen({ ...PUBLIC_CLIENT, redirect_uris: [HTTPS_REDIRECT] })).status).toBe(201);

    const confidential = await registerOpen({
      ...PUBLIC_CLIENT,
      token_endpoint_auth_method: 'client_secret_basic',
    });
    expect({ status: confidential.status, error: confidential.json.error }).toEqual({
      status: 400,
      error: 'invalid_client_metadata',
    });
    const defaulted = await registerOpen({ redirect_uris: [HTTPS_REDIRECT] });
    expect({ status: defaulted.status, error: defaulted.json.error }).toEqual({
      status: 400,
      error: 'invalid_client_metadata',
    });
    const plainHttp = await registerOpen({ ...PUBLIC_CLIENT, redirect_uris: ['http://app.example.com/cb'] });
    expect({ status: plainHttp.status, error: plainHttp.json.error }).toEqual({
      status: 400,
      error: 'invalid_redirect_uri',
    });
    const privateLogout = await registerOpen({
      ...PUBLIC_CLIENT,
      post_logout_redirect_uris: ['com.example.app:/signed-out'],
    });
    expect({ status: privateLogout.status, error: privateLogout.json.error }).toEqual({
      status: 400,
      error: 'invalid_redirect_uri',
    });
    const privateScheme = await registerOpen({
      ...PUBLIC_CLIENT,
      redirect_uris: ['com.example.app:/callback'],
    });
    expect({ status: privateScheme.status, error: privateScheme.json.error }).toEqual({
      status: 400,
      error: 'invalid_redirect_uri',
    });

    // Seven attempts so far; the eighth in the hour is refused, whatever it asks.
    const limited = await registerOpen(PUBLIC_CLIENT);
    expect(limited.status).toBe(429);
    expect(limited.json.error).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await open.context.clients.registry.list()).length).toBe(2);
  });
});
