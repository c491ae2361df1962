import { randomUUID } from 'node:crypto';
import {
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../crypto/jwt.js';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../testing/admin.js';
import { codeFlowTokens, introspection } from '../testing/code-flow.js';
import {
  allowHttp,
  clientSecretBasic,
  formPost,
  type RegisteredClient,
  registerClient,
  type SignedIn,
  signInUser,
} from '../testing/oauth.js';
import { startTestServer, type TestServer } from '../testing/server.js';

/**
 * Token Exchange (RFC 8693, docs/integration.md#token-exchange): oauth4webapi's generic token endpoint request as
 * the exchanging client (client_secret_basic, private_key_jwt, DPoP), the issued JWT checked with jose, and the
 * requests a client outside its policy, or holding a token it may not see, would send.
 */

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN = 'urn:ietf:params:oauth:token-type:access_token';
const ORDERS_RESOURCE = 'https://orders.example.com/api';

let server: TestServer;
let issuer: string;
let as: oauth.AuthorizationServer;
let admin: AdminSession;
let user: SignedIn;
let jwks: ReturnType<typeof createLocalJWKSet>;
/** The front end: exchanges its users' tokens for the orders API. */
let webApp: RegisteredClient;
/** The orders API: a resource server that exchanges the tokens it receives for the inventory API. */
let ordersApi: RegisteredClient;
/** The inventory API: only introspects. */
let inventoryApi: RegisteredClient;
/** Another relying party whose users' tokens the front end may not exchange. */
let otherApp: RegisteredClient;

const SCOPES = ['openid', 'profile', 'orders:read', 'orders:write', 'inventory:read'].map((scope) => ({
  scope,
  description: '',
}));

beforeAll(async () => {
  server = await startTestServer();
  issuer = server.config.baseUrl;
  as = await oauth.processDiscoveryResponse(
    new URL(issuer),
    await oauth.discoveryRequest(new URL(issuer), allowHttp),
  );
  jwks = createLocalJWKSet((await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as JSONWebKeySet);
  await server.context.settings.set('rate_limits.sign_in_per_ip_per_minute', 100_000);
  await installViaApi(server, 'root@example.com', 'admin password one');
  admin = await adminSignIn(server, 'root@example.com', 'admin password one');
  // The front end's policy is set through the admin API, as an operator does.
  const created = await adminFetch(server, admin, 'POST', '/admin/clients', {
    client_id: 'web-app',
    name: 'Web app',
    type: 'confidential',
    redirect_uris: ['https://rp.example.com/callback'],
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials', GRANT],
    scopes: SCOPES,
    token_exchange: {
      audiences: ['orders-api', ORDERS_RESOURCE],
      scopes: ['orders:read', 'inventory:read'],
    },
  });
  expect(created.status).toBe(201);
  expect((created.json.client as Record<string, unknown>).token_exchange).toEqual({
    audiences: ['orders-api', ORDERS_RESOURCE],
    scopes: ['orders:read', 'inventory:read'],
    subject_clients: [],
  });
  webApp = { clientId: 'web-app', clientSecret: created.json.client_secret as string };
  ordersApi = await registerClient(server, {
    client_id: 'orders-api',
    redirect_uris: [],
    post_logout_redirect_uris: [],
    grant_types: ['client_credentials', GRANT],
    scopes: [{ scope: 'orders:service', description: '' }],
    token_exchange: { audiences: ['inventory-api'], scopes: ['inventory:read'] },
  });
  inventoryApi = await registerClient(server, {
    client_id: 'inventory-api',
    redirect_uris: [],
    post_logout_redirect_uris: [],
    grant_types: ['client_credentials'],
    scopes: [{ scope: 'inventory:service', description: '' }],
  });
  otherApp = await registerClient(server, { scopes: SCOPES });
  user = await signInUser(server, { name: 'Ada Lovelace', email: 'ada@example.com' });
});

afterAll(async () => {
  await server?.close();
});

/** A user's access token of `client` (a code flow through the signed-in browser) and its refresh token. */
function userTokens(client: RegisteredClient, scope = 'openid orders:read orders:write inventory:read') {
  return codeFlowTokens(server, user, client, { scope });
}

/** The token exchange as oauth4webapi sends it (RFC 8693 §2.1) and processes its answer. */
async function exchange(
  client: RegisteredClient | { clientId: string; auth: oauth.ClientAuth },
  parameters: Record<string, string>,
  options: { DPoP?: oauth.DPoPHandle } = {},
) {
  const auth = 'auth' in client ? client.auth : oauth.ClientSecretBasic(client.clientSecret!);
  return oauth.processGenericTokenEndpointResponse(
    as,
    { client_id: client.clientId },
    await oauth.genericTokenEndpointRequest(as, { client_id: client.clientId }, auth, GRANT, parameters, {
      ...allowHttp,
      ...options,
    }),
  );
}

/** A raw exchange request with the client's secret, for the refusals: status and body. */
function rawExchange(client: RegisteredClient, parameters: Record<string, string>) {
  return formPost(server, '/token', { grant_type: GRANT, ...parameters }, clientSecretBasic(client));
}

/** The issued access token verified as a resource server would (jose, the published keys, RFC 9068). */
async function verified(token: string, audience: string): Promise<JWTPayload & Record<string, unknown>> {
  const { payload, protectedHeader } = await jwtVerify(token, jwks, {
    issuer,
    audience,
    typ: 'at+jwt',
    algorithms: ['ES256'],
  });
  expect(protectedHeader.typ).toBe('at+jwt');
  return payload as JWTPayload & Record<string, unknown>;
}

function oauthClient(clientId: string): oauth.Client {
  return { client_id: clientId };
}

function subject(token: string): Record<string, string> {
  return { subject_token: token, subject_token_type: ACCESS_TOKEN };
}

describe('token exchange with oauth4webapi as the exchanging client', () => {
  it('is advertised in discovery', () => {
    expect(as.grant_types_supported).toContain(GRANT);
  });

  it('exchanges a user token for a narrower one for the orders API: audience, scope, no refresh token', async () => {
    const tokens = await userTokens(webApp);
    const original = await verified(tokens.access_token, 'web-app');
    const issued = await exchange(webApp, {
      ...subject(tokens.access_token),
      audience: 'orders-api',
      scope: 'orders:read',
    });
    expect(issued.issued_token_type).toBe(ACCESS_TOKEN);
    expect(issued.token_type).toBe('bearer');
    expect(issued.scope).toBe('orders:read');
    expect(issued.refresh_token).toBeUndefined();
    expect(issued.id_token).toBeUndefined();
    const claims = await verified(issued.access_token, 'orders-api');
    expect(claims).toMatchObject({
      sub: user.user.id,
      aud: 'orders-api',
      client_id: 'web-app',
      azp: 'web-app',
      scope: 'orders:read',
    });
    expect(claims.act).toBeUndefined();
    expect(claims.cnf).toBeUndefined();
    expect(claims.exp!).toBeLessThanOrEqual(original.exp!);
    // The original token is not valid for the orders API.
    await expect(verified(tokens.access_token, 'orders-api')).rejects.toThrow(/aud/);
    // The audience introspects it (RFC 7662), a stranger does not see it.
    const described = await introspection(server, ordersApi, issued.access_token);
    expect(described).toMatchObject({
      active: true,
      aud: 'orders-api',
      client_id: 'web-app',
      sub: user.user.id,
      scope: 'orders:read',
    });
    expect(described.act).toBeUndefined();
    expect(await introspection(server, otherApp, issued.access_token)).toEqual({ active: false });
  });

  it('an exchanged token is the downstream API’s: /userinfo refuses it, though it carries openid', async () => {
    const reader = await registerClient(server, {
      grant_types: ['authorization_code', GRANT],
      scopes: SCOPES,
      token_exchange: { audiences: ['orders-api'], scopes: ['openid', 'profile', 'orders:read'] },
    });
    const tokens = await codeFlowTokens(server, user, reader, { scope: 'openid profile orders:read' });
    const issued = await exchange(reader, {
      ...subject(tokens.access_token),
      audience: 'orders-api',
      scope: 'openid profile',
    });
    expect(issued.scope).toBe('openid profile');
    const userinfo = (token: string) =>
      fetch(`${issuer}/userinfo`, { headers: { authorization: `Bearer ${token}` } });
    const own = await userinfo(tokens.access_token);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { name?: string }).name).toBe('Ada Lovelace');
    const exchanged = await userinfo(issued.access_token);
    expect(exchanged.status).toBe(401);
    expect(exchanged.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
  });

  it('takes an RFC 8707 resource, and passes on only the scopes of the policy when none is asked for', async () => {
    const tokens = await userTokens(webApp);
    const issued = await exchange(webApp, { ...subject(tokens.access_token), resource: ORDERS_RESOURCE });
    expect(issued.scope).toBe('orders:read inventory:read');
    const claims = await verified(issued.access_token, ORDERS_RESOURCE);
    expect(claims.aud).toBe(ORDERS_RESOURCE);
    expect(claims.scope).toBe('orders:read inventory:read');
  });

  it('records delegation in act, nested along a chain of exchanges (RFC 8693 §4.1)', async () => {
    const tokens = await userTokens(webApp);
    const webAppSelf = await oauth.processClientCredentialsResponse(
      as,
      { client_id: 'web-app' },
      await oauth.clientCredentialsGrantRequest(
        as,
        { client_id: 'web-app' },
        oauth.ClientSecretBasic(webApp.clientSecret!),
        {},
        allowHttp,
      ),
    );
    const first = await exchange(webApp, {
      ...subject(tokens.access_token),
      actor_token: webAppSelf.access_token,
      actor_token_type: ACCESS_TOKEN,
      audience: 'orders-api',
    });
    expect((await verified(first.access_token, 'orders-api')).act).toEqual({
      sub: 'web-app',
      client_id: 'web-app',
    });
    // The orders API calls the inventory API for the user, acting with its own client-credentials token.
    const ordersSelf = await oauth.processClientCredentialsResponse(
      as,
      { client_id: 'orders-api' },
      await oauth.clientCredentialsGrantRequest(
        as,
        { client_id: 'orders-api' },
        oauth.ClientSecretBasic(ordersApi.clientSecret!),
        {},
        allowHttp,
      ),
    );
    const second = await exchange(ordersApi, {
      ...subject(first.access_token),
      actor_token: ordersSelf.access_token,
      actor_token_type: ACCESS_TOKEN,
      audience: 'inventory-api',
      scope: 'inventory:read',
    });
    const claims = await verified(second.access_token, 'inventory-api');
    expect(claims).toMatchObject({ sub: user.user.id, client_id: 'orders-api', scope: 'inventory:read' });
    expect(claims.act).toEqual({
      sub: 'orders-api',
      client_id: 'orders-api',
      act: { sub: 'web-app', client_id: 'web-app' },
    });
    const described = await introspection(server, inventoryApi, second.access_token);
    expect(described).toMatchObject({ active: true, aud: 'inventory-api', act: claims.act });
    // Without an actor token it is impersonation: no new actor, the earlier delegation kept.
    const impersonated = await exchange(ordersApi, {
      ...subject(first.access_token),
      audience: 'inventory-api',
    });
    expect((await verified(impersonated.access_token, 'inventory-api')).act).toEqual({
      sub: 'web-app',
      client_id: 'web-app',
    });
  });

  it('an exchanged token is exchanged again only narrower: wider scopes are refused', async () => {
    const tokens = await userTokens(webApp);
    const first = await exchange(webApp, {
      ...subject(tokens.access_token),
      audience: 'orders-api',
      scope: 'orders:read',
    });
    // inventory:read is in the orders API's policy but not in the token it holds.
    const wider = await rawExchange(ordersApi, {
      ...subject(first.access_token),
      audience: 'inventory-api',
      scope: 'inventory:read',
    });
    expect(wider.status).toBe(400);
    expect(wider.json.error).toBe('invalid_scope');
    // Nothing of the subject token passes the orders API's policy either.
    const defaulted = await rawExchange(ordersApi, {
      ...subject(first.access_token),
      audience: 'inventory-api',
    });
    expect(defaulted.json.error).toBe('invalid_scope');
  });

  it('authenticates with private_key_jwt and binds the issued token to the DPoP key (cnf.jkt)', async () => {
    const signing = await generateKeyPair('ES256', { extractable: true });
    const kid = randomUUID();
    const publicJwk: JWK = { ...(await exportJWK(signing.publicKey)), kid, alg: 'ES256', use: 'sig' };
    // A reporting service, allowed to exchange the front end's users' tokens by name.
    const reports = await registerClient(server, {
      client_id: 'reports-svc',
      redirect_uris: [],
      post_logout_redirect_uris: [],
      grant_types: [GRANT],
      scopes: [],
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [publicJwk as Record<string, unknown>] },
      token_exchange: { audiences: ['orders-api'], scopes: ['orders:read'], subject_clients: ['web-app'] },
    });
    expect(reports.clientSecret).toBeNull();
    const client = { clientId: 'reports-svc', auth: oauth.PrivateKeyJwt({ key: signing.privateKey, kid }) };
    const tokens = await userTokens(webApp);
    const dpopKeys = await oauth.generateKeyPair('ES256');
    const dpop = oauth.DPoP(oauthClient('reports-svc'), dpopKeys);
    const request = () =>
      exchange(client, { ...subject(tokens.access_token), audience: 'orders-api' }, { DPoP: dpop });
    let issued: oauth.TokenEndpointResponse;
    try {
      issued = await request();
    } catch (error) {
      if (!oauth.isDPoPNonceError(error)) throw error;
      issued = await request();
    }
    expect(issued.token_type).toBe('dpop');
    const claims = await verified(issued.access_token, 'orders-api');
    const jkt = await calculateJwkThumbprint(await exportJWK(dpopKeys.publicKey));
    expect(claims).toMatchObject({ sub: user.user.id, client_id: 'reports-svc', cnf: { jkt } });
    expect(await introspection(server, ordersApi, issued.access_token)).toMatchObject({
      active: true,
      token_type: 'DPoP',
      cnf: { jkt },
    });

    // A DPoP-bound subject token is exchanged only with a proof of its key (RFC 9449 §6.1).
    const orders = await registerClient(server, {
      client_id: 'orders-batch',
      redirect_uris: [],
      post_logout_redirect_uris: [],
      grant_types: [GRANT],
      scopes: [],
      token_exchange: {
        audiences: ['inventory-api'],
        scopes: ['orders:read'],
        subject_clients: ['reports-svc'],
      },
    });
    const unproven = await rawExchange(orders, {
      ...subject(issued.access_token),
      audience: 'inventory-api',
    });
    expect(unproven.status).toBe(400);
    expect(unproven.json).toMatchObject({ error: 'invalid_request' });
    expect(unproven.json.error_description).toMatch(/DPoP/);
    const otherKey = oauth.DPoP(oauthClient('orders-batch'), await oauth.generateKeyPair('ES256'));
    const otherProof = async () =>
      exchange(orders, { ...subject(issued.access_token), audience: 'inventory-api' }, { DPoP: otherKey });
    await expect(
      otherProof().catch((error: unknown) =>
        oauth.isDPoPNonceError(error) ? otherProof() : Promise.reject(error),
      ),
    ).rejects.toMatchObject({ error: 'invalid_request' });
    const sameKey = oauth.DPoP(oauthClient('orders-batch'), dpopKeys);
    const sameProof = async () =>
      exchange(orders, { ...subject(issued.access_token), audience: 'inventory-api' }, { DPoP: sameKey });
    const rebound = await sameProof().catch((error: unknown) =>
      oauth.isDPoPNonceError(error) ? sameProof() : Promise.reject(error),
    );
    expect((await verified(rebound.access_token, 'inventory-api')).cnf).toEqual({ jkt });
  });

  it('is audited: the exchange with who, for whom and what, never the tokens', async () => {
    const tokens = await userTokens(webApp);
    const issued = await exchange(webApp, { ...subject(tokens.access_token), audience: 'orders-api' });
    const claims = await verified(issued.access_token, 'orders-api');
    const [entry] = await server.context.audit.list({ action: 'oauth.token_exchanged', actor: 'web-app' }, 1);
    expect(entry).toMatchObject({
      outcome: 'success',
      actorId: 'web-app',
      targetId: user.user.id,
      details: {
        audience: ['orders-api'],
        scope: 'orders:read inventory:read',
        subject_client_id: 'web-app',
        jti: claims.jti,
      },
    });
    expect(JSON.stringify(entry)).not.toContain(tokens.access_token);
    expect(JSON.stringify(entry)).not.toContain(issued.access_token);
  });
});

describe('token exchange refusals', () => {
  it('refuses an audience or resource the client may not request with invalid_target', async () => {
    const tokens = await userTokens(webApp);
    const targets: Record<string, string>[] = [
      { audience: 'inventory-api' },
      { resource: 'https://evil.example.com/api' },
      { resource: `${ORDERS_RESOURCE}#fragment` },
      { resource: 'orders-api' },
      { audience: 'orders-api', resource: 'https://payments.example.com/' },
      {},
    ];
    for (const target of targets) {
      const refused = await rawExchange(webApp, { ...subject(tokens.access_token), ...target });
      expect(refused.status, JSON.stringify(target)).toBe(400);
      expect(refused.json.error, JSON.stringify(target)).toBe('invalid_target');
    }
    // The library surfaces the same error.
    await expect(
      exchange(webApp, { ...subject(tokens.access_token), audience: 'inventory-api' }),
    ).rejects.toMatchObject({ error: 'invalid_target' });
  });

  it('refuses a subject token issued to another client', async () => {
    const tokens = await userTokens(otherApp);
    const refused = await rawExchange(webApp, { ...subject(tokens.access_token), audience: 'orders-api' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'invalid_request' });
    expect(refused.json.error_description).toMatch(/not issued to this client/);
  });

  it('refuses an expired subject token', async () => {
    const tokens = await userTokens(webApp);
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    // The same token, signed by the server's own key, but expired a minute ago.
    const expired = signJwt(
      { ...claims, iat: now - 600, exp: now - 60 },
      server.context.signingKeys.currentKey('ES256'),
      'at+jwt',
    );
    const refused = await rawExchange(webApp, { ...subject(expired), audience: 'orders-api' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'invalid_request' });
    // The same claims unexpired are accepted: it is the expiry that was refused.
    const fresh = signJwt(
      { ...claims, iat: now, exp: now + 60 },
      server.context.signingKeys.currentKey('ES256'),
      'at+jwt',
    );
    expect((await rawExchange(webApp, { ...subject(fresh), audience: 'orders-api' })).status).toBe(200);
  });

  it('refuses a subject token whose grant was revoked, and revocation ends the exchanged tokens too', async () => {
    const tokens = await userTokens(webApp);
    const issued = await exchange(webApp, { ...subject(tokens.access_token), audience: 'orders-api' });
    expect((await introspection(server, ordersApi, issued.access_token)).active).toBe(true);
    const revoked = await formPost(
      server,
      '/revoke',
      { token: tokens.refresh_token, token_type_hint: 'refresh_token' },
      clientSecretBasic(webApp),
    );
    expect(revoked.status).toBe(200);
    const refused = await rawExchange(webApp, { ...subject(tokens.access_token), audience: 'orders-api' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'invalid_request' });
    expect(refused.json.error_description).toMatch(/revoked/);
    expect(await introspection(server, ordersApi, issued.access_token)).toEqual({ active: false });
    // An exchanged token of that grant cannot be exchanged further either.
    const chained = await rawExchange(ordersApi, {
      ...subject(issued.access_token),
      audience: 'inventory-api',
    });
    expect(chained.json.error).toBe('invalid_request');
  });

  it('refuses a subject token of a user who is no longer active', async () => {
    const other = await signInUser(server, { email: 'grace@example.com', name: 'Grace Hopper' });
    const tokens = await codeFlowTokens(server, other, webApp, { scope: 'openid orders:read' });
    await server.context.accounts.users.setStatus(other.user.id, 'disabled');
    const refused = await rawExchange(webApp, { ...subject(tokens.access_token), audience: 'orders-api' });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'invalid_request' });
  });

  it('refuses scopes wider than the subject token or the policy with invalid_scope', async () => {
    const tokens = await userTokens(webApp, 'openid orders:read orders:write');
    for (const scope of ['inventory:read', 'orders:write', 'orders:read admin']) {
      const refused = await rawExchange(webApp, {
        ...subject(tokens.access_token),
        audience: 'orders-api',
        scope,
      });
      expect(refused.status, scope).toBe(400);
      expect(refused.json.error, scope).toBe('invalid_scope');
    }
  });

  it('refuses a public client, and a confidential client without the grant', async () => {
    const tokens = await userTokens(webApp);
    const publicClient = await registerClient(server, { type: 'public' });
    const asPublic = await formPost(server, '/token', {
      grant_type: GRANT,
      client_id: publicClient.clientId,
      ...subject(tokens.access_token),
      audience: 'orders-api',
    });
    expect(asPublic.status).toBe(400);
    expect(asPublic.json.error).toBe('unauthorized_client');
    const withoutGrant = await rawExchange(otherApp, {
      ...subject(tokens.access_token),
      audience: 'orders-api',
    });
    expect(withoutGrant.json.error).toBe('unauthorized_client');
    // A public client cannot be registered for the grant at all.
    await expect(
      server.context.clients.registry.create({
        name: 'SPA',
        type: 'public',
        redirect_uris: ['https://spa.example.com/cb'],
        grant_types: ['authorization_code', GRANT],
        token_exchange: { audiences: ['orders-api'], scopes: ['orders:read'] },
      }),
    ).rejects.toThrow(/confidential/);
  });

  it('refuses a refresh token, an ID token or a client-credentials token as subject_token', async () => {
    const tokens = await userTokens(webApp);
    const idTokenResponse = await formPost(
      server,
      '/token',
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
      clientSecretBasic(webApp),
    );
    const idToken = idTokenResponse.json.id_token as string;
    expect(typeof idToken).toBe('string');
    const own = await formPost(
      server,
      '/token',
      { grant_type: 'client_credentials' },
      clientSecretBasic(webApp),
    );
    for (const token of [
      idTokenResponse.json.refresh_token as string,
      idToken,
      own.json.access_token as string,
    ]) {
      const refused = await rawExchange(webApp, { ...subject(token), audience: 'orders-api' });
      expect(refused.status).toBe(400);
      expect(refused.json.error).toBe('invalid_request');
    }
  });

  it('refuses other or missing token types, and an unusable actor token', async () => {
    const tokens = await userTokens(webApp);
    const otherTokens = await userTokens(otherApp);
    const refusals: Record<string, string>[] = [
      { subject_token: tokens.access_token, subject_token_type: 'urn:ietf:params:oauth:token-type:id_token' },
      { subject_token: tokens.access_token, subject_token_type: 'urn:ietf:params:oauth:token-type:jwt' },
      { subject_token: tokens.access_token },
      { subject_token_type: ACCESS_TOKEN },
      {
        ...subject(tokens.access_token),
        requested_token_type: 'urn:ietf:params:oauth:token-type:refresh_token',
      },
      // An actor token needs its type (RFC 8693 §2.1), and must be an access token of the exchanging client.
      { ...subject(tokens.access_token), actor_token: tokens.access_token },
      { ...subject(tokens.access_token), actor_token_type: ACCESS_TOKEN },
      {
        ...subject(tokens.access_token),
        actor_token: otherTokens.access_token,
        actor_token_type: ACCESS_TOKEN,
      },
      { ...subject(tokens.access_token), actor_token: 'not-a-token', actor_token_type: ACCESS_TOKEN },
    ];
    for (const parameters of refusals) {
      const refused = await rawExchange(webApp, { ...parameters, audience: 'orders-api' });
      expect(refused.status, JSON.stringify(Object.keys(parameters))).toBe(400);
      expect(refused.json.error, JSON.stringify(Object.keys(parameters))).toBe('invalid_request');
    }
    // Refusals are audited as failed token requests.
    const [failure] = await server.context.audit.list({ action: 'oauth.token', outcome: 'failure' }, 1);
    expect(failure?.details).toMatchObject({ grant_type: GRANT, error: 'invalid_request' });
  });
});

describe('token exchange policy', () => {
  it('is required with the grant, refused without it, and checked by the admin API', async () => {
    const base = {
      name: 'Service',
      type: 'confidential',
      redirect_uris: [],
      grant_types: [GRANT],
    };
    const withoutPolicy = await adminFetch(server, admin, 'POST', '/admin/clients', base);
    expect(withoutPolicy.status).toBe(400);
    expect(withoutPolicy.json.error).toBe('invalid_client_metadata');
    const withoutGrant = await adminFetch(server, admin, 'POST', '/admin/clients', {
      ...base,
      grant_types: ['client_credentials'],
      token_exchange: { audiences: ['orders-api'], scopes: [] },
    });
    expect(withoutGrant.status).toBe(400);
    expect(withoutGrant.json.error).toBe('invalid_client_metadata');
    const noAudience = await adminFetch(server, admin, 'POST', '/admin/clients', {
      ...base,
      token_exchange: { audiences: [], scopes: ['orders:read'] },
    });
    expect(noAudience.status).toBe(400);
    const created = await adminFetch(server, admin, 'POST', '/admin/clients', {
      ...base,
      token_exchange: { audiences: ['orders-api'], scopes: ['orders:read'], subject_clients: ['web-app'] },
    });
    expect(created.status).toBe(201);
    const id = (created.json.client as { client_id: string }).client_id;
    // Narrowed by an update: the next exchange follows the new policy.
    const updated = await adminFetch(server, admin, 'PUT', `/admin/clients/${id}`, {
      ...base,
      token_exchange: { audiences: ['inventory-api'], scopes: ['orders:read'], subject_clients: ['web-app'] },
    });
    expect(updated.status).toBe(200);
    const service = { clientId: id, clientSecret: created.json.client_secret as string };
    const tokens = await userTokens(webApp);
    expect(
      (await rawExchange(service, { ...subject(tokens.access_token), audience: 'orders-api' })).json.error,
    ).toBe('invalid_target');
    const issued = await rawExchange(service, { ...subject(tokens.access_token), audience: 'inventory-api' });
    expect(issued.status).toBe(200);
    expect(issued.json).toMatchObject({ issued_token_type: ACCESS_TOKEN, scope: 'orders:read' });
  });
  it('cannot be taken by Dynamic Client Registration; an admin-set policy survives the registrant’s update', async () => {
    const issued = await adminFetch(server, admin, 'POST', '/admin/initial-access-tokens', {
      description: 'partner',
    });
    expect(issued.status).toBe(201);
    const json = async (method: string, path: string, token: string, body: unknown) => {
      const response = await fetch(`${issuer}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    };
    const metadata = {
      client_name: 'Partner service',
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['client_credentials', GRANT],
    };
    const refused = await json('POST', '/register', issued.json.token as string, metadata);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('invalid_client_metadata');
    expect(refused.json.error_description).toMatch(/token_exchange/);
    const registered = await json('POST', '/register', issued.json.token as string, {
      ...metadata,
      grant_types: ['client_credentials'],
    });
    expect(registered.status).toBe(201);
    const id = registered.json.client_id as string;
    const policy = { audiences: ['orders-api'], scopes: ['orders:read'], subject_clients: [] };
    const granted = await adminFetch(server, admin, 'PUT', `/admin/clients/${id}`, {
      name: 'Partner service',
      type: 'confidential',
      redirect_uris: [],
      grant_types: ['client_credentials', GRANT],
      token_exchange: policy,
    });
    expect(granted.status).toBe(200);
    const updated = await json(
      'PUT',
      `/register/${id}`,
      registered.json.registration_access_token as string,
      {
        ...metadata,
        client_id: id,
        client_name: 'Partner service 2',
      },
    );
    expect(updated.status).toBe(200);
    expect((await server.context.clients.registry.find(id))?.tokenExchange).toEqual({
      audiences: ['orders-api'],
      scopes: ['orders:read'],
      subjectClients: [],
    });
  });
});
