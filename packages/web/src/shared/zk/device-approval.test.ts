import { createCipheriv, createECDH, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountRootKey } from './account-root-key';
import {
  approvalComparison,
  createApprovalRequestKey,
  formatApprovalCode,
  formatFingerprint,
  generateDeviceKey,
  openDeviceApproval,
  wrapForDevice,
} from './device-approval';
import { sealEnvelope } from './envelope';
import { trustedDeviceSecret } from './envelope-secret';
import { type KeybagView, newAccountKey, unlockKeybag } from './keybag';
import { toHex } from './test-helpers';

const USER = '0b8e7c2a-52f4-4d51-9d0e-2f8a1f6b9c01';
const APPROVAL = '7d4c1b9e-3f2a-4e8b-9c6d-5a1f0e2b3c4d';
const CLIENT = '5b0c6a52-8f0e-4d43-9a34-0c1f3e0f6a11';

async function unlocked() {
  const created = await newAccountKey(USER);
  return { ...created, binding: { userId: USER, approvalId: APPROVAL, keyId: created.keyId } };
}

const cak = async (ark: AccountRootKey) => toHex(await ark.clientAppKey(CLIENT, null));

describe('device approval (docs/zk.md §3.6)', () => {
  it('the asking device opens the account root key the approving device wrapped to it', async () => {
    const approver = await unlocked();
    const request = await createApprovalRequestKey();
    expect(request.privateKey.extractable).toBe(false);
    const wrapped = await wrapForDevice(approver.ark, approver.binding, request.publicJwk);
    expect(wrapped.key_id).toBe(approver.keyId);
    expect(wrapped.ciphertext).toHaveLength(80);
    const opened = await openDeviceApproval(
      request,
      { ...approver.binding, keyCheck: approver.keyCheck },
      wrapped,
    );
    expect(await cak(opened)).toBe(await cak(approver.ark));
  });

  it('refuses another device’s key, a changed binding, another account key and another ARK', async () => {
    const approver = await unlocked();
    const request = await createApprovalRequestKey();
    const wrapped = await wrapForDevice(approver.ark, approver.binding, request.publicJwk);
    const binding = { ...approver.binding, keyCheck: approver.keyCheck };

    const otherDevice = await createApprovalRequestKey();
    await expect(openDeviceApproval(otherDevice, binding, wrapped)).rejects.toMatchObject({
      code: 'envelope_open_failed',
    });
    for (const changed of [
      { ...binding, approvalId: '00000000-0000-4000-8000-000000000000' },
      { ...binding, userId: '00000000-0000-4000-8000-000000000001' },
    ]) {
      await expect(openDeviceApproval(request, changed, wrapped)).rejects.toMatchObject({
        code: 'envelope_open_failed',
      });
    }
    // The server swaps the approver's public key: the binding covers its thumbprint.
    const swapped = { ...wrapped, epk: (await createApprovalRequestKey()).publicJwk };
    await expect(openDeviceApproval(request, binding, swapped)).rejects.toMatchObject({
      code: 'envelope_open_failed',
    });
    await expect(
      openDeviceApproval(request, binding, { ...wrapped, key_id: '00000000-0000-4000-8000-000000000002' }),
    ).rejects.toMatchObject({ code: 'key_check_mismatch' });
    await expect(
      openDeviceApproval(request, binding, { ...wrapped, ciphertext: wrapped.ciphertext.slice(4) }),
    ).rejects.toMatchObject({ code: 'invalid_envelope' });
    await expect(
      openDeviceApproval(request, binding, { ...wrapped, epk: { ...wrapped.epk, d: 'AAAA' } }),
    ).rejects.toMatchObject({ code: 'invalid_jwk' });

    // An ARK of someone else's making, wrapped with the right binding, fails the keybag's key check.
    const impostor = await unlocked();
    const foreign = await wrapForDevice(impostor.ark, approver.binding, request.publicJwk);
    await expect(openDeviceApproval(request, binding, foreign)).rejects.toMatchObject({
      code: 'key_check_mismatch',
    });
  });

  it('matches the document byte for byte (ECDH-ES + HKDF + AES-GCM done with node:crypto)', async () => {
    const ark = randomBytes(32);
    const keyId = '3c9e2f4a-1b7d-4c8e-9a0f-6d5b4e3c2a1b';
    const keyCheck = Buffer.from(
      hkdfSync('sha256', ark, Buffer.alloc(0), JSON.stringify(['tessera/zk/v2/key-check', USER, keyId]), 32),
    ).toString('base64url');
    const request = await createApprovalRequestKey();
    // The approving side, written from docs/zk.md §3.6 step 4.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const point = ecdh.getPublicKey();
    const epk = {
      kty: 'EC' as const,
      crv: 'P-256' as const,
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    };
    const thumb = (jwk: typeof epk) =>
      createHash('sha256')
        .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y }))
        .digest('base64url');
    const z = ecdh.computeSecret(
      Buffer.concat([
        Buffer.from([4]),
        Buffer.from(request.publicJwk.x, 'base64url'),
        Buffer.from(request.publicJwk.y, 'base64url'),
      ]),
    );
    const info = Buffer.from(
      JSON.stringify([
        'tessera/zk/v2/device-approval',
        USER,
        APPROVAL,
        keyId,
        thumb(epk),
        thumb(request.publicJwk),
      ]),
    );
    const nonce = randomBytes(12);
    const cipher = createCipheriv(
      'aes-256-gcm',
      Buffer.from(hkdfSync('sha256', z, Buffer.alloc(0), info, 32)),
      nonce,
    );
    cipher.setAAD(info);
    const ciphertext = Buffer.concat([nonce, cipher.update(ark), cipher.final(), cipher.getAuthTag()]);
    const opened = await openDeviceApproval(
      request,
      { userId: USER, approvalId: APPROVAL, keyId, keyCheck },
      { epk, key_id: keyId, ciphertext: ciphertext.toString('base64url') },
    );
    const expectedCak = hkdfSync(
      'sha256',
      ark,
      Buffer.alloc(0),
      JSON.stringify(['tessera/zk/v2/cak', CLIENT, null]),
      32,
    );
    expect(await cak(opened)).toBe(Buffer.from(expectedCak).toString('hex'));
  });

  it('both devices compute the same code and fingerprint from the public key, as documented', async () => {
    const request = await createApprovalRequestKey();
    const shown = await approvalComparison(request.publicJwk);
    const again = await approvalComparison({ ...request.publicJwk });
    expect(again).toEqual(shown);
    const { crv, kty, x, y } = request.publicJwk;
    const thumbprint = createHash('sha256').update(JSON.stringify({ crv, kty, x, y })).digest('base64url');
    expect(shown.fingerprint).toBe(thumbprint);
    const digest = createHash('sha256')
      .update(JSON.stringify(['tessera/zk/v2/device-approval-code', thumbprint]))
      .digest();
    expect(shown.code).toBe(String(digest.readUIntBE(0, 6) % 100_000_000).padStart(8, '0'));
    expect(shown.code).toMatch(/^\d{8}$/);
    expect(formatApprovalCode('01234567')).toBe('0123 4567');
    expect(formatFingerprint('abcdefghij')).toBe('abcd efgh ij');
    const other = await approvalComparison((await createApprovalRequestKey()).publicJwk);
    expect(other.fingerprint).not.toBe(shown.fingerprint);
  });
});

describe('trusted device key (docs/zk.md §3.5)', () => {
  it('is a non-extractable AES-256-GCM key that seals and opens a trusted_device envelope', async () => {
    const deviceKey = await generateDeviceKey();
    expect(deviceKey.extractable).toBe(false);
    await expect(globalThis.crypto.subtle.exportKey('raw', deviceKey)).rejects.toThrow();
    const created = await newAccountKey(USER);
    const deviceId = globalThis.crypto.randomUUID();
    const record = await sealEnvelope(created.ark, created.binding, trustedDeviceSecret(deviceKey), {
      deviceId,
      label: 'Chromium on Linux',
    });
    expect(record).toMatchObject({ type: 'trusted_device', kdf: 'none', device_id: deviceId });
    const keybag: KeybagView = {
      user_id: USER,
      exists: true,
      account_key: { key_id: created.keyId, version: 1, scheme: 2, key_check: created.keyCheck },
      envelopes: [{ ...record, kdf_salt: null, kdf_info: null, status: 'usable' }],
    };
    const opened = await unlockKeybag(keybag, trustedDeviceSecret(deviceKey), record.id);
    expect(await cak(opened)).toBe(await cak(created.ark));
    // Another browser's device key opens nothing.
    await expect(unlockKeybag(keybag, trustedDeviceSecret(await generateDeviceKey()))).rejects.toMatchObject({
      code: 'envelope_open_failed',
    });
  });
});
