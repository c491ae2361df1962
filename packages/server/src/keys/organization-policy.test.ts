/**
 * Organizations' unlock policy (docs/zk.md §8.1): the admin API that stores an override (stricter only, audited),
 * the effective policy of GET /crypto/unlock-policy with and without an organization, and the server's enforcement
 * — key delivery at /authorize/finalize for an organization, envelope creation and device approval.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, createAdmin, installViaApi } from '../testing/admin.js';
import { newDeviceKeyPair } from '../testing/device-approval.js';
import { accountKeyBody, newAccountKey, signInWithPassword, wrapEnvelope } from '../testing/keys.js';
import {
  authorizeUrl,
  browserGet,
  finalize,
  RP_REDIRECT,
  registerClient,
  type SignedIn,
} from '../testing/oauth.js';
import { addMember, call, createOrganization } from '../testing/orgs.js';
import { startTestServer, type TestServer } from '../testing/server.js';

let server: TestServer;
let writer: AdminSession;
let reader: AdminSession;
let owner: SignedIn;
let client: { clientId: string };

beforeAll(async () => {
  server = await startTestServer();
  await installViaApi(server, 'root@example.com', 'admin password one');
  writer = await adminSignIn(server, 'root@example.com', 'admin password one');
  await createAdmin(server, writer, 'reader@example.com', 'reader password two', 'read');
  reader = await adminSignIn(server, 'reader@example.com', 'reader password two');
  await server.context.settings.set('orgs.users_may_create', true);
  owner = await signInWithPassword(server);
  // First-party: consent never hides what the unlock policy alone decides.
  client = await registerClient(server, { zk_delivery: 'v2', zk_required: true, first_party: true });
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const GLOBAL_DEFAULTS = {
  'keys.allow_password_envelopes': true,
  'keys.zk_requires_unlocked_keybag': true,
  'keys.trusted_device_approval': false,
  'keys.new_key_setup_allowed': true,
} as const;
afterEach(async () => {
  for (const [key, value] of Object.entries(GLOBAL_DEFAULTS)) {
    await server.context.settings.set(key as keyof typeof GLOBAL_DEFAULTS, value);
  }
});

const policyPath = (organizationId: string) => `/admin/organizations/${organizationId}/unlock-policy`;
const setPolicy = (organizationId: string, body: Record<string, unknown>, as = writer) =>
  adminFetch(server, as, 'PUT', policyPath(organizationId), body);

async function organizationWith(policy: Record<string, unknown>, members: SignedIn[] = []): Promise<string> {
  const id = await createOrganization(server, owner, `Org ${Math.random().toString(36).slice(2, 8)}`);
  for (const member of members) await addMember(server, id, member);
  const stored = await setPolicy(id, policy);
  expect(stored.status, stored.text).toBe(200);
  return id;
}

/** A signed-in user with a keybag holding a password and a recovery-key envelope; returns their envelope ids. */
async function userWithKeybag() {
  const user = await signInWithPassword(server);
  const { body } = accountKeyBody(newAccountKey(user.user.id), ['password', 'recovery_key']);
  await server.context.keys.keybags.createAccountKey(user.user.id, body);
  const id = (type: string) => body.envelopes.find((envelope) => envelope.type === type)!.id;
  return { user, password: id('password'), recovery: id('recovery_key') };
}

const zkPub = () =>
  Buffer.from(
    JSON.stringify(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ format: 'jwk' })),
  ).toString('base64url');
const keyHash = () => createHash('sha256').update(`jwe-${Math.random()}`).digest('base64url');

/** Starts a ZK authorization (with an organization hint or none) and returns its pending request id. */
async function pendingRequest(user: SignedIn, organizationId?: string): Promise<string> {
  const url = authorizeUrl(server, {
    client_id: client.clientId,
    redirect_uri: RP_REDIRECT,
    response_type: 'code',
    scope: 'openid',
    state: oauth.generateRandomState(),
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    code_challenge_method: 'S256',
    zk_pub: zkPub(),
    organization_id: organizationId,
  });
  const answer = await browserGet(url, user.cookie);
  expect(answer.location).toMatch(/^\/ui\/authorize\?request_id=/);
  return new URL(answer.location!, server.config.baseUrl).searchParams.get('request_id')!;
}

describe('admin API', () => {
  it('reads the override, the global policy and the effective result; unknown organizations are 404', async () => {
    const id = await createOrganization(server, owner, 'Plain');
    const answer = await adminFetch(server, reader, 'GET', policyPath(id));
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      override: {
        allowed_envelope_types: null,
        zk_requires_unlocked_keybag: null,
        trusted_device_approval: null,
        new_key_setup_allowed: null,
      },
      global: {
        allowed_envelope_types: ['password', 'recovery_key', 'passkey_prf', 'trusted_device'],
        zk_requires_unlocked_keybag: true,
        trusted_device_approval: false,
        new_key_setup_allowed: true,
      },
      effective: {
        allowed_envelope_types: ['password', 'recovery_key', 'passkey_prf', 'trusted_device'],
        zk_requires_unlocked_keybag: true,
        trusted_device_approval: false,
        new_key_setup_allowed: true,
      },
    });
    expect(await adminFetch(server, writer, 'GET', policyPath('no-such-org'))).toMatchObject({
      status: 404,
      json: { error: 'not_found' },
    });
    expect(await setPolicy('no-such-org', { allowed_envelope_types: ['recovery_key'] })).toMatchObject({
      status: 404,
      json: { error: 'not_found' },
    });
  });

  it('a write admin with CSRF stores a stricter override, audited; a read admin or a missing CSRF token cannot', async () => {
    const id = await createOrganization(server, owner, 'Strict');
    const body = { allowed_envelope_types: ['recovery_key', 'passkey_prf'], new_key_setup_allowed: false };
    expect(await setPolicy(id, body, reader)).toMatchObject({
      status: 403,
      json: { error: 'write_admin_required' },
    });
    expect(await adminFetch(server, writer, 'PUT', policyPath(id), body, false)).toMatchObject({
      status: 403,
      json: { error: 'csrf_failed' },
    });
    const stored = await setPolicy(id, body);
    expect(stored.status).toBe(200);
    expect(stored.json).toMatchObject({
      override: {
        allowed_envelope_types: ['recovery_key', 'passkey_prf'],
        zk_requires_unlocked_keybag: null,
        trusted_device_approval: null,
        new_key_setup_allowed: false,
      },
      effective: {
        allowed_envelope_types: ['recovery_key', 'passkey_prf'],
        zk_requires_unlocked_keybag: true,
        trusted_device_approval: false,
        new_key_setup_allowed: false,
      },
    });
    const entries = (await server.context.audit.list({ target: id }, 50)).filter(
      (event) => event.action === 'organization.unlock_policy_changed',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: 'admin' });

    // The organization's other settings change without touching the override, and the other way round.
    const edited = await adminFetch(server, writer, 'PUT', `/admin/organizations/${id}`, {
      settings: { require_totp: true },
    });
    expect(edited.status).toBe(200);
    expect((await adminFetch(server, writer, 'GET', policyPath(id))).json.override).toEqual(
      stored.json.override,
    );
    expect(await setPolicy(id, {})).toMatchObject({ status: 200 });
    expect((await adminFetch(server, writer, 'GET', `/admin/organizations/${id}`)).json.settings).toEqual({
      require_totp: true,
    });
  });

  it('refuses an override that would loosen the global policy, and bad input, changing nothing', async () => {
    const id = await organizationWith({ allowed_envelope_types: ['password', 'recovery_key'] });
    const before = (await adminFetch(server, writer, 'GET', policyPath(id))).json;
    await server.context.settings.set('keys.allow_password_envelopes', false);
    await server.context.settings.set('keys.new_key_setup_allowed', false);
    for (const loosening of [
      { allowed_envelope_types: ['password'] },
      { zk_requires_unlocked_keybag: false },
      { trusted_device_approval: true },
      { new_key_setup_allowed: true },
    ]) {
      expect(await setPolicy(id, loosening), JSON.stringify(loosening)).toMatchObject({
        status: 400,
        json: { error: 'policy_not_stricter' },
      });
    }
    for (const bad of [
      { allowed_envelope_types: [] },
      { allowed_envelope_types: ['password', 'password'] },
      { allowed_envelope_types: ['carrier_pigeon'] },
      { trusted_device_approval: 'no' },
      { something_else: true },
    ]) {
      expect((await setPolicy(id, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    const after = (await adminFetch(server, writer, 'GET', policyPath(id))).json;
    expect(after.override).toEqual(before.override);
    // A global setting made stricter later applies in the organization at once, whatever it stored.
    expect(after.effective).toMatchObject({
      allowed_envelope_types: ['recovery_key'],
      new_key_setup_allowed: false,
    });
  });
});

describe('GET /crypto/unlock-policy', () => {
  it("answers an organization's effective policy for its members and 404 for anyone else", async () => {
    const { user } = await userWithKeybag();
    const id = await organizationWith(
      { allowed_envelope_types: ['recovery_key'], new_key_setup_allowed: false },
      [user],
    );
    const inOrganization = await call(server, user, 'GET', `/crypto/unlock-policy?organization_id=${id}`);
    expect(inOrganization).toMatchObject({
      status: 200,
      json: {
        allowed_envelope_types: ['recovery_key'],
        new_key_setup_allowed: false,
        keybag_exists: true,
        methods: ['recovery_key'],
      },
    });
    const outsider = await signInWithPassword(server);
    for (const [who, organizationId] of [
      [outsider, id],
      [user, 'no-such-org'],
    ] as const) {
      expect(
        await call(server, who, 'GET', `/crypto/unlock-policy?organization_id=${organizationId}`),
      ).toMatchObject({ status: 404, json: { error: 'not_found' } });
    }
    // A suspended membership no longer counts either.
    const member = (await server.context.orgs.organizations.listMembers(id)).find(
      (m) => m.userId === user.user.id,
    )!;
    await server.context.orgs.organizations.setMemberStatus(id, member.id, 'suspended');
    expect((await call(server, user, 'GET', `/crypto/unlock-policy?organization_id=${id}`)).status).toBe(404);
  });

  it("without an organization: the strictest combination over the user's active memberships", async () => {
    const { user } = await userWithKeybag();
    const outsider = (await userWithKeybag()).user;
    await server.context.settings.set('keys.trusted_device_approval', true);
    await server.context.settings.set('keys.zk_requires_unlocked_keybag', false);
    await organizationWith({ allowed_envelope_types: ['recovery_key', 'passkey_prf'] }, [user]);
    await organizationWith(
      { allowed_envelope_types: ['password', 'recovery_key'], trusted_device_approval: false },
      [user],
    );
    await organizationWith({ zk_requires_unlocked_keybag: true }, [user]);
    expect((await call(server, user, 'GET', '/crypto/unlock-policy')).json).toEqual({
      allowed_envelope_types: ['recovery_key'],
      zk_requires_unlocked_keybag: true,
      trusted_device_approval: false,
      new_key_setup_allowed: true,
      keybag_exists: true,
      has_password: true,
      methods: ['recovery_key', 'new_key_setup'],
    });
    // Someone in none of them gets the global policy.
    expect((await call(server, outsider, 'GET', '/crypto/unlock-policy')).json).toMatchObject({
      allowed_envelope_types: ['password', 'recovery_key', 'passkey_prf', 'trusted_device'],
      zk_requires_unlocked_keybag: false,
      trusted_device_approval: true,
      methods: ['password', 'recovery_key', 'trusted_device_approval', 'new_key_setup'],
    });
  });
});

describe('key delivery at /authorize/finalize', () => {
  it('an authorization for an organization refuses an envelope type it disallows; without the organization it is accepted', async () => {
    const { user, password, recovery } = await userWithKeybag();
    const id = await organizationWith({ allowed_envelope_types: ['recovery_key'] }, [user]);

    const forOrganization = await pendingRequest(user, id);
    const approve = (requestId: string, envelopeId: string) =>
      finalize(server, user, {
        request_id: requestId,
        decision: 'approve',
        zk_key_hash: keyHash(),
        zk_envelope_id: envelopeId,
      });
    expect(await approve(forOrganization, password)).toMatchObject({
      status: 403,
      json: { error: 'envelope_type_not_allowed' },
    });
    // Refused before the request was used: an allowed envelope still completes it.
    const allowed = await approve(forOrganization, recovery);
    expect(allowed.status, JSON.stringify(allowed.json)).toBe(200);
    expect(new URL(allowed.json.redirect_uri as string).searchParams.get('code')).toEqual(expect.any(String));

    const withoutOrganization = await approve(await pendingRequest(user), password);
    expect(withoutOrganization.status, JSON.stringify(withoutOrganization.json)).toBe(200);
  });

  it('an organization that needs an unlocked keybag refuses a user without one, even where the service does not', async () => {
    await server.context.settings.set('keys.zk_requires_unlocked_keybag', false);
    const newcomer = await signInWithPassword(server);
    const id = await organizationWith({ zk_requires_unlocked_keybag: true }, [newcomer]);
    const approve = (requestId: string) =>
      finalize(server, newcomer, { request_id: requestId, decision: 'approve', zk_key_hash: keyHash() });
    expect(await approve(await pendingRequest(newcomer, id))).toMatchObject({
      status: 409,
      json: { error: 'keybag_required' },
    });
    expect((await approve(await pendingRequest(newcomer))).status).toBe(200);
  });
});

describe('envelopes and device approval under the organizations of the user', () => {
  it('a type one of their organizations disallows cannot be added; re-wrapping an existing one still can', async () => {
    const { user, password } = await userWithKeybag();
    await organizationWith({ allowed_envelope_types: ['recovery_key', 'passkey_prf'] }, [user]);
    const key = newAccountKey(user.user.id);

    // A new keybag with a password envelope is refused (another member, no keybag yet).
    const newcomer = await signInWithPassword(server);
    await organizationWith({ allowed_envelope_types: ['recovery_key'] }, [newcomer]);
    expect(
      await call(
        server,
        newcomer,
        'POST',
        '/crypto/keybag/account-key',
        accountKeyBody(newAccountKey(newcomer.user.id), ['password', 'recovery_key']).body,
      ),
    ).toMatchObject({ status: 403, json: { error: 'envelope_type_not_allowed' } });
    expect((await call(server, newcomer, 'GET', '/crypto/keybag')).json.exists).toBe(false);
    const recoveryOnly = await call(
      server,
      newcomer,
      'POST',
      '/crypto/keybag/account-key',
      accountKeyBody(newAccountKey(newcomer.user.id), ['recovery_key']).body,
    );
    expect(recoveryOnly.status).toBe(201);

    // The existing user: a trusted-device envelope (a new type) is refused, a password re-wrap is accepted.
    const bagKey = {
      ...key,
      keyId: (await server.context.keys.keybags.keybag(user.user.id)).accountKey!.keyId,
    };
    const device = wrapEnvelope(bagKey, 1, 'trusted_device');
    expect(
      await call(server, user, 'POST', '/crypto/keybag/envelopes', {
        expected_version: 1,
        envelope: device.input,
      }),
    ).toMatchObject({ status: 403, json: { error: 'envelope_type_not_allowed' } });
    const rewrap = wrapEnvelope(bagKey, 1, 'password');
    const swapped = await call(server, user, 'POST', '/crypto/keybag/envelopes', {
      expected_version: 1,
      envelope: rewrap.input,
      replaces: password,
    });
    expect(swapped.status, JSON.stringify(swapped.json)).toBe(201);
  });

  it('rotation: new-key setup and a type new to the keybag follow the organizations policy', async () => {
    const { user } = await userWithKeybag();
    await organizationWith(
      { allowed_envelope_types: ['password', 'recovery_key'], new_key_setup_allowed: false },
      [user],
    );
    const current = (await server.context.keys.keybags.keybag(user.user.id)).accountKey!;
    const newKey = accountKeyBody(newAccountKey(user.user.id), ['recovery_key']).body;
    expect(
      await call(server, user, 'POST', '/crypto/keybag/rotate', { expected_version: 1, ...newKey }),
    ).toMatchObject({ status: 403, json: { error: 'new_key_setup_not_allowed' } });
    const sameKey = {
      userId: user.user.id,
      keyId: current.keyId,
      keyCheck: current.keyCheck,
      ark: Buffer.alloc(32),
    };
    const withNewType = {
      expected_version: 1,
      key_id: current.keyId,
      key_check: current.keyCheck,
      envelopes: [
        wrapEnvelope(sameKey, 2, 'recovery_key').input,
        wrapEnvelope(sameKey, 2, 'trusted_device').input,
      ],
    };
    expect(await call(server, user, 'POST', '/crypto/keybag/rotate', withNewType)).toMatchObject({
      status: 403,
      json: { error: 'envelope_type_not_allowed' },
    });
    expect((await server.context.keys.keybags.keybag(user.user.id)).accountKey).toMatchObject({ version: 1 });
    const rewrapped = await call(server, user, 'POST', '/crypto/keybag/rotate', {
      ...withNewType,
      envelopes: [wrapEnvelope(sameKey, 2, 'recovery_key').input, wrapEnvelope(sameKey, 2, 'password').input],
    });
    expect(rewrapped.status, JSON.stringify(rewrapped.json)).toBe(200);
  });

  it('the last envelope that unlocks under the global or the organizations policy cannot be deleted', async () => {
    const { user, password, recovery } = await userWithKeybag();
    await organizationWith({ allowed_envelope_types: ['recovery_key'] }, [user]);
    // The recovery key is the only one that unlocks in the organization.
    expect(await call(server, user, 'DELETE', `/crypto/keybag/envelopes/${recovery}`)).toMatchObject({
      status: 409,
      json: { error: 'last_unlock_envelope' },
    });
    // The password envelope still unlocks for apps outside it, and the recovery key too: it may go.
    expect((await call(server, user, 'DELETE', `/crypto/keybag/envelopes/${password}`)).status).toBe(204);
  });

  it('device approval is refused when one of their organizations turns it off', async () => {
    await server.context.settings.set('keys.trusted_device_approval', true);
    const { user } = await userWithKeybag();
    const ask = () =>
      call(server, user, 'POST', '/crypto/device-approvals', {
        public_jwk: newDeviceKeyPair().publicJwk,
        label: 'Laptop',
      });
    const allowed = await ask();
    expect(allowed.status, JSON.stringify(allowed.json)).toBe(201);
    await organizationWith({ trusted_device_approval: false }, [user]);
    expect(await ask()).toMatchObject({ status: 403, json: { error: 'device_approval_not_allowed' } });
    expect(await call(server, user, 'GET', '/crypto/device-approvals')).toMatchObject({
      status: 403,
      json: { error: 'device_approval_not_allowed' },
    });
  });
});
