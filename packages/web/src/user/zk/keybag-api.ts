/**
 * The hosted UI's calls to the key custody API (docs/zk.md §7), typed from the server's schemas (generated); the
 * bodies carry ciphertext, salts, ids and key checks only — never a key.
 */
import { ApiError, api } from '../../shared/api';
import type { PublicApiBody, PublicApiResponse } from '../../shared/api-types/public-api';
import { passwordExportKeyWith } from '../../shared/opaque';
import { type EnvelopeSecret, passwordSecret } from '../../shared/zk';
import { csrfHeaders, fetchSession } from '../session';

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
 * this page): the OPAQUE login's first round trip at `POST /api/user/key-unlock/password`, finished here
 * (shared/opaque.ts `passwordExportKeyWith`), limited apart from sign-in so that several ZK apps opened at once do
 * not lock the user out of signing in; no new session starts. Null when the password does not fit.
 */
export async function passwordSecretOf(password: string): Promise<EnvelopeSecret | null> {
  // The current session's token: a step-up or sign-in elsewhere in the page may have rotated it.
  const session = await fetchSession();
  if (!session.authenticated) throw new ApiError(401, 'not_signed_in', 'sign in first');
  const exportKey = await passwordExportKeyWith(password, (startLoginRequest) =>
    api.post<PublicApiResponse<'POST /api/user/key-unlock/password'>>(
      '/api/user/key-unlock/password',
      {
        start_login_request: startLoginRequest,
      } satisfies PublicApiBody<'POST /api/user/key-unlock/password'>,
      { headers: csrfHeaders(session.csrf_token) },
    ),
  );
  return exportKey === null ? null : passwordSecret(exportKey);
}
