/**
 * The hosted UI's calls to the key custody API (docs/zk.md §7), typed from the server's schemas (generated); the
 * bodies carry ciphertext, salts, ids and key checks only — never a key.
 */
import { api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { passwordExportKeyAt } from '../../shared/opaque';
import { type EnvelopeSecret, passwordSecret } from '../../shared/zk';
import { csrfHeaders } from '../session';

/** `GET /crypto/keybag` (also what creating and rotating the account key answer). */
export type Keybag = PublicApiResponse<'GET /crypto/keybag'>;

/** `GET /crypto/unlock-policy`. */
export type UnlockPolicy = PublicApiResponse<'GET /crypto/unlock-policy'>;

export type UnlockMethod = UnlockPolicy['methods'][number];

export type EnvelopeType = UnlockPolicy['allowed_envelope_types'][number];

export function fetchKeybag(): Promise<Keybag> {
  return api.get<Keybag>('/crypto/keybag');
}

/**
 * `GET /crypto/unlock-policy` (docs/zk.md §8.1): with an organization, that organization's effective policy (the
 * one a ZK authorization made for it is finalized under); without, the strictest combination of the service's
 * policy and every organization the user is in, which envelope creation is checked against.
 */
export function fetchUnlockPolicy(organizationId?: string | null): Promise<UnlockPolicy> {
  return api.get<UnlockPolicy>(
    organizationId
      ? `/crypto/unlock-policy?organization_id=${encodeURIComponent(organizationId)}`
      : '/crypto/unlock-policy',
  );
}

/** Whether `policy` allows envelopes of `type` (to be added, or to unlock with). */
export function allowsEnvelopeType(policy: UnlockPolicy, type: EnvelopeType): boolean {
  return policy.allowed_envelope_types.includes(type);
}

export function createAccountKey(
  body: PublicApiBody<'POST /crypto/keybag/account-key'>,
  csrfToken: string,
): Promise<PublicApiResponse<'POST /crypto/keybag/account-key'>> {
  return api.post('/crypto/keybag/account-key', body, { headers: csrfHeaders(csrfToken) });
}

export function addEnvelope(
  body: PublicApiBody<'POST /crypto/keybag/envelopes'>,
  csrfToken: string,
): Promise<PublicApiResponse<'POST /crypto/keybag/envelopes'>> {
  return api.post('/crypto/keybag/envelopes', body, { headers: csrfHeaders(csrfToken) });
}

export function rotateKeybag(
  body: PublicApiBody<'POST /crypto/keybag/rotate'>,
  csrfToken: string,
): Promise<PublicApiResponse<'POST /crypto/keybag/rotate'>> {
  return api.post('/crypto/keybag/rotate', body, { headers: csrfHeaders(csrfToken) });
}

/** `DELETE /crypto/keybag/envelopes/{id}`: needs a fresh second factor when TOTP is enrolled (step-up). */
export function deleteEnvelope(envelopeId: string, csrfToken: string): Promise<void> {
  return api.delete(`/crypto/keybag/envelopes/${encodeURIComponent(envelopeId)}`, {
    headers: csrfHeaders(csrfToken),
  });
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
