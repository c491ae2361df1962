/**
 * What a passkey on the account page can do for the user's keys, and letting a new one unlock them: its PRF
 * output wraps the root key once the keybag is unlocked here — with the password this page signed in with, the
 * passkey it signed in with, or the password typed again (docs/zk.md §3.4).
 */
import type { EnvelopeSecret } from '../../shared/zk';
import { tryUnlock, type Unlocked } from '../zk/custody';
import { fetchKeybag, type Keybag } from '../zk/keybag-api';
import { addPasskeyEnvelope, passkeyEnvelopeOf, tryPasskeyUnlock } from '../zk/passkey-unlock';
import { signInSecretFor } from '../zk/sign-in-secret';
import type { Passkey } from './webauthn';

export type KeyAbility = 'unlocks' | 'can_unlock_later' | 'cannot_unlock';

export function keyAbilityOf(passkey: Passkey, keybag: Keybag | null): KeyAbility {
  if (!passkey.prf_capable) return 'cannot_unlock';
  return keybag && passkeyEnvelopeOf(keybag, passkey.credential_id) ? 'unlocks' : 'can_unlock_later';
}

/** The keybag, or null when the user has no account key yet (nothing to wrap). */
export async function currentKeybag(): Promise<Keybag | null> {
  const keybag = await fetchKeybag();
  return keybag.exists && keybag.account_key !== null ? keybag : null;
}

/**
 * Unlocks with what this page holds (the sign-in's password or passkey), or with `passwordSecret` (the password
 * typed again) when given.
 */
async function unlockHere(
  keybag: Keybag,
  email: string,
  passwordSecret?: EnvelopeSecret,
): Promise<Unlocked | null> {
  if (passwordSecret !== undefined) return tryUnlock(keybag, passwordSecret);
  const held = signInSecretFor(email);
  return (held ? await tryUnlock(keybag, held) : null) ?? (await tryPasskeyUnlock(keybag));
}

/**
 * Lets `passkey` (whose PRF output is `secret`) unlock the keys. Resolves 'added', 'no_keys' (no keybag yet:
 * nothing to wrap), 'needs_password' (nothing held here opens the keybag; ask for the password and call again
 * with its envelope secret) or 'wrong_password' (that secret does not open the keybag).
 */
export async function letPasskeyUnlock(
  passkey: Passkey,
  secret: EnvelopeSecret,
  email: string,
  csrfToken: string,
  passwordSecret?: EnvelopeSecret,
): Promise<'added' | 'no_keys' | 'needs_password' | 'wrong_password'> {
  const keybag = await currentKeybag();
  if (!keybag) return 'no_keys';
  const unlocked = await unlockHere(keybag, email, passwordSecret);
  if (!unlocked) return passwordSecret === undefined ? 'needs_password' : 'wrong_password';
  await addPasskeyEnvelope(
    keybag,
    unlocked,
    { credentialId: passkey.credential_id, prfSalt: passkey.prf_salt, name: passkey.name },
    secret,
    csrfToken,
  );
  return 'added';
}
