import { describe, expect, it } from 'vitest';
import { AccountRootKey } from './account-root-key';
import { decodeBase64url, encodeBase64url } from './base64url';
import { concatBytes, utf8 } from './bytes';
import {
  type EnvelopeBinding,
  type EnvelopeRecord,
  openEnvelope,
  type StoredEnvelope,
  sealEnvelope,
} from './envelope';
import { passkeyPrfSecret, passwordSecret, recoveryKeySecret, trustedDeviceSecret } from './envelope-secret';
import { generateRecoveryKey } from './recovery-key';
import { toHex } from './test-helpers';

const subtle = globalThis.crypto.subtle;
const USER = '0b8e7c2a-52f4-4d51-9d0e-2f8a1f6b9c01';
const OTHER_USER = '7f1d3c55-1e0b-4c8a-b6a2-9d4e5f6a7b8c';
const KEY_ID = '3f6c1a2b-9d8e-4f70-a1b2-c3d4e5f60718';

async function hkdf(ikm: Uint8Array<ArrayBuffer>, salt: Uint8Array<ArrayBuffer>, info: string) {
  const key = await subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(
    await subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info: utf8(info) }, key, 256),
  );
}

function stored(record: EnvelopeRecord): StoredEnvelope {
  return {
    ...record,
    kdf_salt: record.kdf_salt ?? null,
    kdf_info: record.kdf_info ?? null,
    status: 'usable',
  };
}

const exportKey = () => Uint8Array.from({ length: 64 }, (_, index) => index);

async function sealed(binding: EnvelopeBinding) {
  const ark = await AccountRootKey.generate();
  const keyCheck = await ark.keyCheck(binding.userId, binding.keyId);
  const envelope = await sealEnvelope(ark, binding, await passwordSecret(exportKey()), { label: 'Password' });
  return { ark, keyCheck, envelope };
}

describe('envelopes per docs/zk.md §3', () => {
  it('opens an envelope built by hand from the document, and derives the documented key check and CAK', async () => {
    const arkBytes = Uint8Array.from({ length: 32 }, (_, index) => index + 1);
    const salt = new Uint8Array(32).fill(7);
    const nonce = new Uint8Array(12).fill(9);
    const envelopeId = 'c0ffee00-1234-4abc-8def-0123456789ab';
    const wrapKey = await hkdf(exportKey(), salt, 'tessera/zk/v2/envelope-key/password');
    const aes = await subtle.importKey('raw', wrapKey, 'AES-GCM', false, ['encrypt']);
    const aad = `["tessera/zk/v2/envelope","${USER}","${envelopeId}","password","${KEY_ID}",3]`;
    const ciphertext = concatBytes(
      nonce,
      new Uint8Array(
        await subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: utf8(aad) }, aes, arkBytes),
      ),
    );
    const keyCheck = await hkdf(
      arkBytes,
      new Uint8Array(0),
      `["tessera/zk/v2/key-check","${USER}","${KEY_ID}"]`,
    );
    const envelope: StoredEnvelope = {
      id: envelopeId,
      type: 'password',
      scheme: 2,
      alg: 'A256GCM',
      kdf: 'HKDF-SHA-256',
      kdf_salt: encodeBase64url(salt),
      kdf_info: 'tessera/zk/v2/envelope-key/password',
      ciphertext: encodeBase64url(ciphertext),
    };
    expect(envelope.ciphertext).toHaveLength(80);
    const ark = await openEnvelope(
      envelope,
      { userId: USER, keyId: KEY_ID, version: 3, keyCheck: encodeBase64url(keyCheck) },
      await passwordSecret(encodeBase64url(exportKey())),
    );
    expect(await ark.keyCheck(USER, KEY_ID)).toBe(encodeBase64url(keyCheck));
    // The example of §2.2: client 5b0c6a52-… without organization.
    const client = '5b0c6a52-8f0e-4d43-9a34-0c1f3e0f6a11';
    const cak = await hkdf(arkBytes, new Uint8Array(0), `["tessera/zk/v2/cak","${client}",null]`);
    expect(toHex(await ark.clientAppKey(client, null))).toBe(toHex(cak));
    const organization = '11111111-2222-4333-8444-555555555555';
    const orgCak = await hkdf(
      arkBytes,
      new Uint8Array(0),
      `["tessera/zk/v2/cak","${client}","${organization}"]`,
    );
    expect(toHex(await ark.clientAppKey(client, organization))).toBe(toHex(orgCak));
  });

  it('seals records in the shape the server stores, and they open again to the same ARK', async () => {
    const binding = { userId: USER, keyId: KEY_ID, version: 1 };
    const { ark, keyCheck, envelope } = await sealed(binding);
    expect(envelope).toMatchObject({
      type: 'password',
      scheme: 2,
      alg: 'A256GCM',
      kdf: 'HKDF-SHA-256',
      kdf_info: 'tessera/zk/v2/envelope-key/password',
      label: 'Password',
    });
    expect(envelope.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(envelope.ciphertext).toMatch(/^[A-Za-z0-9_-]{80}$/);
    expect(envelope.kdf_salt).toMatch(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/);
    expect(keyCheck).toMatch(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/);
    const opened = await openEnvelope(
      stored(envelope),
      { ...binding, keyCheck },
      await passwordSecret(exportKey()),
    );
    expect(toHex(await opened.clientAppKey('client-a', null))).toBe(
      toHex(await ark.clientAppKey('client-a', null)),
    );
  });

  it('fails to open for another user, envelope id, account key, version or type (the AAD binds them)', async () => {
    const binding = { userId: USER, keyId: KEY_ID, version: 2 };
    const { keyCheck, envelope } = await sealed(binding);
    const secret = await passwordSecret(exportKey());
    const attempts: [string, StoredEnvelope, EnvelopeBinding & { keyCheck: string }][] = [
      ['user', stored(envelope), { ...binding, userId: OTHER_USER, keyCheck }],
      ['envelope id', { ...stored(envelope), id: crypto.randomUUID() }, { ...binding, keyCheck }],
      ['key id', stored(envelope), { ...binding, keyId: crypto.randomUUID(), keyCheck }],
      ['older version', stored(envelope), { ...binding, version: 1, keyCheck }],
      ['newer version', stored(envelope), { ...binding, version: 3, keyCheck }],
    ];
    for (const [what, candidate, candidateBinding] of attempts) {
      await expect(openEnvelope(candidate, candidateBinding, secret), what).rejects.toMatchObject({
        code: 'envelope_open_failed',
      });
    }
    // The same ciphertext relabelled as a recovery-key envelope: refused by its metadata, and the AAD would fail.
    const recovery = recoveryKeySecret((await generateRecoveryKey()).secret);
    await expect(
      openEnvelope(
        { ...stored(envelope), type: 'recovery_key', kdf_info: 'tessera/zk/v2/envelope-key/recovery_key' },
        { ...binding, keyCheck },
        recovery,
      ),
    ).rejects.toMatchObject({ code: 'envelope_open_failed' });
  });

  it('fails with a wrong password, a changed salt and a tampered ciphertext', async () => {
    const binding = { userId: USER, keyId: KEY_ID, version: 1 };
    const { keyCheck, envelope } = await sealed(binding);
    const wrong = Uint8Array.from({ length: 64 }, (_, index) => index + 1);
    await expect(
      openEnvelope(stored(envelope), { ...binding, keyCheck }, await passwordSecret(wrong)),
    ).rejects.toMatchObject({ code: 'envelope_open_failed' });
    const salt = decodeBase64url(envelope.kdf_salt!);
    salt[0]! ^= 1;
    await expect(
      openEnvelope(
        { ...stored(envelope), kdf_salt: encodeBase64url(salt) },
        { ...binding, keyCheck },
        await passwordSecret(exportKey()),
      ),
    ).rejects.toMatchObject({ code: 'envelope_open_failed' });
    for (const index of [0, 20, 59]) {
      const bytes = decodeBase64url(envelope.ciphertext);
      bytes[index]! ^= 0x80;
      await expect(
        openEnvelope(
          { ...stored(envelope), ciphertext: encodeBase64url(bytes) },
          { ...binding, keyCheck },
          await passwordSecret(exportKey()),
        ),
      ).rejects.toMatchObject({ code: 'envelope_open_failed' });
    }
  });

  it('refuses an envelope around another ARK (the key check), e.g. one added by a holder of the session', async () => {
    const binding = { userId: USER, keyId: KEY_ID, version: 1 };
    const genuine = await sealed(binding);
    const planted = await sealed(binding);
    await expect(
      openEnvelope(
        stored(planted.envelope),
        { ...binding, keyCheck: genuine.keyCheck },
        await passwordSecret(exportKey()),
      ),
    ).rejects.toMatchObject({ code: 'key_check_mismatch' });
  });

  it('derives only with the scheme’s constants: other info, kdf, alg, scheme or sizes are refused', async () => {
    const binding = { userId: USER, keyId: KEY_ID, version: 1 };
    const { keyCheck, envelope } = await sealed(binding);
    const variants: Partial<StoredEnvelope>[] = [
      { kdf_info: 'tessera/zk/v2/envelope-key/recovery_key' },
      { kdf: 'none' },
      { alg: 'A128GCM' },
      { scheme: 1 },
      { kdf_salt: null },
      { kdf_salt: encodeBase64url(new Uint8Array(16)) },
      { ciphertext: envelope.ciphertext.slice(0, 76) },
      { ciphertext: `${envelope.ciphertext.slice(0, 79)}!` },
      { type: 'trusted_device' },
    ];
    for (const variant of variants) {
      await expect(
        openEnvelope(
          { ...stored(envelope), ...variant },
          { ...binding, keyCheck },
          await passwordSecret(exportKey()),
        ),
        JSON.stringify(variant),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^invalid_(envelope|base64url)$/) });
    }
  });

  it('seals and opens recovery-key, passkey-PRF and trusted-device envelopes', async () => {
    const binding = { userId: USER, keyId: KEY_ID, version: 1 };
    const ark = await AccountRootKey.generate();
    const keyCheck = await ark.keyCheck(USER, KEY_ID);
    const expected = toHex(await ark.clientAppKey('c', null));
    const recovery = await generateRecoveryKey();
    const prf = crypto.getRandomValues(new Uint8Array(32));
    const deviceKey = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'wrapKey',
      'unwrapKey',
    ]);
    const cases = [
      [recoveryKeySecret(recovery.secret), {}, () => recoveryKeySecret(recovery.secret)],
      [
        await passkeyPrfSecret(prf.slice()),
        { credentialId: 'Y3JlZGVudGlhbA', prfSalt: encodeBase64url(new Uint8Array(32)) },
        () => passkeyPrfSecret(prf.slice()),
      ],
      [
        trustedDeviceSecret(deviceKey),
        { deviceId: crypto.randomUUID() },
        () => trustedDeviceSecret(deviceKey),
      ],
    ] as const;
    for (const [secret, options, again] of cases) {
      const record = await sealEnvelope(ark, binding, secret, options);
      expect(record.ciphertext).toHaveLength(80);
      const opened = await openEnvelope(stored(record), { ...binding, keyCheck }, await again());
      expect(toHex(await opened.clientAppKey('c', null))).toBe(expected);
    }
    const device = await sealEnvelope(ark, binding, trustedDeviceSecret(deviceKey), {
      deviceId: crypto.randomUUID(),
    });
    expect(device.kdf).toBe('none');
    expect(device).not.toHaveProperty('kdf_salt');
    await expect(sealEnvelope(ark, binding, await passkeyPrfSecret(prf.slice()))).rejects.toThrow(
      /credential_id/,
    );
    await expect(sealEnvelope(ark, binding, trustedDeviceSecret(deviceKey))).rejects.toThrow(/device_id/);
    // Members of other types and the server's limits (docs/zk.md §7.1) are refused before anything is sent.
    const password = await passwordSecret(exportKey());
    await expect(sealEnvelope(ark, binding, password, { deviceId: crypto.randomUUID() })).rejects.toThrow(
      /device_id/,
    );
    await expect(sealEnvelope(ark, binding, password, { credentialId: 'Y3JlZA' })).rejects.toThrow(
      /credential_id/,
    );
    await expect(
      sealEnvelope(ark, binding, await passkeyPrfSecret(prf.slice()), {
        credentialId: 'Y3JlZA',
        prfSalt: 'AAAA',
      }),
    ).rejects.toThrow(/prf_salt/);
    await expect(sealEnvelope(ark, binding, password, { label: 'x'.repeat(101) })).rejects.toThrow(/100/);
    expect((await sealEnvelope(ark, binding, password, { label: 'x'.repeat(100) })).label).toHaveLength(100);
  });

  it('refuses inputs that are not what the envelope types need', async () => {
    await expect(passwordSecret(new Uint8Array(16))).rejects.toThrow(/32 bytes/);
    await expect(passkeyPrfSecret(new Uint8Array(31))).rejects.toThrow(/32 bytes/);
    const extractable = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
      'wrapKey',
      'unwrapKey',
    ]);
    expect(() => trustedDeviceSecret(extractable)).toThrow(/non-extractable/);
    const encryptOnly = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    expect(() => trustedDeviceSecret(encryptOnly)).toThrow(/wrapKey/);
  });
});
