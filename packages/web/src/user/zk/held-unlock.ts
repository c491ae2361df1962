/**
 * Unlocking the keybag with what this page already holds, without asking (docs/zk.md §3.1, §3.4): the export key
 * of the password this page signed in with, else the PRF output of the passkey it signed in with. A federated
 * sign-in holds neither.
 */
import { tryUnlock, type Unlocked } from './custody';
import type { Keybag } from './keybag-api';
import { tryPasskeyUnlock } from './passkey-unlock';
import { signInSecretFor } from './sign-in-secret';

export async function unlockWithHeldSecrets(keybag: Keybag, email: string): Promise<Unlocked | null> {
  const held = signInSecretFor(email);
  return (held ? await tryUnlock(keybag, held) : null) ?? (await tryPasskeyUnlock(keybag));
}
