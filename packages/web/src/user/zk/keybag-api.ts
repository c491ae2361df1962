/**
 * The hosted UI's calls to the key custody API (docs/zk.md §7). The shapes are declared here, beside their only
 * user; the bodies carry ciphertext, salts, ids and key checks only — never a key.
 */
import { api } from '../../shared/api';
import { passwordExportKeyAt } from '../../shared/opaque';
import { type EnvelopeRecord, type EnvelopeSecret, type KeybagView, passwordSecret } from '../../shared/zk';
import { csrfHeaders } from '../session';

/** `GET /crypto/keybag`, with the members the UI reads beyond the library's view. */
export interface Keybag extends KeybagView {
  envelopes: (KeybagView['envelopes'][number] & { status: 'usable' | 'stale'; label: string | null })[];
}

export type UnlockMethod =
  | 'password'
  | 'recovery_key'
  | 'passkey_prf'
  | 'trusted_device'
  | 'trusted_device_approval'
  | 'new_key_setup';

/** `GET /crypto/unlock-policy`. */
export interface UnlockPolicy {
  allowed_envelope_types: string[];
  zk_requires_unlocked_keybag: boolean;
  trusted_device_approval: boolean;
  new_key_setup_allowed: boolean;
  keybag_exists: boolean;
  methods: UnlockMethod[];
}

export function fetchKeybag(): Promise<Keybag> {
  return api.get<Keybag>('/crypto/keybag');
}

export function fetchUnlockPolicy(): Promise<UnlockPolicy> {
  return api.get<UnlockPolicy>('/crypto/unlock-policy');
}

export function createAccountKey(
  body: { key_id: string; key_check: string; envelopes: EnvelopeRecord[] },
  csrfToken: string,
): Promise<Keybag> {
  return api.post<Keybag>('/crypto/keybag/account-key', body, { headers: csrfHeaders(csrfToken) });
}

export function addEnvelope(
  body: { expected_version: number; envelope: EnvelopeRecord; replaces?: string },
  csrfToken: string,
): Promise<unknown> {
  return api.post('/crypto/keybag/envelopes', body, { headers: csrfHeaders(csrfToken) });
}

export function rotateKeybag(
  body: { expected_version: number; key_id: string; key_check: string; envelopes: EnvelopeRecord[] },
  csrfToken: string,
): Promise<Keybag> {
  return api.post<Keybag>('/crypto/keybag/rotate', body, { headers: csrfHeaders(csrfToken) });
}

/**
 * The password envelope secret of the signed-in account's password, asked for again (no sign-in export key in
 * this page): the OPAQUE login's first round trip, finished here (shared/opaque.ts `passwordExportKeyAt`); no new
 * session starts. Null when the password does not fit.
 */
export async function passwordSecretOf(email: string, password: string): Promise<EnvelopeSecret | null> {
  const exportKey = await passwordExportKeyAt(api.post, '/api/user/login', email, password);
  return exportKey === null ? null : passwordSecret(exportKey);
}
