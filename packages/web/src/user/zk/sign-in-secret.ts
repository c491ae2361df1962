/**
 * The password envelope secret of the sign-in that just happened in this page (docs/zk.md §3.1): the OPAQUE export
 * key, imported at once as a non-extractable HKDF CryptoKey and held in this module's memory only — never in
 * localStorage, sessionStorage, IndexedDB or a cookie, and never sent anywhere. It lives as long as the page does
 * (the UI's navigation stays inside the page), so the consent page can unlock the keybag right after sign-in
 * without asking for the password again. A reload, another tab or a sign-out loses it; the UI then asks.
 */
import { type EnvelopeSecret, passwordSecret } from '../../shared/zk';

let held: { email: string; secret: EnvelopeSecret } | null = null;

const normalise = (email: string) => email.trim().toLowerCase();

/** Keeps the export key of the password `email` just signed in with (replacing any earlier one). */
export async function holdSignInSecret(email: string, exportKey: string): Promise<void> {
  held = null;
  held = { email: normalise(email), secret: await passwordSecret(exportKey) };
}

/**
 * The held secret when it belongs to `email` (the signed-in account): an export key of another account (someone
 * signed in as somebody else in another tab since) is never used, above all not to wrap a new key.
 */
export function signInSecretFor(email: string): EnvelopeSecret | null {
  return held !== null && held.email === normalise(email) ? held.secret : null;
}

/** Forgets the held secret (sign-out). */
export function forgetSignInSecret(): void {
  held = null;
}
