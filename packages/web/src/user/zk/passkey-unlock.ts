/**
 * Passkey-PRF envelopes (docs/zk.md §3.4) in the hosted UI: unlocking with the passkey this page signed in with,
 * and wrapping an unlocked root key for a passkey. The envelope key is HKDF-SHA-256 over the PRF output with the
 * envelope's own salt and the domain-separated info `tessera/zk/v2/envelope-key/passkey_prf` (shared/zk).
 */
import {
  type Bytes,
  type EnvelopeSecret,
  keybagBinding,
  passkeyPrfSecret,
  sealEnvelope,
  unlockKeybag,
} from '../../shared/zk';
import type { Unlocked } from './custody';
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
    label: `Passkey: ${passkey.name}`.slice(0, 100),
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
