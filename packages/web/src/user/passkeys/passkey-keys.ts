/**
 * What a passkey on the account page can do for the user's keys, and letting a new one unlock them: its PRF
 * output wraps the root key once the keybag is unlocked here — with the password this page signed in with, the
 * passkey it signed in with, or else what the user unlocks it with on the page (the password typed again, another
 * passkey, the recovery key: `UnlockOnPage`) (docs/zk.md §3.4, §3.7).
 */
import type { EnvelopeSecret } from '../../shared/zk';
import type { Unlocked } from '../zk/custody';
import { unlockWithHeldSecrets } from '../zk/held-unlock';
import { fetchKeybag, type Keybag } from '../zk/keybag-api';
import { addPasskeyEnvelope, passkeyEnvelopeOf } from '../zk/passkey-unlock';
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
 * Lets `passkey` (whose PRF output is `secret`) unlock the keys of `keybag`, unlocked with what this page holds or
 * given as `unlocked` (unlocked on the page). Resolves 'added', or 'needs_unlock' when nothing held here opens it.
 */
export async function letPasskeyUnlock(
  passkey: Passkey,
  secret: EnvelopeSecret,
  keybag: Keybag,
  email: string,
  csrfToken: string,
  unlocked?: Unlocked,
): Promise<'added' | 'needs_unlock'> {
  const key = unlocked ?? (await unlockWithHeldSecrets(keybag, email));
  if (!key) return 'needs_unlock';
  await addPasskeyEnvelope(
    keybag,
    key,
    { credentialId: passkey.credential_id, prfSalt: passkey.prf_salt, name: passkey.name },
    secret,
    csrfToken,
  );
  return 'added';
}
