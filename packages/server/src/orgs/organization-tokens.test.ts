import { createLocalJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basicAuthorization,
  browserGet,
  expectErrorRedirect,
  fetchJwks,
  finalize,
  formPost,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
  sameBrowser,
  signInUser,
} from '../testing/oauth.js';
import { addMember, call, createOrganization, memberIdOf } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
/** A client that requires an organization context, and one that does not. */
let orgApp: client.Configuration;
let plainApp: client.Configuration;
let orgAppCredentials: { clientId: string; clientSecret: string | null };
let acme: string;
let globex: string;
let initech: string;
let owner: SignedIn; // admin of Acme and Initech
let solo: SignedIn; // member of Acme only
let multi: SignedIn; // member of Acme, admin of Globex
let loner: SignedIn; // no organization

const SCOPES = ['openid', 'profile', 'email', 'offline_access', 'service.users:read', 'billing:read'];

async function configure(registered: { clientId: string; clientSecret: string | null }) {
  const config = await client.discovery(
    new URL(server.config.baseUrl),
    registered.clientId,
    registered.clientSecret!,
    client.ClientSecretBasic(registered.clientSecret!),
    { execute: [client.allowInsecureRequests] },
  );
  client.enableNonRepudiationChecks(config);
  return config;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.context.settings.set('orgs.users_may_create', true);
  await server.context.orgs.roles.createPermission({
    key: 'billing:read',
    description: 'Read invoices',
  });
  await server.context.orgs.roles.createRole({
    key: 'billing',
    name: 'Billing',
    permissions: ['billing:read'],
  });
  const scopes = SCOPES.map((scope) => ({ scope, description: `Allow ${scope}` }));
  orgAppCredentials = await registerClient(server, { organization_required: true, scopes });
  orgApp = await configure(orgAppCredentials);
  plainApp = await configure(await registerClient(server, { scopes }));

  owner = await signInUser(server, { email: 'owner@example.com', name: 'Owner' });
  solo = await signInUser(server, { email: 'solo@example.com', name: 'Solo' });
  multi = await signInUser(server, { email: 'multi@example.com', name: 'Multi' });
  loner = await signInUser(server, { email: 'loner@example.com', name: 'Loner' });
  acme = await createOrganization(server, owner, 'Acme', { slug: 'acme' });
  initech = await createOrganization(server, owner, 'Initech', { slug: 'initech' });
  globex = await createOrganization(server, multi, 'Globex', { slug: 'globex' });
  await addMember(server, acme, solo);
  await addMember(server, acme, multi);
});
afterAll(async () => {
  await server?.close();
});

interface Flow {
  first: { status: number; location: string | null; body: string };
  verifier: string;
  nonce: string;
  state: string;
}

async function begin(
  config: client.Configuration,
  user: SignedIn,
  parameters: Record<string, string> = {},
): Promise<Flow> {
  const verifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: RP_REDIRECT,
    scope: 'openid offline_access service.users:read billing:read',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
    ...parameters,
  });
  return { first: await browserGet(url.href, user.cookie), verifier, nonce, state };
}

const requestIdOf = (flow: Flow) =>
  new URL(flow.first.location!, server.publicUrl).searchParams.get('request_id') as string;

/** What the consent page is shown for a pending request. */
async function pendingView(flow: Flow, user: SignedIn) {
  const response = await fetch(`${server.publicUrl}/api/user/authorization-requests/${requestIdOf(flow)}`, {
    headers: { cookie: user.cookie },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    organizations: { id: string; name: string }[];
    consent_required: boolean;
    refusal: { reason: string; description: string } | null;
  };
}

async function redeem(config: client.Configuration, flow: Flow, callback: string) {
  return client.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: flow.verifier,
    expectedNonce: flow.nonce,
    expectedState: flow.state,
    idTokenExpected: true,
  });
}

/** A whole code flow: approves consent (choosing `choose` when an organization must be picked) and redeems. */
async function codeFlow(
  config: client.Configuration,
  user: SignedIn,
  options: { parameters?: Record<string, string>; choose?: string } = {},
) {
  const flow = await begin(config, user, options.parameters);
  expect(flow.first.status, flow.first.body).toBe(302);
  let callback = flow.first.location!;
  if (callback.startsWith('/ui/authorize')) {
    const approved = await finalize(server, user, {
      request_id: requestIdOf(flow),
      decision: 'approve',
      ...(options.choose ? { organization_id: options.choose } : {}),
    });
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    callback = approved.json.redirect_uri as string;
  }
  return redeem(config, flow, callback);
}

/** The access token verified as a resource server would: signature by a published key, typ at+jwt, issuer. */
async function accessClaims(token: string) {
  const { payload } = await jwtVerify(token, createLocalJWKSet(await fetchJwks(server)), {
    issuer: server.config.baseUrl,
    typ: 'at+jwt',
  });
  return payload;
}

const orgClaims = (claims: Record<string, unknown>) => ({
  org_id: claims.org_id,
  org_slug: claims.org_slug,
  roles: claims.roles,
  permissions: claims.permissions,
});

describe('organization context at /authorize', () => {
  it('a user with exactly one organization gets it automatically, in the ID token, access token and userinfo', async () => {
    const tokens = await codeFlow(orgApp, solo);
    const expected = { org_id: acme, org_slug: 'acme', roles: ['member'], permissions: [] };
    expect(orgClaims(tokens.claims()!)).toEqual(expected);
    expect(orgClaims(await accessClaims(tokens.access_token))).toEqual(expected);
    const info = await client.fetchUserInfo(orgApp, tokens.access_token, solo.user.id);
    expect(orgClaims(info)).toEqual(expected);
    const introspected = await client.tokenIntrospection(orgApp, tokens.access_token);
    expect(orgClaims(introspected)).toEqual(expected);
    // Consent is remembered and there is nothing to choose: the next authorization completes at once.
    const again = await begin(orgApp, solo);
    expect(again.first.location?.startsWith(RP_REDIRECT)).toBe(true);
  });

  it('permissions are the member’s permissions limited to the granted scopes', async () => {
    // The owner's admin role holds service.org:manage and service.users:read; only the latter was granted.
    const tokens = await codeFlow(orgApp, owner, { choose: acme });
    expect(orgClaims(tokens.claims()!)).toEqual({
      org_id: acme,
      org_slug: 'acme',
      roles: ['admin'],
      permissions: ['service.users:read'],
    });
    // Without that scope, no permission at all; the roles stay.
    const narrow = await codeFlow(orgApp, owner, {
      parameters: { scope: 'openid', organization_id: initech },
    });
    expect(orgClaims(narrow.claims()!)).toEqual({
      org_id: initech,
      org_slug: 'initech',
      roles: ['admin'],
      permissions: [],
    });
  });

  it('several organizations: the consent page offers them (never auto-completing) and the tokens carry the chosen one', async () => {
    for (const [chosen, slug, roles, permissions] of [
      [acme, 'acme', ['member'], []],
      [globex, 'globex', ['admin'], ['service.users:read']],
    ] as const) {
      const flow = await begin(orgApp, multi);
      // Even with consent remembered after the first round, the choice must be made.
      expect(flow.first.location).toMatch(/^\/ui\/authorize\?request_id=/);
      const view = await pendingView(flow, multi);
      expect(view.organizations).toEqual([
        { id: acme, name: 'Acme' },
        { id: globex, name: 'Globex' },
      ]);
      const unchosen = await finalize(server, multi, { request_id: requestIdOf(flow), decision: 'approve' });
      expect(unchosen).toMatchObject({ status: 400, json: { error: 'organization_required' } });
      const foreign = await finalize(server, multi, {
        request_id: requestIdOf(flow),
        decision: 'approve',
        organization_id: initech,
      });
      expect(foreign).toMatchObject({ status: 400, json: { error: 'invalid_organization' } });
      const approved = await finalize(server, multi, {
        request_id: requestIdOf(flow),
        decision: 'approve',
        organization_id: chosen,
      });
      expect(approved.status).toBe(200);
      const tokens = await redeem(orgApp, flow, approved.json.redirect_uri as string);
      const expected = { org_id: chosen, org_slug: slug, roles, permissions };
      expect(orgClaims(tokens.claims()!)).toEqual(expected);
      expect(orgClaims(await accessClaims(tokens.access_token))).toEqual(expected);
    }
  });

  it('organization_id chooses without asking; one the user is not in is refused', async () => {
    const hinted = await begin(orgApp, multi, { organization_id: globex });
    expect(hinted.first.location?.startsWith(RP_REDIRECT)).toBe(true);
    const tokens = await redeem(orgApp, hinted, hinted.first.location!);
    expect(tokens.claims()?.org_id).toBe(globex);

    const refused = await begin(orgApp, multi, { organization_id: initech });
    const parameters = expectErrorRedirect(server, refused.first, {
      error: 'access_denied',
      state: refused.state,
    });
    expect(parameters.get('error_description')).toContain('not a member');
    const unknown = await begin(orgApp, multi, { organization_id: 'no-such-organization' });
    expectErrorRedirect(server, unknown.first, { error: 'access_denied', state: unknown.state });

    // prompt=none: a needed choice is interaction_required; with the hint it completes silently.
    const silent = await begin(orgApp, multi, { prompt: 'none' });
    expectErrorRedirect(server, silent.first, { error: 'interaction_required', state: silent.state });
    const silentHinted = await begin(orgApp, multi, { prompt: 'none', organization_id: acme });
    expect(new URL(silentHinted.first.location!).searchParams.get('code')).toBeTruthy();

    // On the consent page the hint binds: another organization cannot be picked instead.
    const forced = await begin(orgApp, multi, { organization_id: acme, prompt: 'consent' });
    expect((await pendingView(forced, multi)).organizations).toEqual([]);
    const mismatch = await finalize(server, multi, {
      request_id: requestIdOf(forced),
      decision: 'approve',
      organization_id: globex,
    });
    expect(mismatch).toMatchObject({ status: 400, json: { error: 'organization_mismatch' } });
  });

  it('no organization: the hosted UI explains it, and its way back sends access_denied to the client', async () => {
    // Signed in: not sent straight back, but to a page of the hosted UI that says why.
    const signedIn = await begin(orgApp, loner);
    expect(signedIn.first.status).toBe(302);
    expect(signedIn.first.location).toMatch(/^\/ui\/authorize\?request_id=/);
    const view = await pendingView(signedIn, loner);
    expect(view.organizations).toEqual([]);
    expect(view.refusal?.reason).toBe('no_organization');
    expect(view.refusal?.description).toContain('not a member of any');
    // The page's button (decision "deny"): the client gets access_denied with state and iss, and the reason.
    const back = await finalize(server, loner, { request_id: requestIdOf(signedIn), decision: 'deny' });
    expect(back.status).toBe(200);
    const parameters = expectErrorRedirect(
      server,
      { status: 302, location: back.json.redirect_uri as string },
      { error: 'access_denied', state: signedIn.state },
    );
    expect(parameters.get('error_description')).toContain('not a member of any');
    // The pending request is used up: it can neither be approved nor shown again.
    const replayed = await finalize(server, loner, {
      request_id: requestIdOf(signedIn),
      decision: 'approve',
    });
    expect(replayed).toMatchObject({ status: 404, json: { error: 'request_not_found' } });
    const gone = await fetch(`${server.publicUrl}/api/user/authorization-requests/${requestIdOf(signedIn)}`, {
      headers: { cookie: loner.cookie },
    });
    expect(gone.status).toBe(404);

    // prompt=none: no page may be shown, so the error goes straight back.
    const silent = await begin(orgApp, loner, { prompt: 'none' });
    const silentParameters = expectErrorRedirect(server, silent.first, {
      error: 'access_denied',
      state: silent.state,
    });
    expect(silentParameters.get('error_description')).toContain('not a member of any');

    // Signing in during the request: the consent page learns the reason once the user is known, and approving
    // anyway sends the error back instead of a code.
    // The same browser, before it signed in: only its binding cookie.
    const anonymous = { ...loner, cookie: sameBrowser(loner.cookie) };
    const flow = await begin(orgApp, anonymous);
    // Not signed in: to the hosted UI's sign-in page first.
    expect(flow.first.location).toMatch(/^\/ui\/sign-in\?request_id=/);
    const signedInView = await pendingView(flow, loner);
    expect(signedInView.organizations).toEqual([]);
    expect(signedInView.refusal?.reason).toBe('no_organization');
    const approved = await finalize(server, loner, { request_id: requestIdOf(flow), decision: 'approve' });
    expect(approved.status).toBe(200);
    expectErrorRedirect(
      server,
      { status: 302, location: approved.json.redirect_uri as string },
      { error: 'access_denied', state: flow.state },
    );
  });

  it('a plain denial still says so, and a member is never shown a refusal', async () => {
    const flow = await begin(orgApp, multi, { prompt: 'consent', organization_id: acme });
    expect((await pendingView(flow, multi)).refusal).toBeNull();
    const denied = await finalize(server, multi, { request_id: requestIdOf(flow), decision: 'deny' });
    const parameters = expectErrorRedirect(
      server,
      { status: 302, location: denied.json.redirect_uri as string },
      { error: 'access_denied', state: flow.state },
    );
    expect(parameters.get('error_description')).toBe('the user denied the request');
  });

  it('a client that does not require one: no organization claims unless organization_id is sent', async () => {
    const plain = await codeFlow(plainApp, multi);
    const claims = plain.claims()!;
    expect(claims.org_id).toBeUndefined();
    expect(claims.roles).toBeUndefined();
    expect((await accessClaims(plain.access_token)).org_id).toBeUndefined();
    expect(await client.fetchUserInfo(plainApp, plain.access_token, multi.user.id)).toEqual({
      sub: multi.user.id,
    });

    const hinted = await codeFlow(plainApp, multi, { parameters: { organization_id: acme } });
    expect(orgClaims(hinted.claims()!)).toMatchObject({ org_id: acme, roles: ['member'] });
    const loners = await begin(plainApp, loner, { organization_id: acme });
    expectErrorRedirect(server, loners.first, { error: 'access_denied', state: loners.state });
  });
});

describe('organization context across refreshes', () => {
  it('a role change shows at the next refresh, and a removed role disappears', async () => {
    const member = await signInUser(server, { email: 'refresh-roles@example.com' });
    const memberId = await addMember(server, acme, member);
    const tokens = await codeFlow(orgApp, member);
    expect(orgClaims(tokens.claims()!)).toMatchObject({ roles: ['member'], permissions: [] });

    const rolesPath = `/organizations/${acme}/members/${memberId}/roles`;
    expect((await call(server, owner, 'POST', rolesPath, { role: 'billing' })).status).toBe(200);
    const promoted = await client.refreshTokenGrant(orgApp, tokens.refresh_token!);
    const expected = {
      org_id: acme,
      org_slug: 'acme',
      roles: ['billing', 'member'],
      permissions: ['billing:read'],
    };
    expect(orgClaims(promoted.claims()!)).toEqual(expected);
    expect(orgClaims(await accessClaims(promoted.access_token))).toEqual(expected);

    // A narrower scope at refresh narrows the permissions too (RFC 6749 §6).
    const narrowed = await client.refreshTokenGrant(orgApp, promoted.refresh_token!, { scope: 'openid' });
    expect(orgClaims(await accessClaims(narrowed.access_token))).toMatchObject({ permissions: [] });

    expect((await call(server, owner, 'DELETE', `${rolesPath}/billing`)).status).toBe(200);
    const demoted = await client.refreshTokenGrant(orgApp, narrowed.refresh_token!);
    expect(orgClaims(demoted.claims()!)).toEqual({ ...expected, roles: ['member'], permissions: [] });
  });

  it('a removed member’s refresh fails and the access token is no longer active', async () => {
    const member = await signInUser(server, { email: 'removed@example.com' });
    const memberId = await addMember(server, acme, member);
    const tokens = await codeFlow(orgApp, member);
    expect((await call(server, owner, 'DELETE', `/organizations/${acme}/members/${memberId}`)).status).toBe(
      204,
    );
    await expect(client.refreshTokenGrant(orgApp, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect(await client.tokenIntrospection(orgApp, tokens.access_token)).toEqual({ active: false });
    await expect(client.fetchUserInfo(orgApp, tokens.access_token, member.user.id)).rejects.toThrow();
  });

  it('a suspended member’s refresh fails; a code issued before removal cannot be redeemed', async () => {
    const member = await signInUser(server, { email: 'suspended@example.com' });
    const memberId = await addMember(server, acme, member);
    const tokens = await codeFlow(orgApp, member);
    await call(server, owner, 'PATCH', `/organizations/${acme}/members/${memberId}`, { status: 'suspended' });
    const refused = await formPost(
      server,
      '/token',
      { grant_type: 'refresh_token', refresh_token: tokens.refresh_token! },
      { authorization: basicAuthorization(orgAppCredentials.clientId, orgAppCredentials.clientSecret!) },
    );
    expect(refused).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });

    await call(server, owner, 'PATCH', `/organizations/${acme}/members/${memberId}`, { status: 'active' });
    const flow = await begin(orgApp, member);
    expect(flow.first.location?.startsWith(RP_REDIRECT)).toBe(true);
    await call(server, owner, 'DELETE', `/organizations/${acme}/members/${memberId}`);
    await expect(redeem(orgApp, flow, flow.first.location!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('a new authorization with another organization_id switches context; each refresh family keeps its own', async () => {
    const inAcme = await codeFlow(orgApp, multi, { parameters: { organization_id: acme } });
    const inGlobex = await codeFlow(orgApp, multi, { parameters: { organization_id: globex } });
    expect(inAcme.claims()?.org_id).toBe(acme);
    expect(inGlobex.claims()?.org_id).toBe(globex);
    const refreshedAcme = await client.refreshTokenGrant(orgApp, inAcme.refresh_token!);
    const refreshedGlobex = await client.refreshTokenGrant(orgApp, inGlobex.refresh_token!);
    expect(orgClaims(refreshedAcme.claims()!)).toMatchObject({
      org_id: acme,
      org_slug: 'acme',
      roles: ['member'],
    });
    expect(orgClaims(refreshedGlobex.claims()!)).toMatchObject({
      org_id: globex,
      org_slug: 'globex',
      roles: ['admin'],
    });
  });

  it('remembered consent does not pin the organization: another organization_id gets that context at once', async () => {
    const switcher = await signInUser(server, { email: 'switcher@example.com', name: 'Switcher' });
    await addMember(server, acme, switcher, ['member']);
    await addMember(server, globex, switcher, ['admin']);

    // First authorization: consent given while choosing Acme.
    const first = await codeFlow(orgApp, switcher, { choose: acme });
    const inAcme = { org_id: acme, org_slug: 'acme', roles: ['member'], permissions: [] };
    expect(orgClaims(first.claims()!)).toEqual(inAcme);

    // Asking for Globex: no consent page (consent is remembered and not tied to Acme), and Globex's claims in the
    // ID token, the access token, userinfo and introspection.
    const flow = await begin(orgApp, switcher, { organization_id: globex });
    expect(flow.first.location?.startsWith(RP_REDIRECT)).toBe(true);
    const second = await redeem(orgApp, flow, flow.first.location!);
    const inGlobex = {
      org_id: globex,
      org_slug: 'globex',
      roles: ['admin'],
      permissions: ['service.users:read'],
    };
    expect(orgClaims(second.claims()!)).toEqual(inGlobex);
    expect(orgClaims(await accessClaims(second.access_token))).toEqual(inGlobex);
    expect(orgClaims(await client.fetchUserInfo(orgApp, second.access_token, switcher.user.id))).toEqual(
      inGlobex,
    );
    expect(orgClaims(await client.tokenIntrospection(orgApp, second.access_token))).toEqual(inGlobex);

    // Without organization_id the choice is asked again: neither organization was remembered.
    const unhinted = await begin(orgApp, switcher);
    expect(unhinted.first.location).toMatch(/^\/ui\/authorize\?request_id=/);
    expect((await pendingView(unhinted, switcher)).organizations.map(({ id }) => id)).toEqual([acme, globex]);

    // The refresh families keep the organization they started with.
    expect(orgClaims((await client.refreshTokenGrant(orgApp, second.refresh_token!)).claims()!)).toEqual(
      inGlobex,
    );
    expect(orgClaims((await client.refreshTokenGrant(orgApp, first.refresh_token!)).claims()!)).toEqual(
      inAcme,
    );
  });

  it('leaving ends the organization’s tokens; a renamed slug shows at the next refresh', async () => {
    const member = await signInUser(server, { email: 'leaver@example.com' });
    await addMember(server, initech, member);
    const tokens = await codeFlow(orgApp, member);
    expect(tokens.claims()?.org_slug).toBe('initech');
    await call(server, owner, 'PATCH', `/organizations/${initech}`, { slug: 'initech-corp' });
    const renamed = await client.refreshTokenGrant(orgApp, tokens.refresh_token!);
    expect(renamed.claims()?.org_slug).toBe('initech-corp');
    expect(await memberIdOf(server, member, initech)).toBeTruthy();
    expect((await call(server, member, 'POST', `/organizations/${initech}/leave`)).status).toBe(204);
    await expect(client.refreshTokenGrant(orgApp, renamed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});
