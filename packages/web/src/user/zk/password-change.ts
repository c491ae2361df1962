import { passwordSecret } from '../../shared/zk';
import { carryPasswordEnvelopeOver } from './custody';
import { fetchKeybag } from './keybag-api';

/**
 * After a password change (the new OPAQUE record is stored; the server marked the password envelope stale): the
 * previous password's export key opens the envelope, the new one wraps the same root key, and the server swaps
 * them (docs/zk.md §3.1). Resolves null when the account has no keybag, true when the new password now opens it,
 * false when it could not be carried over (the recovery key then unlocks, and re-wraps, at the next ZK app).
 * The export keys are imported as non-extractable keys at once.
 */
export async function carryKeyOver(
  exportKeys: { previous: string; current: string },
  csrfToken: string,
): Promise<boolean | null> {
  try {
    const [previous, current] = await Promise.all([
      passwordSecret(exportKeys.previous),
      passwordSecret(exportKeys.current),
    ]);
    const keybag = await fetchKeybag();
    if (!keybag.exists) return null;
    return await carryPasswordEnvelopeOver(keybag, previous, current, csrfToken);
  } catch {
    return false;
  }
}
