/**
 * The passkey envelope secret of the passkey sign-in that just happened in this page (docs/zk.md §3.4): the PRF
 * output, imported at once as a non-extractable HKDF CryptoKey and held in this module's memory only, like the
 * password's export key (`sign-in-secret.ts`). It opens only the envelope of the passkey it came from (the one
 * with that credential id); a passkey without PRF leaves `secret` null, and the UI says it can't unlock keys.
 */
import { type Bytes, type EnvelopeSecret, passkeyPrfSecret } from '../../shared/zk';

export interface HeldPasskey {
  /** The credential whose envelope the secret opens; null for a passkey that cannot unlock keys. */
  credentialId: string | null;
  secret: EnvelopeSecret | null;
}

let held: HeldPasskey | null = null;

/** Keeps what the passkey just signed in with can unlock (replacing any earlier one). */
export async function holdPasskeySecret(credentialId: string | null, prfOutput: Bytes | null): Promise<void> {
  held = null;
  held = { credentialId, secret: prfOutput ? await passkeyPrfSecret(prfOutput) : null };
}

/** The passkey this page signed in with, if any. */
export function heldPasskey(): HeldPasskey | null {
  return held;
}

/** Forgets it (sign-out, or a password sign-in). */
export function forgetPasskeySecret(): void {
  held = null;
}
