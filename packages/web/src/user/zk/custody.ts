/**
 * The hosted UI's key custody steps (docs/zk.md §2-§4), over the browser library (`shared/zk`) and the key API:
 * unlock, first set-up, new-key setup and re-wrapping the password envelope. The account root key exists only as
 * the library's `AccountRootKey` (non-extractable CryptoKeys) in the memory of the page that unlocked it.
 */
import { activeTranslator, t } from '../../shared/i18n/translator';
import {
  type AccountRootKey,
  type EnvelopeSecret,
  generateRecoveryKey,
  keybagBinding,
  newAccountKey,
  openEnvelope,
  type RecoveryKeySecret,
  recoveryKeySecret,
  sealEnvelope,
  unlockKeybagEnvelope,
} from '../../shared/zk';
import { addEnvelope, createAccountKey, type Keybag, rotateKeybag } from './keybag-api';

/**
 * An unlocked keybag: the root key, the account key id it was checked against (the JWE's `key_id`), and the
 * envelope that opened it (null for a key just created), which the consent page names to the server (§7.2).
 */
export interface Unlocked {
  ark: AccountRootKey;
  keyId: string;
  envelopeId: string | null;
}

/** The keybag's password envelope, whatever its status (at most one, §3). */
export function passwordEnvelopeOf(keybag: Keybag) {
  return keybag.envelopes.find((envelope) => envelope.type === 'password') ?? null;
}

/** Unlocks with `secret`; null when no usable envelope of its type opens (wrong secret, stale envelope). */
export async function tryUnlock(keybag: Keybag, secret: EnvelopeSecret): Promise<Unlocked | null> {
  try {
    const { ark, envelopeId } = await unlockKeybagEnvelope(keybag, secret);
    return { ark, keyId: keybagBinding(keybag).keyId, envelopeId };
  } catch {
    return null;
  }
}

/**
 * A recovery key shown once (§3.3) and the group the user types back. The secret is a non-extractable key; the
 * text exists only for the ceremony's screen and is dropped with it.
 */
export interface RecoveryKeyCeremony {
  text: string;
  secret: RecoveryKeySecret;
  /** 1-based group of the printed key the user confirms. */
  group: number;
}

export async function startRecoveryKeyCeremony(): Promise<RecoveryKeyCeremony> {
  const { text, secret } = await generateRecoveryKey();
  const groups = text.split('-').length - 1;
  const group = 1 + (globalThis.crypto.getRandomValues(new Uint32Array(1))[0]! % groups);
  return { text, secret, group };
}

/** A new recovery key's label in the list of what opens the key, in the language on screen. */
const recoveryKeyLabel = () =>
  t('recoveryKey.label', { date: activeTranslator().date(new Date(), { dateStyle: 'medium' }) });

/** A passkey whose PRF output protects a new key (§3.4): its credential id, its PRF salt, its name and the secret. */
export interface PasskeyProtection {
  credentialId: string;
  prfSalt: string;
  name: string;
  secret: EnvelopeSecret;
}

/**
 * A new account root key with the envelopes the unlock policy allows (§8.1): a password envelope (only for an
 * account that has a password, §3.1), a passkey-PRF envelope, a recovery-key envelope, or several. The first key (`POST /crypto/keybag/account-key`, `keybag` null) or new-key setup (`POST
 * /crypto/keybag/rotate` with a new key id and the keybag's version as the precondition, §4). Data encrypted under
 * an earlier key is lost in the second case. At least one secret is needed: a key no envelope opens is useless.
 */
export async function setUpAccountKey(
  userId: string,
  keybag: Keybag | null,
  secrets: {
    password: EnvelopeSecret | null;
    recovery: RecoveryKeySecret | null;
    passkey?: PasskeyProtection | null;
  },
  csrfToken: string,
): Promise<Unlocked> {
  const passkey = secrets.passkey ?? null;
  if (secrets.password === null && secrets.recovery === null && passkey === null) {
    throw new Error('a new key needs a password, a passkey or a recovery key to open it');
  }
  const expectedVersion = keybag?.account_key?.version ?? null;
  const created = await newAccountKey(userId, expectedVersion === null ? 1 : expectedVersion + 1);
  const envelopes = [];
  if (secrets.password !== null) {
    envelopes.push(await sealEnvelope(created.ark, created.binding, secrets.password));
  }
  if (passkey !== null) {
    envelopes.push(
      await sealEnvelope(created.ark, created.binding, passkey.secret, {
        label: passkey.name.slice(0, 100),
        credentialId: passkey.credentialId,
        prfSalt: passkey.prfSalt,
      }),
    );
  }
  if (secrets.recovery !== null) {
    envelopes.push(
      await sealEnvelope(created.ark, created.binding, recoveryKeySecret(secrets.recovery), {
        label: recoveryKeyLabel(),
      }),
    );
  }
  const body = { key_id: created.keyId, key_check: created.keyCheck, envelopes };
  if (expectedVersion === null) await createAccountKey(body, csrfToken);
  else await rotateKeybag({ expected_version: expectedVersion, ...body }, csrfToken);
  return { ark: created.ark, keyId: created.keyId, envelopeId: null };
}

/**
 * Wraps the unlocked root key for `password` (the current password's export key) and swaps it in for the
 * keybag's password envelope (`replaces`, atomic on the server), or adds one when there is none: after a recovery
 * key unlock the next sign-in opens the keybag with the password again (§3.1).
 */
export async function rewrapPasswordEnvelope(
  keybag: Keybag,
  unlocked: Unlocked,
  password: EnvelopeSecret,
  csrfToken: string,
): Promise<void> {
  const binding = keybagBinding(keybag);
  const envelope = await sealEnvelope(unlocked.ark, binding, password);
  const previous = passwordEnvelopeOf(keybag);
  await addEnvelope(
    {
      expected_version: binding.version,
      envelope,
      ...(previous ? { replaces: previous.id } : {}),
    },
    csrfToken,
  );
}

/**
 * A password change's re-wrap (§3.1): the previous password's export key opens the password envelope (stale by
 * now: the server marked it when it stored the new OPAQUE record — its ciphertext is unchanged), the new one wraps
 * the same root key, and the server swaps them. Resolves false when there is no password envelope to carry over,
 * or it does not open with the previous password (it was stale already, after a reset): the recovery key then
 * unlocks at the next ZK authorization, which re-wraps.
 */
export async function carryPasswordEnvelopeOver(
  keybag: Keybag,
  previous: EnvelopeSecret,
  current: EnvelopeSecret,
  csrfToken: string,
): Promise<boolean> {
  const envelope = passwordEnvelopeOf(keybag);
  if (keybag.account_key === null || envelope === null) return false;
  let ark: AccountRootKey;
  try {
    ark = await openEnvelope(envelope, keybagBinding(keybag), previous);
  } catch {
    return false;
  }
  await rewrapPasswordEnvelope(
    keybag,
    { ark, keyId: keybag.account_key.key_id, envelopeId: envelope.id },
    current,
    csrfToken,
  );
  return true;
}

/**
 * A new recovery key's envelope for the unlocked root key (§3.3), swapped in for `replaces` (atomic on the server,
 * needs a fresh second factor when TOTP is enrolled) or added beside the others.
 */
export async function addRecoveryKey(
  keybag: Keybag,
  unlocked: Unlocked,
  recovery: RecoveryKeySecret,
  replaces: string | null,
  csrfToken: string,
): Promise<void> {
  const binding = keybagBinding(keybag);
  const envelope = await sealEnvelope(unlocked.ark, binding, recoveryKeySecret(recovery), {
    label: recoveryKeyLabel(),
  });
  await addEnvelope(
    { expected_version: binding.version, envelope, ...(replaces ? { replaces } : {}) },
    csrfToken,
  );
}
