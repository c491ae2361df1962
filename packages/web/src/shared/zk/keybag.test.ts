import { describe, expect, it } from 'vitest';
import { type EnvelopeRecord, type StoredEnvelope, sealEnvelope } from './envelope';
import { passwordSecret, recoveryKeySecret } from './envelope-secret';
import { type KeybagView, newAccountKey, unlockKeybag } from './keybag';
import { generateRecoveryKey, parseRecoveryKey } from './recovery-key';
import { toHex } from './test-helpers';

const USER = '0b8e7c2a-52f4-4d51-9d0e-2f8a1f6b9c01';
const CLIENT = '5b0c6a52-8f0e-4d43-9a34-0c1f3e0f6a11';
const exportKey = (seed: number) => Uint8Array.from({ length: 64 }, (_, index) => (index + seed) & 0xff);

function stored(record: EnvelopeRecord, status = 'usable'): StoredEnvelope {
  return { ...record, kdf_salt: record.kdf_salt ?? null, kdf_info: record.kdf_info ?? null, status };
}

/** A first ZK authorization: a new account key with a password envelope and a recovery key, as the server keeps it. */
async function setUp() {
  const created = await newAccountKey(USER);
  const recovery = await generateRecoveryKey();
  const envelopes = [
    await sealEnvelope(created.ark, created.binding, await passwordSecret(exportKey(1)), {
      label: 'Password',
    }),
    await sealEnvelope(created.ark, created.binding, recoveryKeySecret(recovery.secret), {
      label: 'Recovery key',
    }),
  ];
  const keybag: KeybagView = {
    user_id: USER,
    exists: true,
    account_key: { key_id: created.keyId, version: 1, scheme: 2, key_check: created.keyCheck },
    envelopes: envelopes.map((envelope) => stored(envelope)),
  };
  return { created, recovery, keybag, cak: toHex(await created.ark.clientAppKey(CLIENT, null)) };
}

describe('keybag unlock', () => {
  it('unlocks with the password and with the recovery key, to the same CAK', async () => {
    const { keybag, recovery, cak } = await setUp();
    const byPassword = await unlockKeybag(keybag, await passwordSecret(exportKey(1)));
    expect(toHex(await byPassword.clientAppKey(CLIENT, null))).toBe(cak);
    const byRecovery = await unlockKeybag(keybag, recoveryKeySecret(await parseRecoveryKey(recovery.text)));
    expect(toHex(await byRecovery.clientAppKey(CLIENT, null))).toBe(cak);
  });

  it('keeps the CAK across a password change (the same ARK re-wrapped under the new export key)', async () => {
    const { keybag, created, cak } = await setUp();
    const ark = await unlockKeybag(keybag, await passwordSecret(exportKey(1)));
    const rewrapped = await sealEnvelope(ark, created.binding, await passwordSecret(exportKey(2)));
    const changed = { ...keybag, envelopes: [stored(rewrapped), keybag.envelopes[1]!] };
    await expect(unlockKeybag(changed, await passwordSecret(exportKey(1)))).rejects.toMatchObject({
      code: 'envelope_open_failed',
    });
    const again = await unlockKeybag(changed, await passwordSecret(exportKey(2)));
    expect(toHex(await again.clientAppKey(CLIENT, null))).toBe(cak);
  });

  it('skips stale envelopes and says when none of the type is left', async () => {
    const { keybag } = await setUp();
    const reset = {
      ...keybag,
      envelopes: [{ ...keybag.envelopes[0]!, status: 'stale' }, keybag.envelopes[1]!],
    };
    await expect(unlockKeybag(reset, await passwordSecret(exportKey(1)))).rejects.toThrow(
      /no usable password/,
    );
  });

  it('opens only the named envelope when one is given', async () => {
    const { keybag, recovery } = await setUp();
    const recoveryEnvelope = keybag.envelopes[1]!;
    const secret = recoveryKeySecret(await parseRecoveryKey(recovery.text));
    await expect(unlockKeybag(keybag, secret, recoveryEnvelope.id)).resolves.toBeDefined();
    await expect(unlockKeybag(keybag, secret, crypto.randomUUID())).rejects.toMatchObject({
      code: 'envelope_open_failed',
    });
  });

  it('new-key setup yields a different CAK, and the old envelopes do not open the new keybag', async () => {
    const { keybag, cak } = await setUp();
    const replacement = await newAccountKey(USER, 2);
    const envelope = await sealEnvelope(
      replacement.ark,
      replacement.binding,
      await passwordSecret(exportKey(1)),
    );
    expect(toHex(await replacement.ark.clientAppKey(CLIENT, null))).not.toBe(cak);
    const rotated: KeybagView = {
      ...keybag,
      account_key: { key_id: replacement.keyId, version: 2, scheme: 2, key_check: replacement.keyCheck },
      envelopes: [stored(envelope)],
    };
    const unlocked = await unlockKeybag(rotated, await passwordSecret(exportKey(1)));
    expect(toHex(await unlocked.clientAppKey(CLIENT, null))).not.toBe(cak);
    // A server replaying the old password envelope into the new keybag gets it refused (key id and version in AAD).
    const replayed = { ...rotated, envelopes: [keybag.envelopes[0]!] };
    await expect(unlockKeybag(replayed, await passwordSecret(exportKey(1)))).rejects.toMatchObject({
      code: 'envelope_open_failed',
    });
  });

  it('refuses a keybag without an account key', async () => {
    const { keybag } = await setUp();
    await expect(
      unlockKeybag({ ...keybag, account_key: null }, await passwordSecret(exportKey(1))),
    ).rejects.toThrow(/no account key/);
  });
});
