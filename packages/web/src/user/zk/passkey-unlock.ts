/**
 * Passkey-PRF envelopes (docs/zk.md §3.4) in the hosted UI: unlocking with the passkey this page signed in with,
 * and wrapping an unlocked root key for a passkey. The envelope key is HKDF-SHA-256 over the PRF output with the
 * envelope's own salt and the domain-separated info `tessera/zk/v2/envelope-key/passkey_prf` (shared/zk).
 */

import { api } from '../../shared/api';
import {
  type Bytes,
  type EnvelopeSecret,
  keybagBinding,
  passkeyPrfSecret,
  sealEnvelope,
  unlockKeybag,
} from '../../shared/zk';
import { evaluatePrfOfAny, type Passkey, registerPasskey } from '../passkeys/webauthn';
import type { PasskeyProtection, Unlocked } from './custody';
import { addEnvelope, type Keybag } from './keybag-api';
import { heldPasskey } from './passkey-secret';

/** The keybag's envelope of one passkey (at most one per credential: a new one replaces it). */
export function passkeyEnvelopeOf(keybag: Keybag, credentialId: string) {
  return (
    keybag.envelopes.find(
      (envelope) => envelope.type === 'passkey_prf' && envelope.credential_id === credentialId,
    ) ?? null
  );
}

/** Unlocks with the passkey this page signed in with, when it gave a PRF output and has an envelope; else null. */
export async function tryPasskeyUnlock(keybag: Keybag): Promise<Unlocked | null> {
  const passkey = heldPasskey();
  if (!passkey?.secret || !passkey.credentialId || keybag.account_key === null) return null;
  const envelope = passkeyEnvelopeOf(keybag, passkey.credentialId);
  if (!envelope) return null;
  try {
    const ark = await unlockKeybag(keybag, passkey.secret, envelope.id);
    return { ark, keyId: keybagBinding(keybag).keyId, envelopeId: envelope.id };
  } catch {
    return null;
  }
}

/**
 * Wraps the unlocked root key for a passkey (its PRF output as `secret`, evaluated with its `prfSalt`) and adds
 * the envelope, replacing that passkey's earlier one if any.
 */
export async function addPasskeyEnvelope(
  keybag: Keybag,
  unlocked: Unlocked,
  passkey: { credentialId: string; prfSalt: string; name: string },
  secret: EnvelopeSecret,
  csrfToken: string,
): Promise<void> {
  const binding = keybagBinding(keybag);
  const envelope = await sealEnvelope(unlocked.ark, binding, secret, {
    label: passkey.name.slice(0, 100),
    credentialId: passkey.credentialId,
    prfSalt: passkey.prfSalt,
  });
  const previous = passkeyEnvelopeOf(keybag, passkey.credentialId);
  await addEnvelope(
    { expected_version: binding.version, envelope, ...(previous ? { replaces: previous.id } : {}) },
    csrfToken,
  );
}

/** The PRF output of a passkey just registered, as an envelope secret (the bytes are wiped once imported). */
export const prfSecretOf = (prfOutput: Bytes) => passkeyPrfSecret(prfOutput);

/**
 * Unlocks with a passkey the user presents now (a WebAuthn request for the keybag's passkey envelopes' credentials,
 * each evaluated with its PRF salt, §3.4): for a page that did not sign in with that passkey (a federated
 * sign-in, another tab). Null when the user cancelled, the passkey gave no PRF output, or it opens nothing.
 */
export async function unlockWithPasskeyPrompt(keybag: Keybag): Promise<Unlocked | null> {
  if (keybag.account_key === null) return null;
  const candidates = keybag.envelopes.flatMap((envelope) =>
    envelope.type === 'passkey_prf' &&
    envelope.status === 'usable' &&
    envelope.credential_id &&
    envelope.prf_salt
      ? [{ credentialId: envelope.credential_id, salt: envelope.prf_salt }]
      : [],
  );
  const evaluated = await evaluatePrfOfAny(candidates);
  const envelope = evaluated ? passkeyEnvelopeOf(keybag, evaluated.credentialId) : null;
  if (!evaluated || !envelope) return null;
  try {
    const ark = await unlockKeybag(keybag, await passkeyPrfSecret(evaluated.prfOutput), envelope.id);
    return { ark, keyId: keybagBinding(keybag).keyId, envelopeId: envelope.id };
  } catch {
    return null;
  }
}

/**
 * The passkey this page signed in with, as protection for a new key: when it gave a PRF output, with its salt and
 * name from the account's passkeys. Null otherwise.
 */
export async function heldPasskeyProtection(): Promise<PasskeyProtection | null> {
  const passkey = heldPasskey();
  if (!passkey?.secret || !passkey.credentialId) return null;
  const { passkeys } = await api.get<{ passkeys: Passkey[] }>('/api/user/passkeys');
  const registered = passkeys.find((candidate) => candidate.credential_id === passkey.credentialId);
  if (!registered) return null;
  return {
    credentialId: registered.credential_id,
    prfSalt: registered.prf_salt,
    name: registered.name,
    secret: passkey.secret,
  };
}

/**
 * Registers a new passkey for the signed-in user to protect a new key: its PRF output at creation (§3.4) is the
 * secret. Resolves null when the authenticator gave no PRF output (the passkey signs in, but cannot unlock keys).
 */
export async function newPasskeyProtection(
  name: string,
  csrfToken: string,
): Promise<PasskeyProtection | null> {
  const { passkey, prfOutput } = await registerPasskey(name, csrfToken);
  if (!prfOutput) return null;
  return {
    credentialId: passkey.credential_id,
    prfSalt: passkey.prf_salt,
    name: passkey.name,
    secret: await passkeyPrfSecret(prfOutput),
  };
}
