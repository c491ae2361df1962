/**
 * Client key scope `organization` and legacy v1 key delivery at /authorize, the consent page's view and
 * /authorize/finalize (docs/zk.md §2.2, §5, §5.1): a scope-organization client always has an organization context,
 * and the hosted UI names the organization its key was made for; legacy v1 deliveries obey the same keybag rules as
 * v2 ones.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeOnce,
  codeOf,
  pendingRequestId,
  pendingRequestView,
  redeemCode,
} from '../testing/code-flow.js';
import { accountKeyBody, newAccountKey, signInWithPassword } from '../testing/keys.js';
import {
  expectErrorRedirect,
  finalize,
  type RegisteredClient,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
} from '../testing/oauth.js';
import { addMember, createOrganization } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let perOrganization: RegisteredClient;
let perOrganizationLegacy: RegisteredClient;
let owner: SignedIn;
let organizations: { a: string; b: string };

beforeAll(async () => {
  server = await startTestServer();
  await server.context.settings.set('orgs.users_may_create', true);
  perOrganization = await registerClient(server, {
    zk_delivery: 'v2',
    zk_required: true,
    zk_key_scope: 'organization',
    first_party: true,
  });
  perOrganizationLegacy = await registerClient(server, {
    zk_delivery: 'legacy-v1',
    zk_required: true,
    zk_key_scope: 'organization',
    first_party: true,
  });
  owner = await signInWithPassword(server);
  organizations = {
    a: await createOrganization(server, owner, 'Acme'),
    b: await createOrganization(server, owner, 'Bolt'),
  };
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const hashOf = (value: string) => createHash('sha256').update(value).digest('base64url');

function zkPub(): string {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' });
  return Buffer.from(JSON.stringify(jwk)).toString('base64url');
}

async function withKeybag(): Promise<SignedIn> {
  const user = await signInWithPassword(server);
  await server.context.keys.keybags.createAccountKey(
    user.user.id,
    accountKeyBody(newAccountKey(user.user.id)).body,
  );
  return user;
}

async function authorize(client: RegisteredClient, as: SignedIn, extra: Record<string, string> = {}) {
  const state = oauth.generateRandomState();
  return { state, ...(await authorizeOnce(server, as, client, { state, zk_pub: zkPub(), ...extra })) };
}

/** Redeems the code of an approved request's redirect, which must carry one. */
const redeem = (client: RegisteredClient, redirect: string, verifier: string) =>
  redeemCode(server, client, { code: codeOf(redirect), verifier });

const accessTokenClaims = (token: unknown) =>
  JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;

describe('the client registry: zk_key_scope', () => {
  it('defaults to client, and organization needs a key delivery format', async () => {
    const plain = await server.context.clients.registry.find(
      (await registerClient(server, { zk_delivery: 'v2' })).clientId,
    );
    expect(plain?.zkKeyScope).toBe('client');
    expect((await server.context.clients.registry.find(perOrganization.clientId))?.zkKeyScope).toBe(
      'organization',
    );
    await expect(registerClient(server, { zk_key_scope: 'organization' })).rejects.toThrow(
      'zk_key_scope: organization needs zk_delivery v2 or legacy-v1',
    );
  });
});

describe('key scope organization', () => {
  it('a user in no organization is refused: the consent page explains it, prompt=none gets access_denied', async () => {
    const loner = await withKeybag();
    const { answer } = await authorize(perOrganization, loner);
    const requestId = pendingRequestId(server, answer.location);
    expect(await pendingRequestView(server, loner, requestId)).toMatchObject({
      zk_key_scope: 'organization',
      refusal: { reason: 'no_organization' },
      key_delivery: { organization_id: null },
    });
    // Approving anyway delivers no key: the application hears access_denied.
    const approved = await finalize(server, loner, {
      request_id: requestId,
      decision: 'approve',
      organization_id: organizations.a,
      zk_key_hash: hashOf('jwe'),
    });
    expect(approved).toMatchObject({ status: 400, json: { error: 'invalid_organization' } });
    const left = await finalize(server, loner, { request_id: requestId, decision: 'deny' });
    expect(new URL(left.json.redirect_uri as string).searchParams.get('error')).toBe('access_denied');

    const silent = await authorize(perOrganization, loner, { prompt: 'none' });
    expectErrorRedirect(server, silent.answer, { error: 'access_denied', state: silent.state });
  });

  it('with several organizations the user chooses; finalize needs the organization the key was made for', async () => {
    const member = await withKeybag();
    await addMember(server, organizations.a, member);
    await addMember(server, organizations.b, member);
    const { answer, verifier } = await authorize(perOrganization, member);
    const requestId = pendingRequestId(server, answer.location);
    const view = await pendingRequestView(server, member, requestId);
    expect(view).toMatchObject({ zk_key_scope: 'organization', key_delivery: { organization_id: null } });
    expect((view.organizations as { id: string }[]).map((o) => o.id).sort()).toEqual(
      [organizations.a, organizations.b].sort(),
    );
    // Without the organization: refused, and the request stays pending.
    expect(
      await finalize(server, member, {
        request_id: requestId,
        decision: 'approve',
        zk_key_hash: hashOf('jwe'),
      }),
    ).toMatchObject({ status: 400, json: { error: 'organization_required' } });
    const approved = await finalize(server, member, {
      request_id: requestId,
      decision: 'approve',
      organization_id: organizations.b,
      zk_key_hash: hashOf('jwe'),
    });
    expect(approved.status).toBe(200);
    const tokens = await redeem(perOrganization, approved.json.redirect_uri as string, verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.json.zk_key_hash).toBe(hashOf('jwe'));
    expect(accessTokenClaims(tokens.json.access_token).org_id).toBe(organizations.b);
  });

  it("the organization the application asks for, or the user's only one, is settled in the view", async () => {
    const member = await withKeybag();
    await addMember(server, organizations.a, member);
    const only = pendingRequestId(server, (await authorize(perOrganization, member)).answer.location);
    expect(await pendingRequestView(server, member, only)).toMatchObject({
      organizations: [],
      key_delivery: { organization_id: organizations.a },
    });
    await addMember(server, organizations.b, member);
    const asked = pendingRequestId(
      server,
      (await authorize(perOrganization, member, { organization_id: organizations.b })).answer.location,
    );
    expect(await pendingRequestView(server, member, asked)).toMatchObject({
      organizations: [],
      key_delivery: { organization_id: organizations.b },
    });
    // The key's organization must be the one asked for.
    expect(
      await finalize(server, member, {
        request_id: asked,
        decision: 'approve',
        organization_id: organizations.a,
        zk_key_hash: hashOf('jwe'),
      }),
    ).toMatchObject({ status: 400, json: { error: 'organization_mismatch' } });
  });

  it('a scope-client client has no organization in its key binding unless one applies', async () => {
    const scoped = await registerClient(server, { zk_delivery: 'v2', first_party: true });
    const member = await withKeybag();
    await addMember(server, organizations.a, member);
    const requestId = pendingRequestId(server, (await authorize(scoped, member)).answer.location);
    expect(await pendingRequestView(server, member, requestId)).toMatchObject({
      zk_key_scope: 'client',
      refusal: null,
      key_delivery: { organization_id: null },
    });
    // No organization needed at finalize for scope client.
    expect(
      (
        await finalize(server, member, {
          request_id: requestId,
          decision: 'approve',
          zk_key_hash: hashOf('jwe'),
        })
      ).status,
    ).toBe(200);
  });
});

describe('legacy v1 deliveries follow the keybag rules', () => {
  it('drk_hash needs a keybag, names the envelope that opened it, and carries the organization', async () => {
    const member = await signInWithPassword(server);
    await addMember(server, organizations.a, member);
    const { answer, verifier } = await authorize(perOrganizationLegacy, member);
    const requestId = pendingRequestId(server, answer.location);
    expect(await pendingRequestView(server, member, requestId)).toMatchObject({
      zk_delivery: 'legacy-v1',
      zk_key_scope: 'organization',
      key_delivery: {
        issuer: server.config.baseUrl,
        redirect_uri: RP_REDIRECT,
        organization_id: organizations.a,
      },
    });
    const approve = (extra: Record<string, string>) =>
      finalize(server, member, { request_id: requestId, decision: 'approve', ...extra });
    expect(await approve({ drk_hash: hashOf('drk'), organization_id: organizations.a })).toMatchObject({
      status: 409,
      json: { error: 'keybag_required' },
    });
    const created = accountKeyBody(newAccountKey(member.user.id)).body;
    await server.context.keys.keybags.createAccountKey(member.user.id, created);
    // Scope organization: the organization the key was made for is named.
    expect(await approve({ drk_hash: hashOf('drk') })).toMatchObject({
      status: 400,
      json: { error: 'organization_required' },
    });
    const recovery = created.envelopes.find((envelope) => envelope.type === 'recovery_key')!;
    const approved = await approve({
      drk_hash: hashOf('drk'),
      organization_id: organizations.a,
      zk_envelope_id: recovery.id,
    });
    expect(approved.status).toBe(200);
    const keybag = await server.context.keys.keybags.keybag(member.user.id);
    expect(keybag.envelopes.find((envelope) => envelope.id === recovery.id)?.lastUsedAt).toBeInstanceOf(Date);
    const tokens = await redeem(perOrganizationLegacy, approved.json.redirect_uri as string, verifier);
    expect(tokens.json.zk_drk_hash).toBe(hashOf('drk'));
    expect(tokens.json).not.toHaveProperty('zk_key_hash');
    expect(accessTokenClaims(tokens.json.access_token).org_id).toBe(organizations.a);
  });
});
