/**
 * Trusted devices and approving a new device (docs/zk.md §3.5, §3.6) over HTTP, with the approving and the asking
 * browser played by node:crypto (testing/device-approval.ts): the asking device gets the account root key only
 * through the server, which holds public keys and ciphertext; approval and pickup are single use, bound to the
 * user and short-lived; a revoked device's envelope is gone.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSession, adminFetch, adminSignIn, installViaApi } from '../../testing/admin.js';
import {
  approveBody,
  type DeviceKeyPair,
  newDeviceKeyPair,
  openApproval,
  type PublicJwk,
} from '../../testing/device-approval.js';
import {
  accountKeyBody,
  newAccountKey,
  signInWithPassword,
  type TestAccountKey,
  wrapEnvelope,
} from '../../testing/keys.js';
import { type SignedIn, signInUser } from '../../testing/oauth.js';
import { type Answer, call } from '../../testing/orgs.js';
import { startTestServer, type TestServer } from '../../testing/server.js';
import { changeSessionsDirectly } from '../../testing/sessions.js';
import { currentCode } from '../../testing/totp.js';
import { deviceApprovals } from './tables.js';

let server: TestServer;
let admin: AdminSession;

beforeAll(async () => {
  server = await startTestServer();
  await server.context.settings.set('keys.trusted_device_approval', true);
  await installViaApi(server, 'root@example.com', 'admin password one');
  admin = await adminSignIn(server, 'root@example.com', 'admin password one');
}, 300_000);
afterAll(async () => {
  await server?.close();
});

interface Owner {
  /** The unlocked device, and (as a second sign-in of the same user) the device that asks. */
  approver: SignedIn;
  asker: SignedIn;
  key: TestAccountKey;
}

async function userWithKeybag(): Promise<Owner> {
  const approver = await signInWithPassword(server);
  const key = newAccountKey(approver.user.id);
  const created = await call(
    server,
    approver,
    'POST',
    '/crypto/keybag/account-key',
    accountKeyBody(key).body,
  );
  expect(created.status).toBe(201);
  // The same user signed in a second time: the new device (its own session).
  const asker = await signInUser(server, { user: approver.user });
  return { approver, asker, key };
}

async function ask(as: SignedIn, device: DeviceKeyPair = newDeviceKeyPair(), label = 'Firefox on a laptop') {
  const answer = await call(server, as, 'POST', '/crypto/device-approvals', {
    public_jwk: device.publicJwk,
    label,
  });
  expect(answer.status, JSON.stringify(answer.json)).toBe(201);
  return { device, id: answer.json.id as string, token: answer.json.pickup_token as string };
}

const approve = (as: SignedIn, id: string, body: unknown): Promise<Answer> =>
  call(server, as, 'POST', `/crypto/device-approvals/${id}/approve`, body);
const pickup = (as: SignedIn, token: string): Promise<Answer> =>
  call(server, as, 'POST', '/crypto/device-approvals/pickup', { pickup_token: token });

const bodyFor = (owner: Owner, id: string, requestPub: PublicJwk) =>
  approveBody(
    owner.key.ark,
    { userId: owner.key.userId, approvalId: id, keyId: owner.key.keyId },
    requestPub,
  );

describe('device approval', () => {
  it('hands the account root key to the asking device once, through ciphertext only', async () => {
    const owner = await userWithKeybag();
    const request = await ask(owner.asker);

    expect(await pickup(owner.asker, request.token)).toMatchObject({
      status: 200,
      json: { status: 'pending' },
    });
    const listed = await call(server, owner.approver, 'GET', '/crypto/device-approvals');
    expect(listed.json.approvals).toEqual([
      expect.objectContaining({
        id: request.id,
        public_jwk: request.device.publicJwk,
        label: 'Firefox on a laptop',
      }),
    ]);

    const body = bodyFor(owner, request.id, request.device.publicJwk);
    expect((await approve(owner.approver, request.id, body)).status).toBe(204);
    // Approved requests are no longer offered for approval.
    expect((await call(server, owner.approver, 'GET', '/crypto/device-approvals')).json.approvals).toEqual(
      [],
    );

    const picked = await pickup(owner.asker, request.token);
    expect(picked.status).toBe(200);
    expect(picked.json).toMatchObject({
      status: 'approved',
      key_id: owner.key.keyId,
      ciphertext: body.ciphertext,
    });
    const ark = openApproval(
      request.device,
      { userId: owner.key.userId, approvalId: request.id },
      picked.json as unknown as Parameters<typeof openApproval>[2],
    );
    expect(ark.equals(owner.key.ark)).toBe(true);

    // Single use: neither the pickup nor the approval works twice.
    expect(await pickup(owner.asker, request.token)).toMatchObject({
      status: 404,
      json: { error: 'device_approval_not_found' },
    });
    expect((await approve(owner.approver, request.id, body)).status).toBe(409);

    // Audited, without the ciphertext or the pickup token.
    for (const action of ['keys.device_approval_requested', 'keys.device_approved'] as const) {
      const [entry] = await server.context.audit.list({ action, actor: owner.key.userId }, 1);
      expect(entry).toMatchObject({ details: { approval: request.id } });
      expect(JSON.stringify(entry)).not.toContain(body.ciphertext);
      expect(JSON.stringify(entry)).not.toContain(request.token);
    }
  });

  it('of concurrent approvals and of concurrent pickups exactly one succeeds', async () => {
    const owner = await userWithKeybag();
    const request = await ask(owner.asker);
    const approvals = await Promise.all(
      Array.from({ length: 6 }, () =>
        approve(owner.approver, request.id, bodyFor(owner, request.id, request.device.publicJwk)),
      ),
    );
    expect(approvals.map((answer) => answer.status).sort()).toEqual([204, 409, 409, 409, 409, 409]);
    const pickups = await Promise.all(Array.from({ length: 6 }, () => pickup(owner.asker, request.token)));
    expect(pickups.filter((answer) => answer.json.status === 'approved')).toHaveLength(1);
    expect(pickups.filter((answer) => answer.status === 404)).toHaveLength(5);
  });

  it('an expired request can be neither approved nor picked up', async () => {
    const owner = await userWithKeybag();
    const approvedThenExpired = await ask(owner.asker);
    expect(
      (
        await approve(
          owner.approver,
          approvedThenExpired.id,
          bodyFor(owner, approvedThenExpired.id, approvedThenExpired.device.publicJwk),
        )
      ).status,
    ).toBe(204);
    const expired = await ask(owner.asker);
    await server.database.db
      .update(deviceApprovals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(deviceApprovals.userId, owner.key.userId));

    expect((await call(server, owner.approver, 'GET', '/crypto/device-approvals')).json.approvals).toEqual(
      [],
    );
    expect(
      await approve(owner.approver, expired.id, bodyFor(owner, expired.id, expired.device.publicJwk)),
    ).toMatchObject({
      status: 404,
      json: { error: 'device_approval_not_found' },
    });
    expect((await pickup(owner.asker, expired.token)).status).toBe(404);
    expect((await pickup(owner.asker, approvedThenExpired.token)).status).toBe(404);
  });

  it('another user can neither see, approve nor pick up a request', async () => {
    const owner = await userWithKeybag();
    const request = await ask(owner.asker);
    const stranger = await userWithKeybag();
    expect((await call(server, stranger.approver, 'GET', '/crypto/device-approvals')).json.approvals).toEqual(
      [],
    );
    // The stranger's own (unlocked) key wrapped to the request: refused like an unknown id.
    const strangerBody = approveBody(
      stranger.key.ark,
      { userId: stranger.key.userId, approvalId: request.id, keyId: stranger.key.keyId },
      request.device.publicJwk,
    );
    expect(await approve(stranger.approver, request.id, strangerBody)).toMatchObject({
      status: 404,
      json: { error: 'device_approval_not_found' },
    });
    expect((await pickup(stranger.asker, request.token)).status).toBe(404);
    // The owner's request is untouched: still pending and approvable.
    expect((await pickup(owner.asker, request.token)).json.status).toBe('pending');
    expect(
      (await approve(owner.approver, request.id, bodyFor(owner, request.id, request.device.publicJwk)))
        .status,
    ).toBe(204);
  });

  it('refuses bad input and stores nothing', async () => {
    const owner = await userWithKeybag();
    const device = newDeviceKeyPair();
    const bad: [unknown, string][] = [
      [{ public_jwk: { ...device.publicJwk, d: 'AAAA' }, label: 'x' }, 'invalid_jwk'],
      [{ public_jwk: { ...device.publicJwk, crv: 'P-384' }, label: 'x' }, 'invalid_jwk'],
      [{ public_jwk: { ...device.publicJwk, x: device.publicJwk.y }, label: 'x' }, 'invalid_jwk'],
      [{ public_jwk: device.publicJwk, label: '' }, 'invalid_request'],
      [{ public_jwk: device.publicJwk, label: 'x'.repeat(101) }, 'invalid_request'],
      [{ public_jwk: device.publicJwk }, 'invalid_request'],
    ];
    for (const [body, error] of bad) {
      const answer = await call(server, owner.asker, 'POST', '/crypto/device-approvals', body);
      expect(answer.json.error, JSON.stringify(body)).toBe(error);
    }
    const tooLarge = await call(server, owner.asker, 'POST', '/crypto/device-approvals', {
      public_jwk: device.publicJwk,
      label: 'x',
      padding: 'y'.repeat(5000),
    });
    expect(tooLarge).toMatchObject({ status: 413, json: { error: 'payload_too_large' } });
    expect(
      await server.database.db
        .select()
        .from(deviceApprovals)
        .where(eq(deviceApprovals.userId, owner.key.userId)),
    ).toEqual([]);

    const request = await ask(owner.asker);
    const good = bodyFor(owner, request.id, request.device.publicJwk);
    for (const [body, status] of [
      [{ ...good, key_id: newAccountKey(owner.key.userId).keyId }, 409],
      [{ ...good, ciphertext: good.ciphertext.slice(1) }, 400],
      [{ ...good, epk: { ...good.epk, d: 'AAAA' } }, 400],
    ] as const) {
      expect((await approve(owner.approver, request.id, body)).status).toBe(status);
    }
    expect((await pickup(owner.asker, request.token)).json.status).toBe('pending');
    expect((await pickup(owner.asker, 'A'.repeat(43))).status).toBe(404);

    // At most three waiting at once.
    await ask(owner.asker);
    await ask(owner.asker);
    const fourth = await call(server, owner.asker, 'POST', '/crypto/device-approvals', {
      public_jwk: newDeviceKeyPair().publicJwk,
      label: 'one too many',
    });
    expect(fourth).toMatchObject({ status: 409, json: { error: 'too_many_device_approvals' } });
  });

  it('is refused while the policy turns approval off, and without a keybag', async () => {
    const owner = await userWithKeybag();
    const request = await ask(owner.asker);
    await server.context.settings.set('keys.trusted_device_approval', false);
    try {
      const refused = { status: 403, json: { error: 'device_approval_not_allowed' } };
      expect(await call(server, owner.approver, 'GET', '/crypto/device-approvals')).toMatchObject(refused);
      expect(
        await approve(owner.approver, request.id, bodyFor(owner, request.id, request.device.publicJwk)),
      ).toMatchObject(refused);
      expect(await pickup(owner.asker, request.token)).toMatchObject(refused);
      const policy = await call(server, owner.asker, 'GET', '/crypto/unlock-policy');
      expect(policy.json.methods).not.toContain('trusted_device_approval');
    } finally {
      await server.context.settings.set('keys.trusted_device_approval', true);
    }
    const withoutKeybag = await signInWithPassword(server);
    expect(
      await call(server, withoutKeybag, 'POST', '/crypto/device-approvals', {
        public_jwk: newDeviceKeyPair().publicJwk,
        label: 'x',
      }),
    ).toMatchObject({ status: 404, json: { error: 'keybag_not_found' } });
  });
});

describe('trusted devices', () => {
  it('are listed, record their use, and once revoked their envelope is gone', async () => {
    const owner = await userWithKeybag();
    const device = wrapEnvelope(owner.key, 1, 'trusted_device', { label: 'Chromium on Linux' });
    const added = await call(server, owner.asker, 'POST', '/crypto/keybag/envelopes', {
      expected_version: 1,
      envelope: device.input,
    });
    expect(added.status).toBe(201);
    const deviceId = device.input.device_id!;

    const listed = await call(server, owner.approver, 'GET', '/crypto/devices');
    expect(listed.json.devices).toEqual([
      expect.objectContaining({
        device_id: deviceId,
        envelope_id: device.input.id,
        label: 'Chromium on Linux',
        last_used_at: null,
      }),
    ]);
    expect(JSON.stringify(listed.json)).not.toContain(device.input.ciphertext);

    expect((await call(server, owner.asker, 'POST', `/crypto/devices/${deviceId}/used`)).status).toBe(204);
    const used = (await call(server, owner.approver, 'GET', '/crypto/devices')).json.devices as {
      last_used_at: string;
    }[];
    expect(used[0]?.last_used_at).toEqual(expect.any(String));

    // Another user cannot see, use or revoke it.
    const stranger = await userWithKeybag();
    expect((await call(server, stranger.approver, 'GET', '/crypto/devices')).json.devices).toEqual([]);
    expect((await call(server, stranger.approver, 'POST', `/crypto/devices/${deviceId}/used`)).status).toBe(
      404,
    );
    expect(await call(server, stranger.approver, 'DELETE', `/crypto/devices/${deviceId}`)).toMatchObject({
      status: 404,
      json: { error: 'device_not_found' },
    });

    expect((await call(server, owner.approver, 'DELETE', `/crypto/devices/${deviceId}`)).status).toBe(204);
    expect((await call(server, owner.approver, 'GET', '/crypto/devices')).json.devices).toEqual([]);
    const keybag = await call(server, owner.asker, 'GET', '/crypto/keybag');
    expect((keybag.json.envelopes as { type: string }[]).map((e) => e.type).sort()).toEqual([
      'password',
      'recovery_key',
    ]);
    expect((await call(server, owner.approver, 'DELETE', `/crypto/devices/${deviceId}`)).status).toBe(404);
    const [entry] = await server.context.audit.list(
      { action: 'keys.device_revoked', actor: owner.key.userId },
      1,
    );
    expect(entry).toMatchObject({ details: { device: deviceId, envelope: device.input.id } });
  });

  it('the last envelope that can unlock is not revoked', async () => {
    const user = await signInWithPassword(server);
    const key = newAccountKey(user.user.id);
    const { body, envelopes } = accountKeyBody(key, ['trusted_device']);
    expect((await call(server, user, 'POST', '/crypto/keybag/account-key', body)).status).toBe(201);
    expect(
      await call(server, user, 'DELETE', `/crypto/devices/${envelopes[0]!.input.device_id}`),
    ).toMatchObject({
      status: 409,
      json: { error: 'last_unlock_envelope' },
    });
  });

  it('revoking needs a fresh second factor when TOTP is enrolled', async () => {
    const owner = await userWithKeybag();
    const device = wrapEnvelope(owner.key, 1, 'trusted_device');
    await call(server, owner.approver, 'POST', '/crypto/keybag/envelopes', {
      expected_version: 1,
      envelope: device.input,
    });
    const init = await call(server, owner.approver, 'POST', '/otp/setup/init', {});
    const verified = await call(server, owner.approver, 'POST', '/otp/setup/verify', {
      code: currentCode(init.json.secret as string),
    });
    expect(verified.status).toBe(200);
    await changeSessionsDirectly(server, 'UPDATE sessions SET step_up_until = NULL WHERE user_id = $1', [
      owner.key.userId,
    ]);
    expect(
      await call(server, owner.approver, 'DELETE', `/crypto/devices/${device.input.device_id}`),
    ).toMatchObject({
      status: 403,
      json: { error: 'step_up_required' },
    });
    expect((await call(server, owner.approver, 'GET', '/crypto/devices')).json.devices).toHaveLength(1);
  });
});

describe('rate limits of device approval (per user)', () => {
  it('allow a waiting device to poll every 2 s, and refuse polls beyond the per-minute limit', async () => {
    const owner = await userWithKeybag();
    const request = await ask(owner.asker);
    // A minute of polling every 2 s, with the default limit.
    for (let poll = 0; poll < 30; poll++) {
      expect((await pickup(owner.asker, request.token)).json.status).toBe('pending');
    }
    await server.context.settings.set('rate_limits.device_pickups_per_minute', 30);
    try {
      expect(await pickup(owner.asker, request.token)).toMatchObject({
        status: 429,
        json: { error: 'rate_limited' },
      });
      // Another user's polls are counted apart.
      const other = await userWithKeybag();
      const theirs = await ask(other.asker);
      expect((await pickup(other.asker, theirs.token)).status).toBe(200);
    } finally {
      await server.context.settings.set('rate_limits.device_pickups_per_minute', 90);
    }
  });

  it('limit new requests per hour: over it, 429 and nothing stored', async () => {
    const owner = await userWithKeybag();
    await server.context.settings.set('rate_limits.device_approval_requests_per_hour', 2);
    try {
      await ask(owner.asker);
      await ask(owner.asker);
      const third = await call(server, owner.asker, 'POST', '/crypto/device-approvals', {
        public_jwk: newDeviceKeyPair().publicJwk,
        label: 'One too many',
      });
      expect(third).toMatchObject({ status: 429, json: { error: 'rate_limited' } });
      expect(
        (await call(server, owner.approver, 'GET', '/crypto/device-approvals')).json.approvals,
      ).toHaveLength(2);
    } finally {
      await server.context.settings.set('rate_limits.device_approval_requests_per_hour', 20);
    }
  });

  it('limit approval attempts per hour, malformed ones included: over it, 429 and the request stays pending', async () => {
    const owner = await userWithKeybag();
    const request = await ask(owner.asker);
    await server.context.settings.set('rate_limits.device_approvals_per_hour', 2);
    try {
      expect((await approve(owner.approver, request.id, { ciphertext: 'x' })).status).toBe(400);
      expect(
        (await approve(owner.approver, 'no-such-request', bodyFor(owner, 'x', request.device.publicJwk)))
          .status,
      ).toBe(404);
      const valid = bodyFor(owner, request.id, request.device.publicJwk);
      expect(await approve(owner.approver, request.id, valid)).toMatchObject({
        status: 429,
        json: { error: 'rate_limited' },
      });
      expect((await pickup(owner.asker, request.token)).json.status).toBe('pending');
    } finally {
      await server.context.settings.set('rate_limits.device_approvals_per_hour', 30);
    }
  });
});

describe('admin API', () => {
  it("lists a user's trusted devices and revokes one, audited: its envelope is gone", async () => {
    const owner = await userWithKeybag();
    const device = wrapEnvelope(owner.key, 1, 'trusted_device', { label: 'Chromium on Linux' });
    const added = await call(server, owner.asker, 'POST', '/crypto/keybag/envelopes', {
      expected_version: 1,
      envelope: device.input,
    });
    expect(added.status).toBe(201);
    const deviceId = device.input.device_id!;
    const userId = owner.key.userId;

    const listed = await adminFetch(server, admin, 'GET', `/admin/users/${userId}/devices`);
    expect(listed.status).toBe(200);
    expect(listed.json.devices).toEqual([
      expect.objectContaining({
        device_id: deviceId,
        envelope_id: device.input.id,
        label: 'Chromium on Linux',
      }),
    ]);
    expect(listed.text).not.toContain(device.input.ciphertext);
    expect((await adminFetch(server, admin, 'GET', '/admin/users/nobody/devices')).status).toBe(404);

    const path = `/admin/users/${userId}/devices/${deviceId}`;
    expect((await adminFetch(server, admin, 'DELETE', path, undefined, false)).status).toBe(403);
    expect((await adminFetch(server, admin, 'DELETE', path)).status).toBe(204);
    expect((await adminFetch(server, admin, 'DELETE', path)).json.error).toBe('device_not_found');
    const keybag = await call(server, owner.asker, 'GET', '/crypto/keybag');
    expect((keybag.json.envelopes as { type: string }[]).map((e) => e.type).sort()).toEqual([
      'password',
      'recovery_key',
    ]);
    const [entry] = await server.context.audit.list({ action: 'keys.device_admin_revoked' }, 1);
    expect(entry).toMatchObject({
      actorType: 'admin',
      actorId: admin.id,
      targetId: userId,
      details: { device: deviceId, envelope: device.input.id, label: 'Chromium on Linux' },
    });
  });

  it("never revokes a user's last envelope that can unlock", async () => {
    const user = await signInWithPassword(server);
    const key = newAccountKey(user.user.id);
    const { body, envelopes } = accountKeyBody(key, ['trusted_device']);
    expect((await call(server, user, 'POST', '/crypto/keybag/account-key', body)).status).toBe(201);
    const path = `/admin/users/${user.user.id}/devices/${envelopes[0]!.input.device_id}`;
    expect((await adminFetch(server, admin, 'DELETE', path)).json.error).toBe('last_unlock_envelope');
    expect(
      (await adminFetch(server, admin, 'GET', `/admin/users/${user.user.id}/devices`)).json.devices,
    ).toHaveLength(1);
  });
});
